import { create } from 'zustand';

interface VoiceDialogState {
  opened: boolean;
  /** Opened at least once: the dialog's lazy code is mounted from then on. */
  ever: boolean;
  show: () => void;
  close: () => void;
}

/** The voice message recorder dialog (001 §2): opened by the «Голосовое» attachment. */
export const useVoiceDialog = create<VoiceDialogState>((set) => ({
  opened: false,
  ever: false,
  show: () => set({ opened: true, ever: true }),
  close: () => set({ opened: false }),
}));

let serverSttMissing = false;

/**
 * Whether the server said it has no speech-to-text (503) in this visit: later recordings then go
 * straight to the browser's own recognition instead of uploading audio that cannot be transcribed.
 */
export const sttMode = {
  serverMissing: (): boolean => serverSttMissing,
  markServerMissing: (): void => {
    serverSttMissing = true;
  },
  /** Tests start from a server that transcribes. */
  reset: (): void => {
    serverSttMissing = false;
  },
};
