import { AUTH_MESSAGES } from '@podruga/shared';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../shared/api/index.ts';
import { notify } from '../../shared/ui/notify.tsx';
import { AuthFailedError } from './store.ts';

interface AuthSubmit {
  /** The first failing rule's text, or null (checked before anything is sent). */
  validate: () => string | null;
  run: () => Promise<void>;
  /** 000 §8: the success toast, and the text when the server's answer is not a session. */
  successText: string;
  failedText: string;
  onSuccess: () => void;
}

/**
 * Login and register share one flow (000 §8): validate → busy → call → success toast, or the "falsy"
 * text, or the server's detail, else "Authentication error".
 */
export function useAuthSubmit({ validate, run, successText, failedText, onSuccess }: AuthSubmit) {
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validate();
    if (problem) return notify.error(problem);
    setBusy(true);
    try {
      await run();
      notify.success(successText);
      onSuccess();
    } catch (error) {
      notify.error(error instanceof AuthFailedError ? failedText : errorText(error, AUTH_MESSAGES.authError));
    } finally {
      setBusy(false);
    }
  }

  return { busy, submit };
}
