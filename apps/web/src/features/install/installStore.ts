import { create } from 'zustand';

/**
 * The app's installed state and the install action (001 §4 "App installation"). Issue 12's PWA work fills
 * this in: installed-mode detection, the native prompt, the manual instructions dialog.
 */
interface InstallState {
  /** Running as the installed app (standalone, iOS standalone, ?pwa=true or the local flag). */
  installed: boolean;
}

export const useInstall = create<InstallState>(() => ({ installed: false }));

/** "Установить приложение": the native prompt when there is one, else the manual instructions. */
export async function requestInstall(): Promise<void> {}
