// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_LOGGING_KEY, adminLog, adminLogSocket, setAdminLogging } from './adminLog.ts';

afterEach(() => {
  setAdminLogging(false);
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('admin logging (/hbar)', () => {
  it('writes nothing unless /hbar turned it on, then the sockets’ events both ways (no microphone frames)', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const listeners: Record<string, (event: string, ...args: unknown[]) => void> = {};
    adminLogSocket(
      {
        onAny: (l) => (listeners.in = l),
        onAnyOutgoing: (l) => (listeners.out = l),
      },
      'chat',
    );
    listeners.in?.('message_chunk', { chunk: 'При' });
    adminLog('api', 'GET /api/x → 200 in 3 ms');
    expect(info).not.toHaveBeenCalled();

    setAdminLogging(true);
    expect(localStorage.getItem(ADMIN_LOGGING_KEY)).toBe('true');
    listeners.in?.('message_chunk', { chunk: 'При' });
    listeners.out?.('message', { content: 'Привет' });
    listeners.out?.('voice:audio', { pcm: new Uint8Array(3200) });
    adminLog('api', 'GET /api/x → 200 in 3 ms');
    expect(info.mock.calls).toEqual([
      ['[admin] chat ←', 'message_chunk', { chunk: 'При' }],
      ['[admin] chat →', 'message', { content: 'Привет' }],
      ['[admin] api', 'GET /api/x → 200 in 3 ms'],
    ]);
  });
});
