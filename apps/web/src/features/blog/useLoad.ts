import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../shared/api/index.ts';

export type Load<T> =
  | { state: 'loading' }
  | { state: 'ready'; value: T }
  | { state: 'missing' }
  | { state: 'failed'; retry: () => void };

/** Loads once per key, starting from what the page already holds; a 404 is "missing", not a failure. */
export function useLoad<T>(key: string, initial: T | null, load: () => Promise<T>): Load<T> {
  const [result, setResult] = useState<Load<T>>(
    initial ? { state: 'ready', value: initial } : { state: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` follows `key`; `attempt` re-runs it.
  useEffect(() => {
    if (initial && attempt === 0) return;
    let live = true;
    setResult({ state: 'loading' });
    load().then(
      (value) => live && setResult({ state: 'ready', value }),
      (error: unknown) =>
        live &&
        setResult(
          isApiError(error) && error.status === 404 ? { state: 'missing' } : { state: 'failed', retry },
        ),
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);
  return result;
}
