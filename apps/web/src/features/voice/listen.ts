import { create } from 'zustand';

/** Her voice in the list: which message is loading or playing (one at a time, one audio element). */
interface ListenState {
  loading: string | null;
  playing: string | null;
}

export const useListen = create<ListenState>(() => ({ loading: null, playing: null }));

/** The player's code (audio element, cache, fetch) loads with the first «Послушать» (DESIGN §8). */
const loadPlayer = () => import('./player.ts');
let loaded: Awaited<ReturnType<typeof loadPlayer>> | null = null;

/** Plays her message, or stops it when it is the one loading or playing. */
export function toggleListening(messageId: string): Promise<void> {
  return loadPlayer().then((player) => {
    loaded = player;
    return player.toggle(messageId);
  });
}

/** Stops her voice, if the player was ever loaded. */
export function stopListening(): void {
  loaded?.stop();
}
