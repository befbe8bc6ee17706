import { NOTIFICATION_KEYS, NOTIFICATION_MESSAGES, NOTIFICATIONS, PUSH_PROMPTS } from '@podruga/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '../../test/render.tsx';
import { PushPermissionDialog } from './PushPermissionDialog.tsx';
import { shouldAskPushPermission, usePushPermissionDialog } from './permissionStore.ts';
import { enablePush } from './push.ts';
import { pushPermissionState } from './support.ts';

vi.mock('./push.ts', () => ({ enablePush: vi.fn() }));
vi.mock('./support.ts', () => ({ pushPermissionState: vi.fn(() => 'default') }));

beforeEach(() => {
  localStorage.clear();
  vi.mocked(pushPermissionState).mockReturnValue('default');
  vi.mocked(enablePush).mockReset();
  usePushPermissionDialog.setState({ opened: false, everOpened: false, variant: 0 });
});

const openDialog = () => act(() => usePushPermissionDialog.getState().open());
const titles = PUSH_PROMPTS.map((p) => p.title);

describe('should the dialog be offered (001 §4)', () => {
  it('only when supported, neither granted nor denied, and not asked within 7 days', () => {
    const now = Date.now();
    expect(shouldAskPushPermission(now)).toBe(true);
    for (const state of ['unsupported', 'granted', 'denied'] as const) {
      vi.mocked(pushPermissionState).mockReturnValueOnce(state);
      expect(shouldAskPushPermission(now)).toBe(false);
    }
    localStorage.setItem(NOTIFICATION_KEYS.deniedAt, String(now - NOTIFICATIONS.reaskMs + 60_000));
    expect(shouldAskPushPermission(now)).toBe(false);
    expect(shouldAskPushPermission(now + 60_000)).toBe(true);
  });

  it('showing it counts as asking', () => {
    usePushPermissionDialog.getState().open();
    expect(shouldAskPushPermission()).toBe(false);
  });
});

describe('the permission dialog', () => {
  it('rotates among the three texts', async () => {
    render(<PushPermissionDialog />);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      openDialog();
      const dialog = await screen.findByRole('dialog');
      seen.push(titles.find((title) => dialog.textContent?.includes(title)) ?? '?');
      act(() => usePushPermissionDialog.getState().close());
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    expect(seen).toEqual([titles[0], titles[1], titles[2], titles[0]]);
  });

  it('allow → granted: subscribes, says so, and closes after 1 s', async () => {
    vi.mocked(enablePush).mockResolvedValue('granted');
    const { user } = render(<PushPermissionDialog />);
    openDialog();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.click(await screen.findByRole('button', { name: 'Разрешить' }));
      expect(await screen.findByText(NOTIFICATION_MESSAGES.enabledDialog)).toBeTruthy();
      expect(usePushPermissionDialog.getState().opened).toBe(true);
      act(() => vi.advanceTimersByTime(NOTIFICATIONS.successCloseMs));
      expect(usePushPermissionDialog.getState().opened).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('allow → denied: the blocked message', async () => {
    vi.mocked(enablePush).mockResolvedValue('denied');
    const { user } = render(<PushPermissionDialog />);
    openDialog();
    await user.click(await screen.findByRole('button', { name: 'Разрешить' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.blocked)).toBeTruthy();
  });

  it('a failed subscription says so and lets the user try again', async () => {
    vi.mocked(enablePush).mockRejectedValue(new Error('Permission not granted'));
    const { user } = render(<PushPermissionDialog />);
    openDialog();
    await user.click(await screen.findByRole('button', { name: 'Разрешить' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.enableFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Разрешить' })).toBeTruthy();
  });

  it('decline stores the time and closes', async () => {
    const { user } = render(<PushPermissionDialog />);
    openDialog();
    await user.click(await screen.findByRole('button', { name: 'Не сейчас' }));
    expect(usePushPermissionDialog.getState().opened).toBe(false);
    expect(Number(localStorage.getItem(NOTIFICATION_KEYS.deniedAt))).toBeGreaterThan(0);
    expect(enablePush).not.toHaveBeenCalled();
  });
});
