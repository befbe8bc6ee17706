import { create } from 'zustand';

export type LegalDocumentId = 'terms' | 'privacy';

interface LegalDialogState {
  /** The open document, or null. The texts load on first open (they are large). */
  open: LegalDocumentId | null;
  show: (doc: LegalDocumentId) => void;
  close: () => void;
}

export const useLegalDialog = create<LegalDialogState>((set) => ({
  open: null,
  show: (doc) => set({ open: doc }),
  close: () => set({ open: null }),
}));
