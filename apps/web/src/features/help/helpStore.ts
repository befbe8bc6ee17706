import { create } from 'zustand';

interface HelpDialogState {
  opened: boolean;
  everOpened: boolean;
  open: () => void;
  close: () => void;
}

/** The help guide (001 §2 Dialogs): any page or the user menu opens it. */
export const useHelpDialog = create<HelpDialogState>((set) => ({
  opened: false,
  everOpened: false,
  open: () => set({ opened: true, everOpened: true }),
  close: () => set({ opened: false }),
}));
