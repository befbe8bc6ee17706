import { NOTIFICATION_MESSAGES, type Notification } from '@podruga/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '../../test/api.ts';
import { act, expectToast, render, screen, waitFor, within } from '../../test/render.tsx';
import { useAuth } from '../auth/store.ts';
import { Bell, bellAction } from './Bell.tsx';
import { notificationsStore, useNotifications } from './store.ts';
import { badgeText, notificationTime } from './time.ts';

// The live socket has tests on the server side; here the bell alone.
vi.mock('./start.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./start.ts')>()),
  startLiveNotifications: vi.fn(),
}));

const NOW = Date.now();
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const note = (id: string, overrides: Partial<Notification> = {}): Notification => ({
  id,
  type: 'character_created',
  title: `Заголовок ${id}`,
  message: `Текст ${id}`,
  created_at: ago(30_000),
  read: false,
  data: { character_id: `char-${id}` },
  ...overrides,
});

beforeEach(() => {
  localStorage.clear();
  notificationsStore.reset();
  useAuth.setState({ token: 'session-token', user: null, isAuthenticated: true });
});

const bell = () => screen.getByRole('button', { name: /^Уведомления/ });
const badge = () => screen.queryByTestId('notifications-badge');

describe('the bell', () => {
  it('shows the unread count, capped at 99+', async () => {
    stubApi({ 'GET /api/notifications/unread-count': () => ({ count: 150 }) });
    render(<Bell />);
    await waitFor(() => expect(badge()?.textContent).toBe('99+'));
    expect(bell().getAttribute('aria-label')).toBe('Уведомления: 150 непрочитанных');
    act(() => notificationsStore.setUnread(7));
    expect(badge()?.textContent).toBe('7');
  });

  it('a failed count shows no badge; a live notification adds one', async () => {
    const stub = stubApi({
      'GET /api/notifications/unread-count': () => {
        throw apiError(500, { detail: 'Ошибка' });
      },
    });
    const stubApiCalls = () => stub.calls;
    render(<Bell />);
    const api = stubApiCalls();
    await waitFor(() => expect(api).toContain('GET /api/notifications/unread-count'));
    expect(badge()).toBeNull();
    act(() => notificationsStore.arrived(note('live')));
    expect(badge()?.textContent).toBe('1');
  });

  it('another session starts with its own count: nothing of the previous one stays', async () => {
    let count = 4;
    stubApi({ 'GET /api/notifications/unread-count': () => ({ count }) });
    render(<Bell />);
    await waitFor(() => expect(badge()?.textContent).toBe('4'));
    act(() => notificationsStore.arrived(note('old')));
    count = 0;
    act(() => useAuth.setState({ token: 'next-session' }));
    await waitFor(() => expect(badge()).toBeNull());
    expect(useNotifications.getState().items).toEqual([]);
  });

  it('opens the list with relative times, newest first; an empty list says so', async () => {
    stubApi({
      'GET /api/notifications/unread-count': () => ({ count: 3 }),
      'GET /api/notifications/recent': () => ({
        notifications: [
          note('a', { created_at: ago(20_000) }),
          note('b', { created_at: ago(5 * 60_000 + 1000) }),
          note('c', { created_at: ago(3 * 3600_000 + 1000), read: true }),
          note('d', { created_at: ago(2 * 86_400_000 + 1000), type: 'email_verified', data: {} }),
        ],
      }),
    });
    const { user } = render(<Bell />);
    await user.click(bell());
    const list = await screen.findByRole('dialog', { name: 'Уведомления' });
    await within(list).findByText('Заголовок a');
    for (const time of ['только что', '5 мин. назад', '3 ч. назад', '2 дн. назад']) {
      expect(within(list).getByText(time)).toBeTruthy();
    }
    expect(badge()?.textContent).toBe('3');
  });

  it('clicking a notification marks it read, closes the list and opens her chat', async () => {
    const api = stubApi({
      'GET /api/notifications/unread-count': () => ({ count: 1 }),
      'GET /api/notifications/recent': () => ({
        notifications: [note('a', { type: 'new_message', data: { character_id: 'her-id', chat_id: 'c1' } })],
      }),
      'POST /api/notifications/a/mark-read': () => ({ success: true }),
    });
    const { user, location } = render(<Bell />, { route: '/gfs' });
    await user.click(bell());
    await user.click(await screen.findByRole('button', { name: /Заголовок a/ }));
    expect(location().pathname).toBe('/chat/her-id');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Уведомления' })).toBeNull());
    expect(api.calls).toContain('POST /api/notifications/a/mark-read');
    expect(badge()).toBeNull();
  });

  it('a notification without a chat is only marked read', async () => {
    stubApi({
      'GET /api/notifications/unread-count': () => ({ count: 1 }),
      'GET /api/notifications/recent': () => ({
        notifications: [note('v', { type: 'email_verified', data: {} })],
      }),
      'POST /api/notifications/v/mark-read': () => ({ success: true }),
    });
    const { user, location } = render(<Bell />, { route: '/profile' });
    await user.click(bell());
    await user.click(await screen.findByRole('button', { name: /Заголовок v/ }));
    expect(location().pathname).toBe('/profile');
  });

  it('"read all" marks every one read with its toast; "clear" empties the list only, with its toast', async () => {
    const api = stubApi({
      'GET /api/notifications/unread-count': () => ({ count: 2 }),
      'GET /api/notifications/recent': () => ({ notifications: [note('a'), note('b')] }),
      'POST /api/notifications/mark-all-read': () => ({ success: true }),
    });
    const { user } = render(<Bell />);
    await user.click(bell());
    const list = await screen.findByRole('dialog', { name: 'Уведомления' });
    await within(list).findByText('Заголовок a');
    await user.click(within(list).getByRole('button', { name: 'Прочитать все' }));
    await expectToast(NOTIFICATION_MESSAGES.allRead);
    expect(api.calls).toContain('POST /api/notifications/mark-all-read');
    expect(badge()).toBeNull();

    const before = api.calls.length;
    await user.click(within(list).getByRole('button', { name: 'Очистить' }));
    await expectToast(NOTIFICATION_MESSAGES.cleared);
    expect(within(list).getByText('Пока нет уведомлений')).toBeTruthy();
    expect(api.calls.length).toBe(before);
  });

  it('a failed list shows the empty state', async () => {
    stubApi({
      'GET /api/notifications/unread-count': () => ({ count: 0 }),
      'GET /api/notifications/recent': () => {
        throw apiError(503, { detail: 'Нет связи' });
      },
    });
    const { user } = render(<Bell />);
    await user.click(bell());
    expect(await screen.findByText('Пока нет уведомлений')).toBeTruthy();
  });
});

