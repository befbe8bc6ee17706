import { STORAGE_KEYS } from '@podruga/shared';
import { create } from 'zustand';
import { local } from '../../shared/storage.ts';
import { type InstalledSignals, isInstalled, runsInstalled } from './installedMode.ts';
import { INSTALL_TEXTS } from './texts.ts';

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/**
 * The app's installed state and the install action (001 §4 "App installation"): installed-mode
 * detection, the native prompt, the manual instructions dialog.
 */
interface InstallState {
  /** Running as the installed app (standalone, iOS standalone, ?pwa=true or the local flag). */
  installed: boolean;
  /** Running inside the installed app's window now (not only installed on this device). */
  standalone: boolean;
  /** The browser's install prompt, kept from `beforeinstallprompt` until used. */
  deferredPrompt: BeforeInstallPromptEvent | null;
}

export const useInstall = create<InstallState>(() => ({
  installed: false,
  standalone: false,
  deferredPrompt: null,
}));

/** The manual install instructions dialog (lazy, mounted in AppRoot). */
export const useInstallDialog = create<{
  opened: boolean;
  everOpened: boolean;
  open: () => void;
  close: () => void;
}>((set) => ({
  opened: false,
  everOpened: false,
  open: () => set({ opened: true, everOpened: true }),
  close: () => set({ opened: false }),
}));

/** What the detection reads, from this page. */
export function currentSignals(): InstalledSignals {
  const display = (query: string) => typeof matchMedia === 'function' && matchMedia(query).matches;
  return {
    standaloneDisplay:
      display('(display-mode: standalone)') ||
      display('(display-mode: fullscreen)') ||
      display('(display-mode: minimal-ui)') ||
      display('(display-mode: window-controls-overlay)'),
    iosStandalone: (navigator as Navigator & { standalone?: boolean }).standalone === true,
    search: location.search,
    installedFlag: local.get(STORAGE_KEYS.installedPwa) === 'true',
    pwaFlag: local.get(STORAGE_KEYS.isPwa) === 'true',
  };
}

function markInstalled(): void {
  local.set(STORAGE_KEYS.installedPwa, 'true');
  useInstall.setState({ installed: true, deferredPrompt: null });
}

let started = false;

/**
 * At app start: detects installed mode (running installed leaves the local `isPwa` flag, so a later
 * load without `?pwa=true` still knows), and keeps the browser's install prompt for the menu's
 * "Установить приложение".
 */
export function initInstall(): void {
  if (started) return;
  started = true;
  const signals = currentSignals();
  const standalone = runsInstalled(signals);
  if (standalone) local.set(STORAGE_KEYS.isPwa, 'true');
  useInstall.setState({ installed: isInstalled(signals), standalone });
  addEventListener('beforeinstallprompt', (event) => {
    // Kept for our own button instead of the browser's mini-infobar.
    event.preventDefault();
    useInstall.setState({ deferredPrompt: event as BeforeInstallPromptEvent });
  });
  addEventListener('appinstalled', markInstalled);
}

/** "Установить приложение": the native prompt when there is one, else the manual instructions. */
export async function requestInstall(): Promise<void> {
  const { installed, deferredPrompt } = useInstall.getState();
  const { notify } = await import('../../shared/ui/notify.tsx');
  if (installed) {
    notify.success(INSTALL_TEXTS.alreadyInstalled);
    return;
  }
  if (!deferredPrompt) {
    useInstallDialog.getState().open();
    return;
  }
  // A prompt can be shown once: forget it whatever the answer.
  useInstall.setState({ deferredPrompt: null });
  try {
    await deferredPrompt.prompt();
    const choice = await deferredPrompt.userChoice;
    if (choice.outcome === 'accepted') {
      markInstalled();
      notify.success(INSTALL_TEXTS.installed);
    }
  } catch {
    useInstallDialog.getState().open();
  }
}

/** Runs `callback` once the app counts as installed: now, or when it becomes so (an accepted prompt). */
export function whenInstalled(callback: () => void): void {
  if (useInstall.getState().installed) {
    callback();
    return;
  }
  const stop = useInstall.subscribe((state) => {
    if (!state.installed) return;
    stop();
    callback();
  });
}
