import { afterEach, describe, expect, it, vi } from 'vitest';

const offline = { value: false };
const shown: unknown[] = [];
vi.mock('@mantine/notifications', () => {
  if (offline.value) throw new TypeError('Failed to fetch dynamically imported module');
  return { notifications: { clean: () => {}, show: (n: unknown) => shown.push(n) } };
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
  shown.length = 0;
});

describe('notify', () => {
  it('mounts the toast container only once the notifications package has loaded', async () => {
    offline.value = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { notify, useToastHost } = await import('./notify.tsx');
    notify.error('Ошибка при отправке сообщения');
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('toast failed', expect.anything()));
    // The server was unreachable: no container that would fail to render and blank the page.
    expect(useToastHost.getState().needed).toBe(false);

    offline.value = false;
    vi.resetModules();
    const again = await import('./notify.tsx');
    again.notify.error('Ошибка при отправке сообщения');
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    expect(again.useToastHost.getState().needed).toBe(true);
  });
});
