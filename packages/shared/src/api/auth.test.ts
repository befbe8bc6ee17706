import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../authMessages.ts';
import { CONTROL_CHARS_MESSAGE } from '../validation/text.ts';
import {
  changeEmailBodySchema,
  loginFormSchema,
  registerFormSchema,
  resetPasswordBodySchema,
} from './auth.ts';

/** The message the server shows: the first issue's (plugins/errors.ts). */
const first = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

const ok = { name: 'Анна', email: 'anna@mail.ru', password: 'secret123', consent: 'true' };

describe('the auth route schemas carry the forms’ rules, first failure first', () => {
  it('register: the spec order, then the lengths; missing fields read as empty', () => {
    expect(first(registerFormSchema.safeParse({}))).toBe(AUTH_MESSAGES.nameRequired);
    expect(first(registerFormSchema.safeParse({ ...ok, email: '', password: '' }))).toBe(
      AUTH_MESSAGES.emailRequired,
    );
    expect(first(registerFormSchema.safeParse({ ...ok, email: 'anna@' }))).toBe(AUTH_MESSAGES.emailInvalid);
    expect(first(registerFormSchema.safeParse({ ...ok, password: 'short', consent: 'false' }))).toBe(
      AUTH_MESSAGES.passwordTooShort,
    );
    expect(first(registerFormSchema.safeParse({ ...ok, consent: 'false' }))).toBe(
      AUTH_MESSAGES.consentRequired,
    );
    expect(first(registerFormSchema.safeParse({ ...ok, name: 'А'.repeat(101) }))).toMatch(/^Имя должно быть/);
    expect(registerFormSchema.safeParse(ok).data).toEqual({ ...ok, consent: true });
  });

  it('control characters in a one-line field come before the form’s rules', () => {
    expect(first(registerFormSchema.safeParse({ name: '', email: 'a\u0000' }))).toBe(CONTROL_CHARS_MESSAGE);
  });

  it('a value of the wrong type gets no Russian text (the server answers the generic one)', () => {
    expect(first(loginFormSchema.safeParse({ username: 42 }))).not.toMatch(/[а-я]/i);
  });

  it('login, reset and change-email use their own texts', () => {
    expect(first(loginFormSchema.safeParse({ username: 'anna@mail.ru' }))).toBe(
      AUTH_MESSAGES.passwordRequiredLogin,
    );
    expect(first(resetPasswordBodySchema.safeParse({ token: 'abc', new_password: 'short' }))).toBe(
      AUTH_MESSAGES.passwordTooShort,
    );
    expect(first(changeEmailBodySchema.safeParse({ current_password: 'x', new_email: 'a b@mail.ru' }))).toBe(
      AUTH_MESSAGES.emailInvalid,
    );
  });
});
