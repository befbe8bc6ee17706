import { STORAGE_KEYS } from '@podruga/shared';
import { create } from 'zustand';
import { local } from '../../shared/storage.ts';

/** Where the visitor goes when they say they are under 18. */
export const UNDERAGE_EXIT_URL = 'https://www.google.com/';

export function isDeviceAdultConfirmed(): boolean {
  return local.get(STORAGE_KEYS.adultConfirmed) === 'true';
}

export function rememberAdultOnDevice(): void {
  local.set(STORAGE_KEYS.adultConfirmed, 'true');
}

/** The gate shows until either the device or the user has answered "18+". */
export function needsAdultGate(deviceConfirmed: boolean, userConfirmed: boolean | undefined): boolean {
  return !deviceConfirmed && !userConfirmed;
}

/** /test/dialogs opens the gate as a preview: answering only closes it. */
export const useAdultGatePreview = create<{ preview: boolean }>(() => ({ preview: false }));
