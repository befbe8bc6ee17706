import { create } from 'zustand';

/** App start (000 §4): the loading screen stays until `ready`. */
export const useBoot = create<{ ready: boolean }>(() => ({ ready: false }));
