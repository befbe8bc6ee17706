import { useState } from 'react';
import type { NavigationSource } from './draft.ts';
import { ensureCanCreateCompanion } from './quota.ts';
import { draftStore } from './useDraft.ts';

/**
 * Onward to /generation from step one or step two (001 §4): the session and the companion count are
 * checked first (the paywall may open instead), then the source is remembered and the page leaves through
 * `go` (its exit animation). `busy` while the check runs; a second press meanwhile does nothing.
 */
export function useStartGeneration(source: NavigationSource, go: (to: string) => void) {
  const [busy, setBusy] = useState(false);

  async function start(): Promise<void> {
    if (busy) return;
    setBusy(true);
    try {
      if (!(await ensureCanCreateCompanion())) return;
      draftStore.getState().startGeneration(source);
      go('/generation');
    } finally {
      setBusy(false);
    }
  }

  return { busy, start };
}
