/**
 * Web Storage that never throws: private modes and full quotas make `localStorage` calls fail, and a
 * failing storage must never take the app down.
 */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  keys(): string[];
}

function wrap(pick: () => Storage | undefined): SafeStorage {
  return {
    get(key) {
      try {
        return pick()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        pick()?.setItem(key, value);
      } catch {
        // Storage full or disabled: the value simply is not remembered.
      }
    },
    remove(key) {
      try {
        pick()?.removeItem(key);
      } catch {
        // Nothing to do.
      }
    },
    keys() {
      try {
        const storage = pick();
        if (!storage) return [];
        const out: string[] = [];
        for (let i = 0; i < storage.length; i += 1) {
          const key = storage.key(i);
          if (key !== null) out.push(key);
        }
        return out;
      } catch {
        return [];
      }
    },
  };
}

export const local = wrap(() => (typeof localStorage === 'undefined' ? undefined : localStorage));
export const session = wrap(() => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage));

/** Reads a JSON value; anything unparsable counts as missing. */
export function readJson(storage: SafeStorage, key: string): unknown {
  const raw = storage.get(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
