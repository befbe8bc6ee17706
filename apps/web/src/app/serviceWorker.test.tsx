import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SW_MESSAGES } from '../sw/messages.ts';
import { render, screen, waitFor } from '../test/render.tsx';
import { onWorkerMessage, watchForUpdates } from './serviceWorker.ts';

class FakeWorker extends EventTarget {
  state = 'installed';
  posted: unknown[] = [];
  postMessage(message: unknown) {
    this.posted.push(message);
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  update = vi.fn(async () => undefined);
}

const container = new EventTarget() as EventTarget & { controller: object | null };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval'] });
  container.controller = {};
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the update prompt', () => {
  it('offers «Обновить» for a waiting worker; pressing it lets the new worker take over', async () => {
    const { user } = render(<div />);
    const registration = new FakeRegistration();
    const waiting = new FakeWorker();
    registration.waiting = waiting;
    watchForUpdates(registration as unknown as ServiceWorkerRegistration);

    expect(await screen.findByText('Доступна новая версия')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(waiting.posted).toEqual([{ type: SW_MESSAGES.skipWaiting }]);
  });

  it('offers it when an update finishes installing, but not for the first install', async () => {
    render(<div />);
    container.controller = null;
    const first = new FakeRegistration();
    watchForUpdates(first as unknown as ServiceWorkerRegistration);
    first.installing = new FakeWorker();
    first.waiting = first.installing;
    first.dispatchEvent(new Event('updatefound'));
    first.installing.dispatchEvent(new Event('statechange'));

    container.controller = {};
    const later = new FakeRegistration();
    watchForUpdates(later as unknown as ServiceWorkerRegistration);
    expect(screen.queryByText('Доступна новая версия')).toBeNull();
    later.installing = new FakeWorker();
    later.waiting = later.installing;
    later.dispatchEvent(new Event('updatefound'));
    later.installing.dispatchEvent(new Event('statechange'));
    expect(await screen.findByText('Доступна новая версия')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Доступна новая версия')).toHaveLength(1));
  });
});

describe('a notification click in the worker', () => {
  it('answers only its own navigate message with a path', () => {
    const answered: unknown[] = [];
    const port = { postMessage: (m: unknown) => answered.push(m) } as unknown as MessagePort;
    onWorkerMessage(new MessageEvent('message', { data: { type: 'other', url: '/chat/1' }, ports: [port] }));
    onWorkerMessage(
      new MessageEvent('message', {
        data: { type: SW_MESSAGES.navigate, url: 'https://evil.example/' },
        ports: [port],
      }),
    );
    expect(answered).toEqual([]);
  });
});
