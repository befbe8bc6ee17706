import { PAYMENT_REGISTRATION_MESSAGES } from '@podruga/shared';

export interface RegistrationDetails {
  name: string;
  email: string;
  password: string;
}

export const EMPTY_DETAILS: RegistrationDetails = { name: '', email: '', password: '' };

/** A simple address pattern (002 §5): something@something.something, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const MIN_PASSWORD = 8;

/**
 * Whether the buyer gave details. Any filled field counts, so the 002 §5 rules (password required…) can
 * speak; registration itself then runs only with both the e-mail and the password (002 §4 step 2),
 * which the rules guarantee. No details at all: the anonymous guest account.
 */
export function wantsRegistration(details: RegistrationDetails): boolean {
  return details.name.trim() !== '' || details.email.trim() !== '' || details.password !== '';
}

/** The first failing rule of 002 §5, in its order, or null. */
export function registrationError(details: RegistrationDetails): string | null {
  const m = PAYMENT_REGISTRATION_MESSAGES;
  if (details.name.trim() === '') return m.nameRequired;
  const email = details.email.trim();
  if (email === '') return m.emailRequired;
  if (!EMAIL_PATTERN.test(email)) return m.emailInvalid;
  if (details.password === '') return m.passwordRequired;
  if (details.password.length < MIN_PASSWORD) return m.passwordTooShort;
  return null;
}
