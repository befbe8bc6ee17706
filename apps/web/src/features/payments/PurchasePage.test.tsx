import {
  type Access,
  lastPaymentKeys,
  PAYMENT_MESSAGES,
  PAYMENT_REGISTRATION_MESSAGES,
  PAYMENT_TIMERS,
  type PaymentStatusResponse,
  type User,
} from '@podruga/shared';
import { SAMPLE_USER } from '@podruga/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api.ts';
import { expectToast, render, screen, waitFor, within } from '../../test/render.tsx';
import { authActions, useAuth } from '../auth/store.ts';
import { paymentsApi } from './api.ts';
import { formatRub } from './format.ts';
import { PlusPage, VipPage } from './PurchasePage.tsx';

vi.mock('./api.ts', () => ({
  paymentsApi: {
    status: vi.fn(),
    recent: vi.fn(),
    cactuspayCreateSimple: vi.fn(),
  },
}));

// The dialogs are W2's; here each is a plain dialog that names itself and offers its way out.
vi.mock('./dialogs/index.ts', () => {
  const named =
    (name: string) =>
    (props: {
      opened: boolean;
      onClose?: () => void;
      onContinue?: () => void;
      onSuccess?: (id: string) => void;
    }) =>
      props.opened ? (
        <div role="dialog" aria-label={name}>
          {props.onContinue && (
            <button type="button" onClick={props.onContinue}>
              Продолжить
            </button>
          )}
          {props.onSuccess && (
            <button type="button" onClick={() => props.onSuccess?.('order_dialogpaid1234')}>
              Оплачено
            </button>
          )}
          {props.onClose && (
            <button type="button" onClick={props.onClose}>
              Закрыть диалог
            </button>
          )}
        </div>
      ) : null;
  return {
    CryptoPaymentDialog: named('crypto'),
    BankTransferDialog: (p: { opened: boolean; method: string }) => named(`transfer ${p.method}`)(p),
    RedirectPaymentDialog: (p: { opened: boolean; onServiceError(): void; onClose(): void }) =>
      p.opened ? (
        <div role="dialog" aria-label="redirect">
          <button type="button" onClick={p.onServiceError}>
            Сбой сервиса
          </button>
        </div>
      ) : null,
    PaymentServiceErrorDialog: (p: { opened: boolean; onPick(method: string): void; onClose(): void }) =>
      p.opened ? (
        <div role="dialog" aria-label="service error">
          <button
            type="button"
            onClick={() => {
              p.onPick('crypto');
              p.onClose();
            }}
          >
            Криптой
          </button>
        </div>
      ) : null,
    PaymentNotCompletedDialog: (p: { opened: boolean; text?: string; onClose(): void }) =>
      p.opened ? (
        <div role="dialog" aria-label={PAYMENT_MESSAGES.notCompletedTitle}>
          {p.text}
        </div>
      ) : null,
    PaymentSuccessDialog: named('success'),
    TempAccountDialog: named('temp account'),
    AnonymousAccountDialog: named('anonymous account'),
  };
});

const api = vi.mocked(paymentsApi);
const FUTURE = '2099-12-25T10:00:00Z';
const ORDER = 'order_abcdefgh12345678';
const GUEST: User = { ...SAMPLE_USER, id: 'g1', name: 'Guest_1', email: null, membership_type: 'guest' };
const MEMBER: User = { ...SAMPLE_USER };
const PLUS: User = { ...MEMBER, membership_type: 'plus', membership_expiry: FUTURE };

const NO_ACCESS: Access = { plus_active: false, vip_active: false, plus_expiry: null, vip_expiry: null };
const PLUS_ACCESS: Access = { ...NO_ACCESS, plus_active: true, plus_expiry: FUTURE };

function status(p2p: PaymentStatusResponse['p2p_status'], access = NO_ACCESS): PaymentStatusResponse {
  const state = p2p === 'completed' ? 'paid' : p2p;
  return { payment_id: ORDER, status: state, paid: p2p === 'completed', p2p_status: p2p, access };
}

function signIn(user: User) {
  useAuth.setState({ token: 'token', user, isAuthenticated: true, isInitialized: true });
}

