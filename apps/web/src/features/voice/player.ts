import { errorText } from '../../shared/api/index.ts';
import { notify } from '../../shared/ui/notify.tsx';
import { fetchSpeech } from './api.ts';
import { useListen } from './listen.ts';
import { VOICE_UI } from './texts.ts';

/** Blob URLs of her messages spoken, by message id, oldest first (a message is fetched once). */
const cache = new Map<string, string>();
/** Kept per visit; past this the oldest are let go (a long chat listened through stays small). */
const CACHE_MAX = 30;

export interface PlayerDeps {
  fetchSpeech: (messageId: string) => Promise<Blob>;
  createUrl: (blob: Blob) => string;
  revokeUrl: (url: string) => void;
  createAudio: () => HTMLAudioElement;
  notifyError: (text: string) => void;
}

const defaults: PlayerDeps = {
  fetchSpeech: (id) => fetchSpeech(id),
  createUrl: (blob) => URL.createObjectURL(blob),
  revokeUrl: (url) => URL.revokeObjectURL(url),
  createAudio: () => new Audio(),
  notifyError: (text) => notify.error(text),
};
let deps: PlayerDeps = defaults;

/** Tests replace the browser parts; `resetPlayer()` restores them and empties the cache. */
export function configurePlayer(next: Partial<PlayerDeps>): void {
  deps = { ...deps, ...next };
}

let audio: HTMLAudioElement | null = null;

/** The one audio element the list shares: a new «Послушать» stops the one before. */
function element(): HTMLAudioElement {
  if (audio) return audio;
  const created = deps.createAudio();
  created.preload = 'auto';
  const done = () => useListen.setState({ playing: null });
  created.addEventListener('ended', done);
  // A pause of the message before can arrive after the next one started: only a still element is done.
  created.addEventListener('pause', () => {
    if (created.paused) done();
  });
  created.addEventListener('error', () => {
    if (useListen.getState().playing === null) return;
    done();
    deps.notifyError(VOICE_UI.listenFailed);
  });
  audio = created;
  return created;
}

async function urlFor(messageId: string): Promise<string> {
  const cached = cache.get(messageId);
  if (cached) return cached;
  const url = deps.createUrl(await deps.fetchSpeech(messageId));
  cache.set(messageId, url);
  while (cache.size > CACHE_MAX) {
    const [oldest, oldUrl] = cache.entries().next().value as [string, string];
    if (oldest === messageId) break;
    cache.delete(oldest);
    deps.revokeUrl(oldUrl);
  }
  return url;
}

/** Stops whatever plays or loads. */
export function stop(): void {
  useListen.setState({ loading: null, playing: null });
  if (audio && !audio.paused) audio.pause();
}

/** «Послушать» pressed on her message: stops it if it is the one playing or loading, else plays it. */
export async function toggle(messageId: string): Promise<void> {
  const { loading, playing } = useListen.getState();
  if (loading === messageId || playing === messageId) {
    stop();
    return;
  }
  stop();
  useListen.setState({ loading: messageId });
  let url: string;
  try {
    url = await urlFor(messageId);
  } catch (error) {
    if (useListen.getState().loading !== messageId) return;
    useListen.setState({ loading: null });
    deps.notifyError(errorText(error, VOICE_UI.listenFailed));
    return;
  }
  // Another press while it loaded (stop, or another message) wins.
  if (useListen.getState().loading !== messageId) return;
  const player = element();
  player.src = url;
  try {
    await player.play();
  } catch {
    if (useListen.getState().loading !== messageId) return;
    useListen.setState({ loading: null });
    deps.notifyError(VOICE_UI.listenFailed);
    return;
  }
  if (useListen.getState().loading !== messageId) return;
  useListen.setState({ loading: null, playing: messageId });
}

/** Tests: the browser parts back, the cache and the element gone. */
export function resetPlayer(): void {
  stop();
  cache.clear();
  audio = null;
  deps = defaults;
}
