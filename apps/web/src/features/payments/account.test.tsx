import { PAYMENT_MESSAGES, type User } from '@podruga/shared';
import { SAMPLE_USER } from '@podruga/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../shared/ui/notify.tsx';
import { authActions, useAuth } from '../auth/store.ts';
import { prepareAccount, temporaryCredentials } from './account.ts';

const GUEST: User = { ...SAMPLE_USER, id: 'g1', name: 'Guest_1', email: null, membership_type: 'guest' };
const DETAILS = { name: 'Аня', email: 'anya@mail.ru', password: 'secret123' };
const refuse = () => Promise.reject(new Error('refused'));

let success: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  useAuth.setState({ token: 'guest-token', user: GUEST, isAuthenticated: true, isInitialized: true });
  success = vi.spyOn(notify, 'success').mockImplementation(() => {});
  error = vi.spyOn(notify, 'error').mockImplementation(() => {});
});
afterEach(() => {
  useAuth.setState({ token: null, user: null, isAuthenticated: false });
});

describe('the guest purchase flow (002 §4)', () => {
  it('a member buys as she is', async () => {
    useAuth.setState({ user: { ...SAMPLE_USER } });
    const register = vi.spyOn(authActions, 'register');
    expect(await prepareAccount(DETAILS)).toBe('member');
    expect(register).not.toHaveBeenCalled();
  });

  it('registers with the details given', async () => {
    const register = vi.spyOn(authActions, 'register').mockResolvedValue();
    expect(await prepareAccount(DETAILS)).toBe('registered');
    expect(register).toHaveBeenCalledWith({ name: 'Аня', email: 'anya@mail.ru', password: 'secret123' });
    expect(success).toHaveBeenCalledWith(PAYMENT_MESSAGES.accountCreated);
  });

  it('registration refused: logs in with the same details', async () => {
    vi.spyOn(authActions, 'register').mockImplementation(refuse);
    const login = vi.spyOn(authActions, 'login').mockResolvedValue();
    expect(await prepareAccount(DETAILS)).toBe('loggedIn');
    expect(login).toHaveBeenCalledWith({ email: 'anya@mail.ru', password: 'secret123', remember: true });
    expect(success).toHaveBeenCalledWith(PAYMENT_MESSAGES.loggedIn);
  });

  it('both refused: a temporary account, remembered for the follow-up dialog', async () => {
    const register = vi
      .spyOn(authActions, 'register')
      .mockImplementationOnce(refuse)
      .mockImplementationOnce(async () => {
        useAuth.setState({ user: { ...GUEST, id: 'temp-1', membership_type: 'free' } });
      });
    vi.spyOn(authActions, 'login').mockImplementation(refuse);
    expect(await prepareAccount(DETAILS)).toBe('temporary');
    const temp = register.mock.calls[1]?.[0];
    expect(temp?.name).toBe('Пользователь');
    expect(temp?.email).toMatch(/^temp_\d+_[a-z0-9]{4}@podruga\.app$/);
    expect(temp?.password).toMatch(/^Pass[A-Za-z0-9]{12}[a-z0-9]{4}$/);
    expect(success).toHaveBeenCalledWith(PAYMENT_MESSAGES.tempAccount);
    expect(sessionStorage.getItem('has_temp_account')).toBe('true');
    expect(sessionStorage.getItem('temp_account_original_email')).toBe('anya@mail.ru');
    expect(sessionStorage.getItem('temp_account_id')).toBe('temp-1');
  });

  it('all three refused: the error, and no account', async () => {
    vi.spyOn(authActions, 'register').mockImplementation(refuse);
    vi.spyOn(authActions, 'login').mockImplementation(refuse);
    expect(await prepareAccount(DETAILS)).toBe('failed');
    expect(error).toHaveBeenCalledWith(PAYMENT_MESSAGES.accountFailed);
    expect(sessionStorage.getItem('has_temp_account')).toBeNull();
  });

  it('without details: the guest session she has is the account', async () => {
    const register = vi.spyOn(authActions, 'register');
    expect(await prepareAccount({ name: '', email: '', password: '' })).toBe('anonymous');
    expect(register).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('has_anonymous_account')).toBe('true');
    // Nothing was made for her, so nothing is announced.
    expect(success).not.toHaveBeenCalled();
  });

  it('without details and without a session: a new guest account, announced', async () => {
    useAuth.setState({ token: null, user: null, isAuthenticated: false });
    vi.spyOn(authActions, 'ensureSession').mockResolvedValue(true);
    expect(await prepareAccount({ name: '', email: '', password: '' })).toBe('anonymous');
    expect(success).toHaveBeenCalledWith(PAYMENT_MESSAGES.guestAccount);
  });

  it('no guest session to be had: the error', async () => {
    useAuth.setState({ token: null, user: null, isAuthenticated: false });
    vi.spyOn(authActions, 'ensureSession').mockResolvedValue(false);
    expect(await prepareAccount({ name: '', email: '', password: '' })).toBe('failed');
    expect(error).toHaveBeenCalledWith(PAYMENT_MESSAGES.anonymousFailed);
  });

  it('temporary credentials differ each time', () => {
    const a = temporaryCredentials(1_700_000_000_000);
    const b = temporaryCredentials(1_700_000_000_000);
    expect(a.password).not.toBe(b.password);
    expect(a.password.length).toBeGreaterThanOrEqual(20);
  });
});