function stubPage(payments: Record<string, { mode: string; provider: string }> = {}) {
  return stubApi({
    'GET /api/config': () => ({ payments }),
    'GET /api/catalogue': () => ({ items: [] }),
  });
}

/** Testing Library reads text with its spaces made plain; the prices are written with non-breaking ones. */
const text = (value: string) => value.replace(/\u00a0/g, ' ');

const payButton = () => screen.getByRole('button', { name: /^Оплатить/ });

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.recent.mockResolvedValue({ success: false, payments: [], access: NO_ACCESS });
});
afterEach(() => {
  vi.useRealTimers();
  useAuth.setState({ token: null, user: null, isAuthenticated: false });
});

describe('the Plus page: plans and prices', () => {
  it('offers three plans, the quarterly one chosen, with per-month prices and savings', async () => {
    signIn(GUEST);
    stubPage();
    const { user } = render(<PlusPage />, { route: '/plus' });
    expect(screen.getByRole('heading', { level: 1, name: 'Plus' })).toBeTruthy();
    const quarterly = screen.getByRole('radio', { name: `3 месяца, ${formatRub(2490)}` });
    expect(quarterly.getAttribute('aria-checked')).toBe('true');
    expect(
      screen.getByRole('radio', { name: `1 месяц, ${formatRub(1090)}` }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(screen.getByText(text(`${formatRub(830)} в месяц`))).toBeTruthy();
    expect(screen.getByText(text(`${formatRub(665)} в месяц`))).toBeTruthy();
    expect(screen.getByText(text(`Экономия ${formatRub(780)}`))).toBeTruthy();
    expect(screen.getByText(text(`Экономия ${formatRub(5090)}`))).toBeTruthy();
    expect(screen.getByText(PAYMENT_MESSAGES.oneTimeNote)).toBeTruthy();
    expect(payButton().textContent).toBe(`Оплатить ${formatRub(2490)}`);
    await user.click(screen.getByRole('radio', { name: `12 месяцев, ${formatRub(7990)}` }));
    expect(payButton().textContent).toBe(`Оплатить ${formatRub(7990)}`);
    // Real numbers, never "unlimited" (DESIGN §5).
    expect(screen.getByText('50 сообщений в день')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/безлимит|неогранич/i);
  });

  it('a method switched off is disabled with its reason; a sandbox one says it is a test', async () => {
    signIn(MEMBER);
    stubPage({
      cactuspay: { mode: 'off', provider: 'cactuspay' },
      platega: { mode: 'sandbox', provider: 'sandbox' },
    });
    const { user } = render(<PlusPage />, { route: '/plus' });
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Банковская карта' }).hasAttribute('disabled')).toBe(true),
    );
    // The default card method is off: the next way to pay is chosen instead.
    expect(screen.getByRole('radio', { name: 'Карта или СБП' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(PAYMENT_MESSAGES.sandboxTitle)).toBeTruthy();
    const off = screen.getByRole('radio', { name: 'Банковская карта' }).parentElement as HTMLElement;
    await user.hover(off);
    expect(await screen.findByText(PAYMENT_MESSAGES.cardUnavailable)).toBeTruthy();
  });
});

describe('the Plus page: buying', () => {
  it('checks the registration details in the 002 §5 order before anything is sent', async () => {
    signIn(GUEST);
    stubPage();
    const register = vi.spyOn(authActions, 'register');
    const { user } = render(<PlusPage />, { route: '/plus' });
    await user.type(screen.getByLabelText('Эл. почта'), 'anya@mail.ru');
    await user.click(payButton());
    await expectToast(PAYMENT_REGISTRATION_MESSAGES.nameRequired);
    await user.type(screen.getByLabelText('Имя'), 'Аня');
    await user.click(payButton());
    await expectToast(PAYMENT_REGISTRATION_MESSAGES.passwordRequired);
    await user.type(screen.getByLabelText('Пароль'), 'short');
    await user.click(payButton());
    await expectToast(PAYMENT_REGISTRATION_MESSAGES.passwordTooShort);
    expect(register).not.toHaveBeenCalled();
    expect(api.cactuspayCreateSimple).not.toHaveBeenCalled();
  });

  it('no account to be had: the error, and no payment', async () => {
    signIn(GUEST);
    stubPage();
    const refuse = () => Promise.reject(new Error('refused'));
    vi.spyOn(authActions, 'register').mockImplementation(refuse);
    vi.spyOn(authActions, 'login').mockImplementation(refuse);
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = render(<PlusPage />, { route: '/plus' });
    await user.type(screen.getByLabelText('Имя'), 'Аня');
    await user.type(screen.getByLabelText('Эл. почта'), 'anya@mail.ru');
    await user.type(screen.getByLabelText('Пароль'), 'secret123');
    await user.click(payButton());
    await expectToast(PAYMENT_MESSAGES.accountFailed);
    expect(api.cactuspayCreateSimple).not.toHaveBeenCalled();
  });

  it('by card: the payment page opens in the new tab, the order is remembered and waited for', async () => {
    signIn(MEMBER);
    stubPage();
    const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    api.cactuspayCreateSimple.mockResolvedValue({
      success: true,
      payment_url: 'https://pay.example/p/1',
      order_id: ORDER,
      sandbox: false,
    });
    const { user } = render(<PlusPage />, { route: '/plus' });
    await user.click(payButton());
    const panel = await screen.findByRole('region', { name: 'Статус платежа' });
    expect(within(panel).getByText(PAYMENT_MESSAGES.createdWaiting)).toBeTruthy();
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(api.cactuspayCreateSimple).toHaveBeenCalledWith('quarterly');
    expect(tab.location.href).toBe('https://pay.example/p/1');
    expect(tab.opener).toBeNull();
    expect(localStorage.getItem(lastPaymentKeys('plus').id)).toBe(ORDER);
    // Waiting (not yet processing) may be cancelled.
    await user.click(within(panel).getByRole('button', { name: 'Отменить' }));
    expect(screen.queryByRole('region', { name: 'Статус платежа' })).toBeNull();
    expect(localStorage.getItem(lastPaymentKeys('plus').id)).toBeNull();
  });

  it('by crypto or bank transfer: the provider dialog opens; its success shows the success dialog', async () => {
    signIn(MEMBER);
    stubPage();
    const refresh = vi.spyOn(authActions, 'refreshUser').mockResolvedValue();
    const { user, location } = render(<PlusPage />, { route: '/plus' });
    await user.click(screen.getByRole('radio', { name: 'СБП (Альфа-Банк)' }));
    await user.click(payButton());
    const transfer = await screen.findByRole('dialog', { name: 'transfer SBP_ALFA' });
    await user.click(within(transfer).getByRole('button', { name: 'Закрыть диалог' }));
    await user.click(screen.getByRole('radio', { name: 'Криптовалюта' }));
    await user.click(payButton());
    const crypto = await screen.findByRole('dialog', { name: 'crypto' });
    await user.click(within(crypto).getByRole('button', { name: 'Оплачено' }));
    const success = await screen.findByRole('dialog', { name: 'success' });
    expect(refresh).toHaveBeenCalled();
    await user.click(within(success).getByRole('button', { name: 'Продолжить' }));
    expect(location().pathname).toBe('/profile');
  });

  it('the redirect provider failing: the service-error dialog, then the method picked there', async () => {
    signIn(MEMBER);
    stubPage();
    const { user } = render(<PlusPage />, { route: '/plus' });
    await user.click(screen.getByRole('radio', { name: 'Карта или СБП' }));
    await user.click(payButton());
    const redirect = await screen.findByRole('dialog', { name: 'redirect' });
    await user.click(within(redirect).getByRole('button', { name: 'Сбой сервиса' }));
    const failed = await screen.findByRole('dialog', { name: 'service error' });
    await user.click(within(failed).getByRole('button', { name: 'Криптой' }));
    // The picked dialog stays open although the service-error one said "closed" after the pick.
    await screen.findByRole('dialog', { name: 'crypto' });
    expect(screen.queryByRole('dialog', { name: 'service error' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Криптовалюта' }).getAttribute('aria-checked')).toBe('true');
  });

  it('an anonymous buyer is offered to set up her account 2 s after the success', async () => {
    signIn(GUEST);
    stubPage();
    // The refreshed user has Plus now: that must not send her away from the page's dialogs.
    vi.spyOn(authActions, 'refreshUser').mockImplementation(async () => {
      useAuth.setState({ user: { ...GUEST, membership_type: 'plus', membership_expiry: FUTURE } });
    });
    const { user, location } = render(<PlusPage />, { route: '/plus' });
    await user.click(screen.getByRole('radio', { name: 'Криптовалюта' }));
    await user.click(payButton());
    const crypto = await screen.findByRole('dialog', { name: 'crypto' });
    expect(sessionStorage.getItem('has_anonymous_account')).toBe('true');
    await user.click(within(crypto).getByRole('button', { name: 'Оплачено' }));
    const success = await screen.findByRole('dialog', { name: 'success' });
    await user.click(within(success).getByRole('button', { name: 'Продолжить' }));
    // Not at once: the follow-up comes after PAYMENT_TIMERS.accountDialogDelayMs, on the page.
    expect(screen.queryByRole('dialog', { name: 'anonymous account' })).toBeNull();
    expect(location().pathname).toBe('/plus');
    const follow = await screen.findByRole('dialog', { name: 'anonymous account' });
    await user.click(within(follow).getByRole('button', { name: 'Закрыть диалог' }));
    expect(location().pathname).toBe('/profile');
  });
});

describe('the Plus page: on opening', () => {
  it('payment=failed: the "not completed" dialog, and the address cleared', async () => {
    signIn(MEMBER);
    stubPage();
    const { location } = render(<PlusPage />, { route: '/plus?payment=failed' });
    const dialog = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.notCompletedTitle });
    expect(dialog.textContent).toBe(PAYMENT_MESSAGES.failedQuery);
    expect(location().search).toBe('');
  });

  it('a stored id of an old format is dropped unchecked', async () => {
    signIn(MEMBER);
    stubPage();
    localStorage.setItem(lastPaymentKeys('plus').id, 'client-1234567890');
    localStorage.setItem(lastPaymentKeys('plus').time, String(Date.now()));
    render(<PlusPage />, { route: '/plus' });
    await screen.findByRole('heading', { level: 1, name: 'Plus' });
    expect(localStorage.getItem(lastPaymentKeys('plus').id)).toBeNull();
    expect(api.status).not.toHaveBeenCalled();
  });

  it('a stored payment older than 24 hours is dropped unchecked', async () => {
    signIn(MEMBER);
    stubPage();
    localStorage.setItem(lastPaymentKeys('plus').id, ORDER);
    localStorage.setItem(
      lastPaymentKeys('plus').time,
      String(Date.now() - PAYMENT_TIMERS.storedPaymentMaxAgeMs - 60_000),
    );
    render(<PlusPage />, { route: '/plus' });
    await screen.findByRole('heading', { level: 1, name: 'Plus' });
    expect(localStorage.getItem(lastPaymentKeys('plus').id)).toBeNull();
    expect(api.status).not.toHaveBeenCalled();
  });

  it('a recent stored payment is checked again; paid with access on: the success dialog', async () => {
    signIn(MEMBER);
    stubPage();
    vi.spyOn(authActions, 'refreshUser').mockResolvedValue();
    localStorage.setItem(lastPaymentKeys('plus').id, ORDER);
    localStorage.setItem(lastPaymentKeys('plus').time, String(Date.now() - 60_000));
    api.status.mockResolvedValue(status('completed', PLUS_ACCESS));
    api.recent.mockResolvedValue({ success: true, payments: [], access: PLUS_ACCESS });
    render(<PlusPage />, { route: '/plus' });
    await expectToast(PAYMENT_MESSAGES.checkingPrevious);
    await screen.findByRole('dialog', { name: 'success' });
    expect(api.status).toHaveBeenCalledWith(ORDER);
    expect(localStorage.getItem(lastPaymentKeys('plus').id)).toBeNull();
  });

  it('a pending stored payment is in processing: it cannot be cancelled', async () => {
    signIn(MEMBER);
    stubPage();
    localStorage.setItem(lastPaymentKeys('plus').id, ORDER);
    localStorage.setItem(lastPaymentKeys('plus').time, String(Date.now()));
    api.status.mockResolvedValue(status('pending'));
    const { user } = render(<PlusPage />, { route: '/plus' });
    const panel = await screen.findByRole('region', { name: 'Статус платежа' });
    await within(panel).findByText(PAYMENT_MESSAGES.processing);
    await user.click(within(panel).getByRole('button', { name: 'Отменить' }));
    await expectToast(PAYMENT_MESSAGES.cannotCancelProcessing);
    expect(screen.getByRole('region', { name: 'Статус платежа' })).toBeTruthy();
  });

  it('order_slug: that order is checked; a vanished one is said to have expired', async () => {
    signIn(MEMBER);
    stubPage();
    const { apiError } = await import('../../test/api.ts');
    api.status.mockRejectedValue(apiError(404, { detail: PAYMENT_MESSAGES.unknownOrder }));
    const { location } = render(<PlusPage />, { route: `/plus?order_slug=${ORDER}` });
    await expectToast(PAYMENT_MESSAGES.previousExpired);
    expect(api.status).toHaveBeenCalledWith(ORDER);
    expect(location().search).toBe('');
  });

  it('an order_slug that is not one of our order ids is not asked about', async () => {
    signIn(MEMBER);
    stubPage();
    const { location } = render(<PlusPage />, { route: '/plus?order_slug=client-12345' });
    await waitFor(() => expect(location().search).toBe(''));
    expect(api.status).not.toHaveBeenCalled();
  });

  it('a Plus member is told and sent to her profile', async () => {
    signIn(PLUS);
    stubPage();
    const { location } = render(<PlusPage />, { route: '/plus' });
    await expectToast(PAYMENT_MESSAGES.alreadyPlus);
    expect(location().pathname).toBe('/profile');
  });

  it('…unless she came to extend it (?renew=1)', async () => {
    signIn(PLUS);
    stubPage();
    const { location } = render(<PlusPage />, { route: '/plus?renew=1' });
    await screen.findByText(/новые дни добавятся к текущему сроку/);
    expect(location().pathname).toBe('/plus');
    expect(payButton()).toBeTruthy();
  });
});

describe('the VIP page', () => {
  it('without Plus: VIP needs Plus, and the way to it', async () => {
    signIn(MEMBER);
    stubPage();
    render(<VipPage />, { route: '/vip' });
    expect(screen.getByText(new RegExp(PAYMENT_MESSAGES.vipNeedsPlus))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Перейти к Plus' }).getAttribute('href')).toBe('/plus');
    expect(screen.queryByRole('button', { name: /^Оплатить/ })).toBeNull();
  });

  it('for a Plus member: VIP prices, vip_ plans, the announcement without the undress tool', async () => {
    signIn(PLUS);
    stubPage();
    const tab = { closed: false, opener: null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    api.cactuspayCreateSimple.mockResolvedValue({
      success: true,
      payment_url: 'https://pay.example/p/2',
      order_id: ORDER,
      sandbox: false,
    });
    const { user } = render(<VipPage />, { route: '/vip' });
    expect(
      screen.getByRole('radio', { name: `3 месяца, ${formatRub(5690)}` }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(screen.getByText(text(`${formatRub(1897)} в месяц`))).toBeTruthy();
    expect(screen.getByText('300 сообщений в день')).toBeTruthy();
    const soon = screen.getByRole('region', { name: 'Скоро в VIP' });
    expect(soon.textContent).toMatch(/мессенджере/);
    expect(soon.textContent).toMatch(/видеозвонки/);
    expect(document.body.textContent).not.toMatch(/раздева|undress/i);
    // No registration block: VIP buyers are members already.
    expect(screen.queryByLabelText('Пароль')).toBeNull();
    await user.click(payButton());
    await screen.findByRole('region', { name: 'Статус платежа' });
    expect(api.cactuspayCreateSimple).toHaveBeenCalledWith('vip_quarterly');
    expect(localStorage.getItem(lastPaymentKeys('vip').id)).toBe(ORDER);
  });
});
