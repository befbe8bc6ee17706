import { PREMIUM_FEATURE_DIALOG_DELAY_MS } from '@podruga/shared';
import { create } from 'zustand';

/** The chat's dialogs about photos and videos of her (001 §2): which one is open. */
export type MediaDialog = 'imageInstructions' | 'videoInstructions' | 'videoPreview';

interface MediaDialogsState {
  open: MediaDialog | null;
  /** Dialogs opened at least once: their lazy code is mounted from then on. */
  ever: readonly MediaDialog[];
  show: (dialog: MediaDialog) => void;
  close: () => void;
}

export const useMediaDialogs = create<MediaDialogsState>((set) => ({
  open: null,
  ever: [],
  show: (dialog) =>
    set((s) => ({ open: dialog, ever: s.ever.includes(dialog) ? s.ever : [...s.ever, dialog] })),
  close: () => set({ open: null }),
}));

/** 000 §4 "Video button": Plus users get the video instructions; others the preview with the upgrade. */
export function openVideoDialog(plusActive: boolean): void {
  useMediaDialogs.getState().show(plusActive ? 'videoInstructions' : 'videoPreview');
}

/** 000 §4: a premium_feature event of video opens the preview dialog after 500 ms. */
export function onPremiumFeature(
  feature: string,
  schedule: (fn: () => void, ms: number) => unknown = setTimeout,
): void {
  if (feature !== 'video') return;
  schedule(() => useMediaDialogs.getState().show('videoPreview'), PREMIUM_FEATURE_DIALOG_DELAY_MS);
}
