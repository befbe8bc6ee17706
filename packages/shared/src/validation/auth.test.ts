import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../authMessages.ts';
import { isValidEmail, validateLogin, validateRecovery, validateRegister } from './auth.ts';

const ok = { name: 'Анна', email: 'anna@mail.ru', password: 'secret123', consent: true };

describe('validateRegister', () => {
  it('reports each rule in the spec order', () => {
    expect(validateRegister({ name: '', email: '', password: '', consent: false })).toBe(
      AUTH_MESSAGES.nameRequired,
    );
    expect(validateRegister({ ...ok, email: '', password: '' })).toBe(AUTH_MESSAGES.emailRequired);
    expect(validateRegister({ ...ok, email: 'anna@', password: '' })).toBe(AUTH_MESSAGES.emailInvalid);
    expect(validateRegister({ ...ok, password: '', consent: false })).toBe(AUTH_MESSAGES.passwordRequired);
    expect(validateRegister({ ...ok, password: 'short', consent: false })).toBe(
      AUTH_MESSAGES.passwordTooShort,
    );
    expect(validateRegister({ ...ok, consent: false })).toBe(AUTH_MESSAGES.consentRequired);
    expect(validateRegister(ok)).toBeNull();
  });

  it('treats a name of spaces as missing', () => {
    expect(validateRegister({ ...ok, name: '   ' })).toBe(AUTH_MESSAGES.nameRequired);
  });
});

describe('isValidEmail', () => {
  it('follows the spec pattern', () => {
    expect(isValidEmail('a.b-c@mail.ru')).toBe(true);
    expect(isValidEmail('user@sub.domain.com')).toBe(true);
    expect(isValidEmail('user@domain.info')).toBe(false);
    expect(isValidEmail('user@@domain.ru')).toBe(false);
    expect(isValidEmail('us er@domain.ru')).toBe(false);
  });

  it('rejects long hostile inputs (the pattern has no nested optional quantifiers to backtrack on)', () => {
    expect(isValidEmail(`${'a'.repeat(5000)}!`)).toBe(false);
    expect(isValidEmail(`${'a.'.repeat(40)}@${'b-'.repeat(40)}!`)).toBe(false);
  });
});

describe('validateLogin and validateRecovery', () => {
  it('uses the login and recovery texts', () => {
    expect(validateLogin({ email: '', password: '' })).toBe(AUTH_MESSAGES.emailRequired);
    expect(validateLogin({ email: 'a@b.ru', password: '' })).toBe(AUTH_MESSAGES.passwordRequiredLogin);
    expect(validateRecovery({ email: '' })).toBe(AUTH_MESSAGES.recoveryEmailRequired);
    expect(validateRecovery({ email: 'nope' })).toBe(AUTH_MESSAGES.recoveryEmailInvalid);
    expect(validateRecovery({ email: 'a@b.ru' })).toBeNull();
  });
});
