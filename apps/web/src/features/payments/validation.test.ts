import { PAYMENT_REGISTRATION_MESSAGES as M } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { registrationError, wantsRegistration } from './validation.ts';

describe('the registration rules of 002 §5', () => {
  it('speak in their order: name, e-mail, its form, password, its length', () => {
    expect(registrationError({ name: '', email: '', password: '' })).toBe(M.nameRequired);
    expect(registrationError({ name: ' ', email: 'a@b.ru', password: 'longenough' })).toBe(M.nameRequired);
    expect(registrationError({ name: 'Аня', email: '  ', password: '' })).toBe(M.emailRequired);
    expect(registrationError({ name: 'Аня', email: 'anya@', password: '' })).toBe(M.emailInvalid);
    expect(registrationError({ name: 'Аня', email: 'a b@c.ru', password: 'x' })).toBe(M.emailInvalid);
    expect(registrationError({ name: 'Аня', email: 'anya@mail.ru', password: '' })).toBe(M.passwordRequired);
    expect(registrationError({ name: 'Аня', email: 'anya@mail.ru', password: '1234567' })).toBe(
      M.passwordTooShort,
    );
    expect(registrationError({ name: 'Аня', email: ' anya@mail.ru ', password: '12345678' })).toBeNull();
  });

  it('apply once anything is filled; an empty block means the guest account', () => {
    expect(wantsRegistration({ name: '', email: '', password: '' })).toBe(false);
    expect(wantsRegistration({ name: '  ', email: ' ', password: '' })).toBe(false);
    expect(wantsRegistration({ name: '', email: 'a@b.ru', password: '' })).toBe(true);
    expect(wantsRegistration({ name: '', email: '', password: 'x' })).toBe(true);
  });
});
