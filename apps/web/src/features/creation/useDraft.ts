import { useStore } from 'zustand';
import { uuid } from '../../shared/uuid.ts';
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

/** The app's one draft. */
export const draftStore = createDraftStore({
  local: browserStorage(() => localStorage),
  session: browserStorage(() => sessionStorage),
  uuid,
});

export function useDraft<T>(selector: (s: DraftState & DraftActions) => T): T {
  return useStore(draftStore, selector);
}
