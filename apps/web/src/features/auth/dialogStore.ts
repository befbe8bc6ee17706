import { create } from 'zustand';

export type AuthMode = 'login' | 'register' | 'recovery';

/**
 * What the dialog gives each of its forms: the e-mail it keeps while the mode changes (typed once for
 * login, register and recovery), and what to do once a session exists (close, follow `redirectTo`).
 */
export interface AuthFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onSuccess: () => void;
}

interface AuthDialogState {
  opened: boolean;
  /** The dialog's code is loaded on first use and stays mounted afterwards. */
  everOpened: boolean;
  mode: AuthMode;
  /** A line shown above the form (for example when a page needed an account). */
  notice: string | null;
  /** Where to go after a successful sign-in (the guard's `redirect`). */
  redirectTo: string | null;
  open: (mode?: AuthMode, options?: { notice?: string; redirectTo?: string }) => void;
  setMode: (mode: AuthMode) => void;
  close: () => void;
  /** After the closing animation: back to login with no notice (000 §2). */
  reset: () => void;
}

export const useAuthDialog = create<AuthDialogState>((set) => ({
  opened: false,
  everOpened: false,
  mode: 'login',
  notice: null,
  redirectTo: null,
  open: (mode = 'login', options = {}) =>
    set({
      opened: true,
      everOpened: true,
      mode,
      notice: options.notice ?? null,
      redirectTo: options.redirectTo ?? null,
    }),
  setMode: (mode) => set({ mode }),
  // The form's fields live inside the modal and vanish with it; the mode resets after the animation.
  close: () => set({ opened: false }),
  reset: () => set({ mode: 'login', notice: null, redirectTo: null }),
}));

interface AnonymousLimitState {
  opened: boolean;
  everOpened: boolean;
  open: () => void;
  close: () => void;
}

/** "Лимит анонимных сессий" (000 §4), opened when an explicit action could not get a guest session. */
export const useAnonymousLimitDialog = create<AnonymousLimitState>((set) => ({
  opened: false,
  everOpened: false,
  open: () => set({ opened: true, everOpened: true }),
  close: () => set({ opened: false }),
}));
