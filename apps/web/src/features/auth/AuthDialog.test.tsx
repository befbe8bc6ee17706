import { AUTH_MESSAGES, type AuthResponse, SERVER_MESSAGES, type User } from '@podruga/shared';
import { SAMPLE_USER } from '@podruga/shared/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, stubApi } from '../../test/api.ts';
import { act, expectToast, render, screen, within } from '../../test/render.tsx';
import { AuthDialog } from './AuthDialog.tsx';
import { type AuthMode, useAuthDialog } from './dialogStore.ts';
import { useAuth } from './store.ts';

const MEMBER: User = { ...SAMPLE_USER };
const SESSION: AuthResponse = {
  access_token: 'member-token',
  user_id: MEMBER.id,
  name: MEMBER.name,
  membership_type: 'free',
  membership_expiry: null,
  email_verified: false,
};
const CONSENT = 'Я принимаю пользовательское соглашение и политику конфиденциальности';

/** The dialog as a page opens it (a header button, a card, the guard). */
function openDialog(mode?: AuthMode) {
  const view = render(<AuthDialog />);
  act(() => useAuthDialog.getState().open(mode));
  return view;
}

const dialog = (title: string) => screen.getByRole('dialog', { name: title });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const registerButton = () =>
  within(dialog('Создать аккаунт')).getByRole('button', { name: 'Создать аккаунт' }) as HTMLButtonElement;

beforeEach(() => {
  useAuth.setState({ token: 'guest-token', user: null, isAuthenticated: true });
});
afterEach(() => {
  act(() => {
    useAuthDialog.getState().close();
    useAuthDialog.getState().reset();
  });
});

