import { type LimitTier, PRODUCT_FEATURES, SUPPORT_LIMITS_ISSUE } from '@podruga/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { getBrand } from '../../app/brand.ts';
import { render, screen, waitFor, within } from '../../test/render.tsx';
import { AuthDialog } from '../auth/AuthDialog.tsx';
import { useAuthDialog } from '../auth/dialogStore.ts';
import { useInstall, useInstallDialog } from '../install/installStore.ts';
import { useSupportDialog } from '../support/supportStore.ts';
import { fromRateLimit } from './messages.ts';
import { RateLimitCard } from './RateLimitCard.tsx';
import type { LimitStatus } from './store.ts';

const T0 = Date.parse('2026-11-22T12:00:00Z');
const MINUTE = 60_000;

/** The card a `rate_limit` event of `tier` (about `kind`) made at T0, renewing in 3 h 15 min. */
function card(
  tier: LimitTier,
  content = 'Дневной лимит сообщений исчерпан. Лимит обновится через 3 ч 15 мин.',
  kind: 'messages' | 'photos' | 'videos' = 'messages',
) {
  return fromRateLimit(
    {
      id: 'card-1',
      content,
      metadata: { show_upgrade_button: true, tier, reset_hours: 3, reset_minutes: 15, limit_type: kind },
      limit_type: kind,
      remaining: 0,
      reset_hours: 3,
      reset_minutes: 15,
      user_type: tier,
      chat_id: 'c1',
    },
    T0,
  );
}

function showCard(
  tier: LimitTier,
  { limit = null, now = T0 }: { limit?: LimitStatus | null; now?: number } = {},
) {
  return render(
    <>
      <RateLimitCard message={card(tier)} limit={limit} now={now} />
      <AuthDialog />
    </>,
  );
}

const theCard = () => screen.getByTestId('rate-limit-card');
const buttons = () =>
  within(theCard())
    .queryAllByRole('button')
    .map((b) => b.textContent);

afterEach(() => {
  useAuthDialog.getState().close();
  useAuthDialog.getState().reset();
});

