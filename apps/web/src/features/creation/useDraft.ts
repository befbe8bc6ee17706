import { useStore } from 'zustand';
import { createDraftStore, type DraftActions, type DraftState, type DraftStorage } from './draftStore.ts';

function browserStorage(pick: () => Storage): DraftStorage {
  return {
    get(key) {
      try {
        return pick().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        pick().setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      try {
        pick().removeItem(key);
      } catch {
        // Storage disabled: nothing was stored.
      }
    },
  };
}

function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers on plain http: a v4 UUID from getRandomValues.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The app's one draft. */
export const draftStore = createDraftStore({
  local: browserStorage(() => localStorage),
  session: browserStorage(() => sessionStorage),
  uuid,
});

export function useDraft<T>(selector: (s: DraftState & DraftActions) => T): T {
  return useStore(draftStore, selector);
}
