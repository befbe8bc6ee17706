import { describe, expect, it, vi } from 'vitest';
import { SW_MESSAGES } from './messages.ts';
import {
  type ClientsLike,
  NOTIFICATION_ICON,
  notificationFor,
  openFromNotification,
  readPushPayload,
  safeTarget,
  type WindowClientLike,
} from './notifications.ts';

const ORIGIN = 'https://podruga.app';

describe('a push becomes a notification', () => {
  it('shows the PushPayload with the app icon and keeps its path for the click', () => {
    const payload = readPushPayload(
      JSON.stringify({ title: 'Новое сообщение', body: 'Алиса ответила', url: '/chat/abc', tag: 'chat-abc' }),
    );
    expect(notificationFor(payload, ORIGIN)).toEqual([
      'Новое сообщение',
      {
        body: 'Алиса ответила',
        icon: NOTIFICATION_ICON,
        lang: 'ru',
        tag: 'chat-abc',
        data: { url: '/chat/abc' },
      },
    ]);
  });

  it('still shows something for an empty or malformed message', () => {
    expect(readPushPayload(null)).toEqual({ title: 'Новое уведомление', body: '' });
    expect(readPushPayload('not json')).toEqual({ title: 'Новое уведомление', body: '' });
    expect(readPushPayload('{"title": 5, "body": "x"}')).toEqual({ title: 'Новое уведомление', body: 'x' });
  });

  it('opens only same-origin paths', () => {
    expect(safeTarget('/chat/1?x=1#m', ORIGIN)).toBe('/chat/1?x=1#m');
    expect(safeTarget('https://podruga.app/profile', ORIGIN)).toBe('/profile');
    expect(safeTarget('https://evil.example/chat', ORIGIN)).toBe('/');
    expect(safeTarget('//evil.example/chat', ORIGIN)).toBe('/');
    expect(safeTarget('javascript:alert(1)', ORIGIN)).toBe('/');
    expect(safeTarget(undefined, ORIGIN)).toBe('/');
  });
});

function windowClient(
  url: string,
  answer: boolean,
): WindowClientLike & { navigated: string[]; asked: string[] } {
  const client = {
    url,
    navigated: [] as string[],
    asked: [] as string[],
    focus: vi.fn(async () => client),
    navigate: vi.fn(async (to: string) => {
      client.navigated.push(to);
      return client;
    }),
    postMessage: (message: { type: string; url: string }, [port]: Transferable[]) => {
      expect(message.type).toBe(SW_MESSAGES.navigate);
      client.asked.push(message.url);
      if (answer) (port as MessagePort).postMessage('ok');
    },
  };
  return client;
}

function clientsWith(windows: WindowClientLike[]): ClientsLike & { opened: string[] } {
  const opened: string[] = [];
  return { opened, matchAll: async () => windows, openWindow: async (url) => opened.push(url) };
}

describe('a notification click', () => {
  it('opens a new window at the path when the app is not open', async () => {
    const clients = clientsWith([windowClient('https://other.example/', true)]);
    await openFromNotification(clients, ORIGIN, '/chat/abc');
    expect(clients.opened).toEqual(['/chat/abc']);
  });

  it('focuses the open app and lets its router go to the path', async () => {
    const app = windowClient(`${ORIGIN}/gfs`, true);
    const clients = clientsWith([app]);
    await openFromNotification(clients, ORIGIN, '/chat/abc');
    expect(app.focus).toHaveBeenCalled();
    expect(app.asked).toEqual(['/chat/abc']);
    expect(app.navigated).toEqual([]);
    expect(clients.opened).toEqual([]);
  });

  it('loads the open window at the path when the page does not answer', async () => {
    const app = windowClient(`${ORIGIN}/`, false);
    await openFromNotification(clientsWith([app]), ORIGIN, '/chat/abc', 20);
    expect(app.navigated).toEqual([`${ORIGIN}/chat/abc`]);
  });
});