describe('rate-limit card', () => {
  it('tells a guest the limit, when it renews and what registering gives; «Регистрация» opens the dialog', async () => {
    const { user } = showCard('guest');
    const text = theCard().textContent;
    // The server's "Лимит обновится через …" was true only when it was written: the card counts down itself.
    expect(within(theCard()).getByText('Дневной лимит сообщений исчерпан.')).toBeTruthy();
    expect(within(theCard()).getByText('Лимит обновится через 3 ч 15 мин')).toBeTruthy();
    expect(text).toContain('С регистрацией — 10 сообщений в день, с Plus — 50.');
    expect(buttons()).toEqual(['Регистрация', 'Получить Plus']);

    await user.click(within(theCard()).getByRole('button', { name: 'Регистрация' }));
    expect(screen.getByRole('dialog', { name: 'Создать аккаунт' })).toBeTruthy();
  });

  it('counts the time left down from when the card was made', () => {
    const { rerender } = showCard('free', { now: T0 + 15 * MINUTE });
    expect(within(theCard()).getByText('Лимит обновится через 3 ч')).toBeTruthy();
    rerender(<RateLimitCard message={card('free')} limit={null} now={T0 + 3 * 60 * MINUTE + 14 * MINUTE} />);
    expect(within(theCard()).getByText('Лимит обновится через 1 мин')).toBeTruthy();
    rerender(<RateLimitCard message={card('free')} limit={null} now={T0 + 4 * 60 * MINUTE} />);
    expect(within(theCard()).getByText('Лимит скоро обновится')).toBeTruthy();
  });

  it('follows the tier the user has now, not the one it was written for', () => {
    const { rerender } = showCard('guest');
    expect(buttons()).toEqual(['Регистрация', 'Получить Plus']);
    // The guest registered: the same card stops offering registration.
    rerender(<RateLimitCard message={card('guest')} limit={{ tier: 'free', room: false }} now={T0} />);
    // What a free user can do today without paying: confirm the e-mail, install the app (000 §4).
    expect(buttons()).toEqual(['Установить приложение', 'Получить Plus']);
    expect(theCard().textContent).not.toContain('С регистрацией');
    expect(theCard().textContent).toContain(
      'Подтверди эл. почту — будет 20 сообщений в день, в приложении — 30, с Plus — 50.',
    );
  });

  it('«Установить приложение» starts the install flow: the instructions when the browser has no prompt', async () => {
    useInstall.setState({ installed: false, deferredPrompt: null });
    useInstallDialog.setState({ opened: false, everOpened: false });
    const { user } = showCard('verified');
    expect(theCard().textContent).toContain('В приложении — 30 сообщений в день, с Plus — 50.');
    await user.click(within(theCard()).getByRole('button', { name: 'Установить приложение' }));
    await waitFor(() => expect(useInstallDialog.getState().opened).toBe(true));
  });

  it('offers a Plus member the address and the support form for larger limits, and a VIP nothing', async () => {
    const { unmount, user } = showCard('plus');
    const mail = within(theCard()).getByRole('link', { name: getBrand().supportEmail });
    expect(mail.getAttribute('href')).toBe(`mailto:${getBrand().supportEmail}`);
    expect(theCard().textContent).toContain('Нужны большие лимиты? Напиши нам:');
    // The form opens with «Больше грязи (увеличение лимитов)», locked (001 §5, §6).
    await user.click(within(theCard()).getByRole('button', { name: 'Написать в поддержку' }));
    expect(useSupportDialog.getState()).toMatchObject({
      opened: true,
      presetType: SUPPORT_LIMITS_ISSUE,
      locked: true,
    });
    useSupportDialog.getState().close();
    unmount();

    showCard('vip');
    expect(buttons()).toEqual([]);
    expect(within(theCard()).queryByRole('link')).toBeNull();
  });

  it('once the limit leaves room again says «Лимит обновлён — можно продолжать» and offers nothing', () => {
    showCard('guest', { limit: { tier: 'free', room: true } });
    expect(theCard().textContent).toBe('Лимит обновлён — можно продолжать');
    expect(buttons()).toEqual([]);
  });

  it('offers «Получить Plus» with its 50 messages to every tier below Plus, now that Plus can be bought', () => {
    // Decision 0010: copy promises only what exists; payments are live since issue 13.
    expect(PRODUCT_FEATURES.payments).toBe(true);
    for (const tier of ['guest', 'free', 'verified', 'pwa'] as const) {
      const { unmount } = showCard(tier);
      expect(screen.getByRole('button', { name: 'Получить Plus' })).toBeTruthy();
      expect(theCard().textContent).toMatch(/с Plus — 50/i);
      unmount();
    }
  });

  it('a card about her photos speaks of photos, with the same buttons, and stays while messages have room', () => {
    const photos = card('guest', 'Фото на сегодня закончились. Лимит обновится через 3 ч 15 мин.', 'photos');
    const { rerender } = render(
      <RateLimitCard message={photos} limit={{ tier: 'guest', room: true }} now={T0} />,
    );
    expect(theCard().dataset.limit).toBe('photos');
    expect(within(theCard()).getByText('Фото на сегодня закончились.')).toBeTruthy();
    expect(within(theCard()).getByText('Лимит обновится через 3 ч 15 мин')).toBeTruthy();
    expect(theCard().textContent).toContain('С регистрацией — 5 фото в день, с Plus — без ограничений.');
    expect(theCard().textContent).not.toContain('сообщений');
    expect(buttons()).toEqual(['Регистрация', 'Получить Plus']);
    // Registered: a free account’s photos a day are more than a guest’s.
    rerender(<RateLimitCard message={photos} limit={{ tier: 'free', room: true }} now={T0} />);
    expect(theCard().textContent).toBe('Лимит обновлён — можно продолжать');
  });

  it('a card about her videos offers a Plus member VIP’s number', () => {
    render(
      <RateLimitCard message={card('plus', '', 'videos')} limit={{ tier: 'plus', room: true }} now={T0} />,
    );
    expect(theCard().dataset.limit).toBe('videos');
    expect(theCard().textContent).toContain('Видео на сегодня закончились.');
    expect(theCard().textContent).toContain('С VIP — 10 видео в день.');
  });
});
