import { create } from 'zustand';

interface SupportDialogState {
  opened: boolean;
  everOpened: boolean;
  /**
   * A preset issue type (one of the support form's types, 001 §5) — its id (`SUPPORT_ISSUE_TYPES`, e.g.
   * `SUPPORT_LIMITS_ISSUE`) or its Russian label — and whether the user may change it.
   */
  presetType: string | null;
  locked: boolean;
  open: (preset?: { type: string; locked?: boolean }) => void;
  close: () => void;
}

/** The support dialog (001 §2, §5): the user menu, the limit cards and the help guide open it. */
export const useSupportDialog = create<SupportDialogState>((set) => ({
  opened: false,
  everOpened: false,
  presetType: null,
  locked: false,
  open: (preset) =>
    set({
      opened: true,
      everOpened: true,
      presetType: preset?.type ?? null,
      locked: preset?.locked ?? false,
    }),
  close: () => set({ opened: false }),
}));
