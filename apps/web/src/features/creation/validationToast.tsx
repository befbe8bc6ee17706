import { VALIDATION_TOAST_MS, VALIDATION_TOAST_TITLE } from '@podruga/shared';
import classes from './ui/creation.module.css';

/** 001 §5: a negative toast titled 'Форма валидации требуется' with what is missing, for 2.5 s. */
export function showValidationToast(body: string | string[]): void {
  // The toast's code loads with it (it loads the notifications package anyway), not with `/` (DESIGN §8).
  void import('../../shared/ui/notify.tsx').then(({ notify }) =>
    notify.error(
      <div role="alert">
        <p className={classes.toastTitle}>{VALIDATION_TOAST_TITLE}</p>
        {(Array.isArray(body) ? body : [body]).map((line) => (
          <p key={line} className={classes.toastLine}>
            {line}
          </p>
        ))}
      </div>,
      VALIDATION_TOAST_MS,
    ),
  );
}