describe('auth dialog (000 §2): three modes', () => {
  it('opens on «Вход» with e-mail, password, remember me (ticked) and the ways to the other modes', () => {
    openDialog();
    const login = dialog('Вход');
    expect(field('Эл. почта').value).toBe('');
    expect(field('Пароль').type).toBe('password');
    expect(
      (within(login).getByRole('checkbox', { name: 'Запомнить меня' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(within(login).getByRole('button', { name: 'Забыли пароль?' })).toBeTruthy();
    expect(
      (within(login).getByRole('checkbox', { name: 'Создать новый аккаунт' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(within(login).getByRole('button', { name: 'Войти' })).toBeTruthy();
  });

  it('switches login ⇄ register with the checkbox and login ⇄ recovery, keeping the typed e-mail', async () => {
    const { user } = openDialog();
    await user.type(field('Эл. почта'), 'anya@example.ru');

    await user.click(screen.getByRole('checkbox', { name: 'Создать новый аккаунт' }));
    const register = dialog('Создать аккаунт');
    expect(within(register).getByLabelText('Имя')).toBeTruthy();
    expect(within(register).getByRole('checkbox', { name: CONSENT })).toBeTruthy();
    expect(field('Эл. почта').value).toBe('anya@example.ru');

    await user.click(screen.getByRole('checkbox', { name: 'Создать новый аккаунт' }));
    await user.click(within(dialog('Вход')).getByRole('button', { name: 'Забыли пароль?' }));
    const recovery = dialog('Восстановление пароля');
    expect(within(recovery).getByRole('button', { name: 'Отправить ссылку' })).toBeTruthy();
    expect(field('Эл. почта').value).toBe('anya@example.ru');

    await user.click(within(recovery).getByRole('button', { name: 'Вернуться ко входу' }));
    expect(dialog('Вход')).toBeTruthy();
  });

  it('closing resets the fields, returns to login and hides the password', async () => {
    const { user } = openDialog('register');
    await user.type(field('Имя'), 'Аня');
    await user.type(field('Эл. почта'), 'anya@example.ru');
    await user.type(field('Пароль'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Показать пароль' }));
    expect(field('Пароль').type).toBe('text');

    await user.click(within(dialog('Создать аккаунт')).getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // Opened again the way the header's «Войти» opens it.
    act(() => useAuthDialog.getState().open());
    expect(dialog('Вход')).toBeTruthy();
    expect(field('Эл. почта').value).toBe('');
    await user.click(screen.getByRole('checkbox', { name: 'Создать новый аккаунт' }));
    expect(field('Имя').value).toBe('');
    expect(field('Пароль').value).toBe('');
    expect(field('Пароль').type).toBe('password');
  });
});

describe('auth dialog (000 §5): validation in the spec order', () => {
  it('register: the button waits for consent; Enter in a field names the first rule that fails', async () => {
    const { user } = openDialog('register');
    expect(registerButton().disabled).toBe(true);
    const enterIn = (label: string) => user.type(field(label), '{Enter}');

    await enterIn('Имя');
    await expectToast(AUTH_MESSAGES.nameRequired);
    await user.type(field('Имя'), 'Аня{Enter}');
    await expectToast(AUTH_MESSAGES.emailRequired);
    await user.type(field('Эл. почта'), 'anya@example{Enter}');
    await expectToast(AUTH_MESSAGES.emailInvalid);
    await user.type(field('Эл. почта'), '.ru{Enter}');
    await expectToast(AUTH_MESSAGES.passwordRequired);
    await user.type(field('Пароль'), 'short{Enter}');
    await expectToast(AUTH_MESSAGES.passwordTooShort);
    await user.type(field('Пароль'), '-enough{Enter}');
    await expectToast(AUTH_MESSAGES.consentRequired);

    await user.click(screen.getByRole('checkbox', { name: CONSENT }));
    expect(registerButton().disabled).toBe(false);
  });

  it('register: with every rule met, the account is created, the toast says so and the dialog closes', async () => {
    const { user } = openDialog('register');
    const api = stubApi({
      'POST /api/auth/register': () => SESSION,
      'GET /api/auth/validate': () => ({ valid: true, user: MEMBER }),
    });
    await user.type(field('Имя'), 'Аня');
    await user.type(field('Эл. почта'), 'anya@example.ru');
    await user.type(field('Пароль'), 'secret-password');
    await user.click(screen.getByRole('checkbox', { name: CONSENT }));
    await user.click(registerButton());

    await expectToast(AUTH_MESSAGES.registerSuccess);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toEqual(['POST /api/auth/register', 'GET /api/auth/validate']);
    expect(useAuth.getState().user?.email).toBe('anya@example.ru');
  });

  it('login: e-mail, then password; the server refusing shows its text and keeps the dialog open', async () => {
    const { user } = openDialog();
    const login = () => user.click(within(dialog('Вход')).getByRole('button', { name: 'Войти' }));
    stubApi({
      'POST /api/auth/token': () => {
        throw apiError(401, { detail: SERVER_MESSAGES.invalidCredentials, code: 'invalid_credentials' });
      },
    });

    await login();
    await expectToast(AUTH_MESSAGES.emailRequired);
    await user.type(field('Эл. почта'), 'anya@example.ru');
    await login();
    await expectToast(AUTH_MESSAGES.passwordRequiredLogin);
    await user.type(field('Пароль'), 'wrong-password');
    await login();
    await expectToast(SERVER_MESSAGES.invalidCredentials);
    expect(dialog('Вход')).toBeTruthy();
  });

  it('recovery: e-mail required, then its format; a sent link is shown in the dialog', async () => {
    const { user } = openDialog('recovery');
    const send = () => user.click(screen.getByRole('button', { name: 'Отправить ссылку' }));
    stubApi({
      'POST /api/auth/forgot-password': () => ({ success: true, message: SERVER_MESSAGES.recoveryGeneric }),
    });

    await send();
    await expectToast(AUTH_MESSAGES.recoveryEmailRequired);
    await user.type(field('Эл. почта'), 'anya@');
    await send();
    await expectToast(AUTH_MESSAGES.recoveryEmailInvalid);
    await user.type(field('Эл. почта'), 'example.ru');
    await send();
    expect(within(dialog('Восстановление пароля')).getByRole('status').textContent).toBe(
      AUTH_MESSAGES.recoverySuccess,
    );
  });
});
