import { STORAGE_KEYS, type User } from '@podruga/shared';
import { SAMPLE_USER } from '@podruga/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api.ts';
import { render, screen, waitFor } from '../../test/render.tsx';
import { useAuthDialog } from '../auth/dialogStore.ts';
import { useAuth } from '../auth/store.ts';
import { useHelpDialog } from '../help/helpStore.ts';
import * as install from '../install/installStore.ts';
import { useSupportDialog } from '../support/supportStore.ts';
import { UserMenuDropdown } from './UserMenuDropdown.tsx';

const MEMBER: User = { ...SAMPLE_USER, email_verified: true };
const GUEST: User = { ...MEMBER, id: 'g1', name: 'Guest_1', email: null, membership_type: 'guest' };
const PLUS: User = { ...MEMBER, membership_type: 'plus', membership_expiry: '2099-01-01T00:00:00Z' };
const EXPIRED: User = { ...PLUS, membership_expiry: '2020-01-01T00:00:00Z' };

function showMenu(user: User) {
  useAuth.setState({ token: 'token', user, isAuthenticated: true, isInitialized: true });
  stubApi({ 'GET /api/chats/': () => [], 'GET /api/characters/': () => [] });
  return render(<UserMenuDropdown defaultOpened />);
}

const items = () => screen.getAllByRole('menuitem').map((item) => item.textContent);
const label = () => document.querySelector('.mantine-Menu-label')?.textContent;

beforeEach(() => {
  install.useInstall.setState({ installed: false });
  useHelpDialog.setState({ opened: false, everOpened: false });
  useSupportDialog.setState({ opened: false, everOpened: false, presetType: null, locked: false });
});
afterEach(() => {
  useAuth.setState({ token: null, user: null, isAuthenticated: false });
  useAuthDialog.setState({ opened: false });
});

describe('the user menu (001 §2)', () => {
  it('a free member: the nine items in order, «Обновить до Plus» among them, «Выйти» last', async () => {
    showMenu(MEMBER);
    expect(label()).toBe('Аня');
    expect(items()).toEqual([
      'Аккаунт',
      'Мои подруги',
      'Галерея подруг',
      'Создание по образу',
      'Установить приложение',
      'Обновить до Plus',
      'Помощь',
      'Поддержка',
      'Выйти',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Аккаунт' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('menuitem', { name: 'Галерея подруг' }).getAttribute('href')).toBe('/gfs');
    expect(screen.getByRole('menuitem', { name: 'Создание по образу' }).getAttribute('href')).toBe('/ex');
    expect(screen.getByRole('menuitem', { name: 'Обновить до Plus' }).getAttribute('href')).toBe('/plus');
  });

  it('a guest is «Гость» and gets «Войти», which opens the login form', async () => {
    localStorage.setItem(STORAGE_KEYS.lastVisitedPath, '/');
    const { user } = showMenu(GUEST);
    expect(label()).toBe('Гость');
    expect(items().at(-1)).toBe('Войти');
    expect(items()).not.toContain('Выйти');
    await user.click(screen.getByRole('menuitem', { name: 'Войти' }));
    expect(useAuthDialog.getState()).toMatchObject({ opened: true, mode: 'login' });
  });

  it('Plus: no upgrade; support opens with «Больше грязи» preset and locked', async () => {
    const { user } = showMenu(PLUS);
    expect(items()).not.toContain('Обновить до Plus');
    await user.click(screen.getByRole('menuitem', { name: 'Поддержка' }));
    expect(useSupportDialog.getState()).toMatchObject({
      opened: true,
      presetType: 'Больше грязи (увеличение лимитов)',
      locked: true,
    });
  });

  it('an expired Plus is offered the upgrade again; support opens with no preset', async () => {
    const { user } = showMenu(EXPIRED);
    expect(items()).toContain('Обновить до Plus');
    await user.click(screen.getByRole('menuitem', { name: 'Поддержка' }));
    expect(useSupportDialog.getState()).toMatchObject({ opened: true, presetType: null, locked: false });
  });

  it('«Установить приложение» asks to install, and is gone once the app is installed', async () => {
    const requestInstall = vi.spyOn(install, 'requestInstall').mockResolvedValue();
    const { user } = showMenu(MEMBER);
    await user.click(screen.getByRole('menuitem', { name: 'Установить приложение' }));
    expect(requestInstall).toHaveBeenCalledOnce();
    install.useInstall.setState({ installed: true });
    await user.click(screen.getByRole('button', { name: 'Меню пользователя' }));
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Аккаунт' })).not.toBeNull());
    expect(items()).not.toContain('Установить приложение');
  });

  it('«Помощь» opens the help guide', async () => {
    const { user } = showMenu(MEMBER);
    await user.click(screen.getByRole('menuitem', { name: 'Помощь' }));
    expect(useHelpDialog.getState().opened).toBe(true);
  });
});