describe('the bell click rules (001 §4)', () => {
  const base = { ios: false, installed: false, permission: 'default' as const, shouldAsk: true };
  it('iOS outside the installed app: the install instructions', () => {
    expect(bellAction({ ...base, ios: true })).toBe('install');
    expect(bellAction({ ...base, ios: true, installed: true })).toBe('ask');
  });
  it('unsupported: the list; should ask: the dialog; else the list', () => {
    expect(bellAction({ ...base, permission: 'unsupported' })).toBe('toggle');
    expect(bellAction(base)).toBe('ask');
    expect(bellAction({ ...base, shouldAsk: false })).toBe('toggle');
    expect(bellAction({ ...base, permission: 'granted', shouldAsk: false })).toBe('toggle');
  });
});

describe('times and the badge', () => {
  it('say «только что», minutes, hours, days', () => {
    const at = (ms: number) => new Date(NOW - ms).toISOString();
    expect(notificationTime(at(59_000), NOW)).toBe('только что');
    expect(notificationTime(at(60_000), NOW)).toBe('1 мин. назад');
    expect(notificationTime(at(59 * 60_000), NOW)).toBe('59 мин. назад');
    expect(notificationTime(at(3600_000), NOW)).toBe('1 ч. назад');
    expect(notificationTime(at(23 * 3600_000), NOW)).toBe('23 ч. назад');
    expect(notificationTime(at(86_400_000), NOW)).toBe('1 дн. назад');
    expect(notificationTime(at(90 * 86_400_000), NOW)).toBe('90 дн. назад');
  });
  it('cap at 99+', () => {
    expect(badgeText(99, 99)).toBe('99');
    expect(badgeText(100, 99)).toBe('99+');
  });
});
