import { create } from 'zustand';

export type LegalDocumentId = 'terms' | 'privacy';

interface LegalDialogState {
  /** The open document, or null. The texts load on first open (they are large). */
  open: LegalDocumentId | null;
  /** The dialog's code is loaded on first use and stays mounted afterwards. */
  everOpened: boolean;
  show: (doc: LegalDocumentId) => void;
  close: () => void;
}

export const useLegalDialog = create<LegalDialogState>((set) => ({
  open: null,
  everOpened: false,
  show: (doc) => set({ open: doc, everOpened: true }),
  close: () => set({ open: null }),
}));
