import { NOTIFICATION_MESSAGES } from '@podruga/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api.ts';
import { expectToast, render, screen } from '../../test/render.tsx';
import { NotificationsControl } from './NotificationsControl.tsx';
import { currentSubscription, disablePush, enablePush, pushPermissionState } from './push.ts';

vi.mock('./push.ts', () => ({
  pushPermissionState: vi.fn(() => 'default'),
  currentSubscription: vi.fn(async () => null),
  enablePush: vi.fn(),
  disablePush: vi.fn(async () => {}),
}));

const subscribed = () => vi.mocked(currentSubscription).mockResolvedValue({} as PushSubscription);

beforeEach(() => {
  vi.mocked(pushPermissionState).mockReturnValue('default');
  vi.mocked(currentSubscription).mockResolvedValue(null);
  vi.mocked(enablePush).mockReset();
});

const toggle = () => screen.findByRole('switch', { name: 'Push-уведомления' });

describe('the profile notifications control', () => {
  it('turning it on asks, subscribes and says so', async () => {
    vi.mocked(enablePush).mockImplementation(async () => {
      vi.mocked(pushPermissionState).mockReturnValue('granted');
      subscribed();
      return 'granted';
    });
    const { user } = render(<NotificationsControl />);
    expect(((await toggle()) as HTMLInputElement).checked).toBe(false);
    await user.click(await toggle());
    await expectToast(NOTIFICATION_MESSAGES.enabled);
    expect(((await toggle()) as HTMLInputElement).checked).toBe(true);
  });

  it('denied gives the profile blocked text; a failure names its reason', async () => {
    vi.mocked(enablePush).mockResolvedValueOnce('denied');
    const { user } = render(<NotificationsControl />);
    await user.click(await toggle());
    await expectToast(NOTIFICATION_MESSAGES.blockedProfile);
    vi.mocked(enablePush).mockRejectedValueOnce(
      new Error('Push notifications are not supported in this browser'),
    );
    await user.click(await toggle());
    await expectToast(
      'Не удалось включить уведомления: Push notifications are not supported in this browser',
    );
  });

  it('when on: turning it off unsubscribes; the test button reports both answers', async () => {
    vi.mocked(pushPermissionState).mockReturnValue('granted');
    subscribed();
    let success = true;
    stubApi({ 'POST /api/push/test': () => ({ success, message: '' }) });
    const { user } = render(<NotificationsControl />);
    await user.click(await screen.findByRole('button', { name: 'Проверить' }));
    await expectToast(NOTIFICATION_MESSAGES.testSent);
    success = false;
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    await expectToast(NOTIFICATION_MESSAGES.testFailed);
    vi.mocked(currentSubscription).mockResolvedValue(null);
    await user.click(await toggle());
    expect(disablePush).toHaveBeenCalled();
  });

  it('blocked in the browser: the switch is off and says how to allow them', async () => {
    vi.mocked(pushPermissionState).mockReturnValue('denied');
    render(<NotificationsControl />);
    expect(((await toggle()) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(NOTIFICATION_MESSAGES.blockedProfile)).toBeTruthy();
  });
});
