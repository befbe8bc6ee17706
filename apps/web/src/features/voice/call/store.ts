import { create } from 'zustand';

/** Whom the chat would call: its companion (001 §2, the dialog's props but the agent). */
export interface CallTarget {
  characterId: string;
  characterName: string;
  characterAvatar: string | null;
}

interface VoiceCallState {
  target: CallTarget | null;
  /** Her voice agent, found or made by the start (start.ts). */
  agentId: string | null;
  opened: boolean;
  /** Opened at least once: the dialog's lazy code is mounted from then on. */
  ever: boolean;
  /** The agent is being looked up: a second press waits for it. */
  starting: boolean;
  setTarget: (target: CallTarget | null) => void;
  close: () => void;
}

/** The voice call dialog (001 §2): opened by the call attachment of the chat. */
export const useVoiceCall = create<VoiceCallState>((set) => ({
  target: null,
  agentId: null,
  opened: false,
  ever: false,
  starting: false,
  setTarget: (target) => set({ target }),
  close: () => set({ opened: false }),
}));

/** The dialog's chunk: fetched with the first press, while her agent is being looked up. */
export const loadVoiceCallDialog = () => import('./VoiceCallDialog.tsx');

/**
 * The call attachment (000 §2, §4 "Starting a call"): her agent's id (looked up, else made), then the
 * dialog; nothing opens when it fails. The code of both loads here, on the first press.
 */
export function startVoiceCall(): void {
  const { target, starting, opened } = useVoiceCall.getState();
  if (!target || starting || opened) return;
  useVoiceCall.setState({ starting: true });
  void loadVoiceCallDialog().catch(() => {});
  import('./start.ts')
    .then((m) => m.findAgent(target.characterId))
    .then((agentId) => {
      // Still the same companion's chat (not left meanwhile).
      if (agentId && useVoiceCall.getState().target?.characterId === target.characterId)
        useVoiceCall.setState({ agentId, opened: true, ever: true });
    })
    .catch((error: unknown) => console.error('voice call start failed', error))
    .finally(() => useVoiceCall.setState({ starting: false }));
}
