import { AUTH_MESSAGES } from '../authMessages.ts';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';

/**
 * The spec's address pattern (000 §5): word characters with dots or hyphens, @, a domain, a suffix of
 * 2–3 letters. Written without nested optional quantifiers so it cannot backtrack catastrophically.
 */
export const EMAIL_PATTERN = /^\w+(?:[.-]\w+)*@\w+(?:[.-]\w+)*\.\w{2,3}$/;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  consent: boolean;
}

/** First failing rule, in the spec's order, or null. Used by the dialog and by the server. */
export function validateRegister(input: RegisterInput): string | null {
  const name = input.name.trim();
  const email = input.email.trim();
  if (!name) return AUTH_MESSAGES.nameRequired;
  if (!email) return AUTH_MESSAGES.emailRequired;
  if (!isValidEmail(email)) return AUTH_MESSAGES.emailInvalid;
  if (!input.password) return AUTH_MESSAGES.passwordRequired;
  if (input.password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (!input.consent) return AUTH_MESSAGES.consentRequired;
  return null;
}

/** Limits the spec leaves open; checked after the spec's rules. */
export function validateLengths(input: { name?: string; password?: string }): string | null {
  if (input.name !== undefined && input.name.trim().length > NAME_MAX_LENGTH)
    return `Имя должно быть не длиннее ${NAME_MAX_LENGTH} символов`;
  if (input.password !== undefined && input.password.length > PASSWORD_MAX_LENGTH)
    return `Пароль должен быть не длиннее ${PASSWORD_MAX_LENGTH} символов`;
  return null;
}

export function validateLogin(input: { email: string; password: string }): string | null {
  if (!input.email.trim()) return AUTH_MESSAGES.emailRequired;
  if (!input.password) return AUTH_MESSAGES.passwordRequiredLogin;
  return null;
}

export function validateRecovery(input: { email: string }): string | null {
  const email = input.email.trim();
  if (!email) return AUTH_MESSAGES.recoveryEmailRequired;
  if (!isValidEmail(email)) return AUTH_MESSAGES.recoveryEmailInvalid;
  return null;
}

/** New password on the reset page: the register rules for a password. */
export function validateNewPassword(password: string): string | null {
  if (!password) return AUTH_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  return validateLengths({ password });
}

/** Change e-mail (001 §5): password and an address with no spaces. */
export function validateChangeEmail(input: { current_password: string; new_email: string }): string | null {
  if (!input.current_password) return AUTH_MESSAGES.passwordRequiredLogin;
  const email = input.new_email.trim();
  if (!email) return AUTH_MESSAGES.emailRequired;
  if (/\s/.test(email) || !isValidEmail(email)) return AUTH_MESSAGES.emailInvalid;
  return null;
}
