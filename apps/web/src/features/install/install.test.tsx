import { STORAGE_KEYS, type User } from '@podruga/shared';
import { SAMPLE_USER } from '@podruga/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api.ts';
import { act, render, screen, waitFor, within } from '../../test/render.tsx';
import { useAuth } from '../auth/store.ts';
import { usePushPermissionDialog } from '../notifications/permissionStore.ts';
import { InstallDialogHost } from './InstallDialogHost.tsx';
import {
  type BeforeInstallPromptEvent,
  initInstall,
  requestInstall,
  useInstall,
  useInstallDialog,
} from './installStore.ts';
import { watchPwaStatus } from './pwaStatus.ts';

function deferredPrompt(outcome: 'accepted' | 'dismissed'): BeforeInstallPromptEvent & { shown: boolean } {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent & {
    shown: boolean;
  };
  Object.assign(event, {
    shown: false,
    prompt: async () => {
      event.shown = true;
    },
    userChoice: Promise.resolve({ outcome }),
  });
  return event;
}

beforeEach(() => {
  useInstall.setState({ installed: false, standalone: false, deferredPrompt: null });
  useInstallDialog.setState({ opened: false, everOpened: false });
});

describe('requestInstall (001 §4 "App installation")', () => {
  it('says so when the app is already installed', async () => {
    useInstall.setState({ installed: true });
    render(<InstallDialogHost />);
    await act(() => requestInstall());
    expect(await screen.findByText('Приложение уже установлено')).toBeTruthy();
    expect(useInstallDialog.getState().opened).toBe(false);
  });

  it('shows the browser’s own prompt; accepted, the app counts as installed', async () => {
    initInstall();
    const prompt = deferredPrompt('accepted');
    act(() => {
      window.dispatchEvent(prompt);
    });
    expect(prompt.defaultPrevented).toBe(true);
    expect(useInstall.getState().deferredPrompt).toBe(prompt);

    render(<InstallDialogHost />);
    await act(() => requestInstall());
    expect(prompt.shown).toBe(true);
    expect(await screen.findByText('Приложение успешно установлено!')).toBeTruthy();
    expect(useInstall.getState()).toMatchObject({ installed: true, deferredPrompt: null });
    expect(localStorage.getItem(STORAGE_KEYS.installedPwa)).toBe('true');
  });

  it('a dismissed prompt changes nothing and is not shown twice', async () => {
    useInstall.setState({ deferredPrompt: deferredPrompt('dismissed') });
    await act(() => requestInstall());
    expect(useInstall.getState()).toMatchObject({ installed: false, deferredPrompt: null });
    expect(localStorage.getItem(STORAGE_KEYS.installedPwa)).toBeNull();
  });

  it('without a prompt opens the instructions for this browser, and another can be picked', async () => {
    const { user } = render(<InstallDialogHost />);
    await act(() => requestInstall());
    const dialog = await screen.findByRole('dialog', { name: 'Установить приложение' });
    expect(within(dialog).getByText(/до 30 вместо 20/)).toBeTruthy();
    const choices = within(dialog).getAllByRole('radio');
    expect(choices.map((c) => c.textContent)).toEqual([
      'Chrome',
      'Firefox',
      'Safari',
      'Edge',
      'Opera',
      'Samsung Internet',
    ]);
    expect(choices[0]?.getAttribute('aria-checked')).toBe('true');

    await user.click(within(dialog).getByRole('radio', { name: 'Samsung Internet' }));
    const samsung = within(dialog).getByRole('radio', { name: 'Samsung Internet' });
    expect(samsung.getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByText('Выбери «Добавить страницу на» → «Главный экран».')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Понятно' }));
    await waitFor(() => expect(useInstallDialog.getState().opened).toBe(false));
  });
});

const member: User = {
  ...SAMPLE_USER,
  name: 'Вера',
  email: 'vera@mail.ru',
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('the installed app marks a registered user (001 §4, §7)', () => {
  let permission: NotificationPermission;
  beforeEach(() => {
    permission = 'default';
    vi.stubGlobal('Notification', {
      get permission() {
        return permission;
      },
    });
    usePushPermissionDialog.setState({ opened: false, everOpened: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    useAuth.setState({ token: null, user: null, isAuthenticated: false });
  });

  it('sends `true`, refreshes the user and offers push once, 2 s later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const bodies: unknown[] = [];
    const api = stubApi({
      'POST /api/user/set-pwa-status': (options) => {
        bodies.push(options.json);
        return { ...member, is_pwa_user: true };
      },
      'GET /api/auth/validate': () => ({ valid: true, user: { ...member, is_pwa_user: true } }),
    });
    useAuth.setState({ token: 't', user: member, isAuthenticated: true });
    watchPwaStatus();
    // Not installed: nothing is sent.
    await vi.waitFor(() => expect(api.calls).toEqual([]));

    useInstall.setState({ installed: true });
    await vi.waitFor(() => expect(useAuth.getState().user?.is_pwa_user).toBe(true));
    expect(api.calls).toEqual(['POST /api/user/set-pwa-status', 'GET /api/auth/validate']);
    expect(bodies).toEqual([true]);

    expect(usePushPermissionDialog.getState().opened).toBe(false);
    vi.advanceTimersByTime(2_000);
    expect(usePushPermissionDialog.getState().opened).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.pwaPushPrompted)).toBe('true');

    // Already marked: a later change of the session sends nothing more.
    useAuth.setState({ user: { ...member, is_pwa_user: true } });
    expect(api.calls).toHaveLength(2);
  });

  it('leaves guests alone, and does not offer push once the permission is decided', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const api = stubApi({
      'POST /api/user/set-pwa-status': () => ({ ...member, id: 'u2', is_pwa_user: true }),
      'GET /api/auth/validate': () => ({ valid: true, user: { ...member, id: 'u2', is_pwa_user: true } }),
    });
    useInstall.setState({ installed: true });
    useAuth.setState({
      token: 'g',
      user: { ...member, id: 'g', membership_type: 'guest', email: null },
      isAuthenticated: true,
    });
    watchPwaStatus();
    expect(api.calls).toEqual([]);

    permission = 'granted';
    useAuth.setState({ token: 't2', user: { ...member, id: 'u2' }, isAuthenticated: true });
    await vi.waitFor(() => expect(useAuth.getState().user?.is_pwa_user).toBe(true));
    vi.advanceTimersByTime(2_000);
    expect(usePushPermissionDialog.getState().opened).toBe(false);
  });
});
