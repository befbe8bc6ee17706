import type { CryptoPayment, CryptoStatusResponse } from '@podruga/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/api.ts';
import { act, expectToast, render, screen, within } from '../../../test/render.tsx';
import { paymentsApi } from '../api.ts';
import { CryptoPaymentDialog } from './CryptoPaymentDialog.tsx';

vi.mock('../api.ts', () => ({
  paymentsApi: {
    cryptoCurrencies: vi.fn(),
    cryptoEstimate: vi.fn(),
    cryptoCreate: vi.fn(),
    cryptoStatus: vi.fn(),
  },
}));
const api = vi.mocked(paymentsApi);

const ACCESS = { plus_active: false, vip_active: false, plus_expiry: null, vip_expiry: null };
const START = new Date('2026-11-25T12:00:00Z');

const PAYMENT: CryptoPayment = {
  payment_id: 'np_1',
  order_id: 'order_abcdefghijklmnopqrstuvwx',
  payment_status: 'waiting',
  pay_address: 'bc1qexampleaddress',
  pay_amount: 0.00021,
  pay_currency: 'btc',
  network: null,
  price_amount: 20,
  price_currency: 'usd',
  expiration_estimate_date: null,
  sandbox: false,
  sandbox_url: null,
};

const statusAnswer = (payment_status: CryptoStatusResponse['payment_status']): CryptoStatusResponse => ({
  payment_id: PAYMENT.payment_id,
  order_id: PAYMENT.order_id,
  payment_status,
  access: ACCESS,
});

beforeEach(() => {
  vi.clearAllMocks();
  api.cryptoCurrencies.mockResolvedValue({
    currencies: [
      { code: 'doge', name: 'Dogecoin', network: null, logo_url: null },
      { code: 'usdt', name: 'Tether', network: null, logo_url: null },
      { code: 'eth', name: 'Ethereum', network: null, logo_url: null },
      { code: 'btc', name: 'Bitcoin', network: null, logo_url: null },
    ],
  });
  api.cryptoEstimate.mockImplementation(async ({ currency_to }) => ({
    estimated_amount: currency_to === 'btc' ? 0.000212345678 : 20.123,
    amount_from: 20,
    currency_from: 'usd',
    currency_to,
  }));
  api.cryptoCreate.mockResolvedValue(PAYMENT);
});
afterEach(() => {
  vi.useRealTimers();
});

function open(onSuccess = vi.fn()) {
  const onClose = vi.fn();
  const view = render(
    <CryptoPaymentDialog opened planType="quarterly" onClose={onClose} onSuccess={onSuccess} />,
  );
  return { ...view, onClose, onSuccess };
}

const dialog = () => screen.getByRole('dialog', { name: 'Оплата криптовалютой' });
const button = (name: string) => within(dialog()).getByRole('button', { name });

/** Step 1 → 2 with Bitcoin. */
async function toStep2(user: ReturnType<typeof open>['user']) {
  await user.click(await within(dialog()).findByRole('radio', { name: 'BTC' }));
  await within(dialog()).findByText('≈ 0.00021235 BTC');
  await user.click(button('Продолжить'));
  await within(dialog()).findByText('bc1qexampleaddress');
}

describe('crypto payment dialog (002 §2, §4, §5)', () => {
  it('lists the featured coins first, asks a network only for usdt/usdc/bnb/matic, and waits for a coin', async () => {
    const { user } = open();
    const radios = await within(dialog()).findAllByRole('radio');
    // btc and eth are featured (in the spec's order); doge and usdt come from the server's list.
    expect(radios.map((r) => r.textContent)).toEqual(['BTC', 'ETH']);
    expect(button('Продолжить').hasAttribute('disabled')).toBe(true);

    await user.click(within(dialog()).getByRole('radio', { name: 'ETH' }));
    expect(within(dialog()).queryByLabelText('Сеть')).toBeNull();
    expect(await within(dialog()).findByText('≈ 20.123000 ETH')).toBeTruthy();
    expect(button('Продолжить').hasAttribute('disabled')).toBe(false);
    expect(api.cryptoEstimate).toHaveBeenLastCalledWith({
      amount: 20,
      currency_from: 'usd',
      currency_to: 'eth',
    });

    await user.selectOptions(within(dialog()).getByLabelText('Другая криптовалюта'), 'usdt');
    const network = within(dialog()).getByLabelText('Сеть') as HTMLSelectElement;
    expect(network.value).toBe('trc20');
    await user.selectOptions(network, 'eth');
    // Two decimals for a coin the spec does not name.
    expect(await within(dialog()).findByText('≈ 20.12 USDT')).toBeTruthy();
    await user.click(button('Продолжить'));
    await within(dialog()).findByText('bc1qexampleaddress');
    expect(api.cryptoCreate).toHaveBeenCalledWith({
      plan_type: 'quarterly',
      pay_currency: 'usdt',
      network: 'eth',
    });
  });

  it('falls back to the built-in coins with the spec’s hint when the list does not load', async () => {
    api.cryptoCurrencies.mockRejectedValue(apiError(502, { detail: 'upstream' }));
    open();
    expect(
      await within(dialog()).findByText('Ошибка загрузки, используются стандартные криптовалюты'),
    ).toBeTruthy();
    const names = within(dialog())
      .getAllByRole('radio')
      .map((r) => r.textContent);
    expect(names).toEqual(['BTC', 'ETH', 'TRX', 'XMR', 'LTC', 'DASH']);
  });

  it('shows the address, the amount, a bitcoin: QR code and the countdown; copies with the spec’s toasts', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: START });
    const { user } = open();
    // After user-event's setup, which puts its own clipboard in place.
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(writeText);
    await toStep2(user);

    expect(within(dialog()).getByText('0.00021')).toBeTruthy();
    expect(within(dialog()).getByText('20:00')).toBeTruthy();
    const qr = within(dialog()).getByTestId('crypto-qr').querySelector('svg');
    expect(qr?.getAttribute('height')).toBe('160');
    act(() => vi.advanceTimersByTime(61_000));
    expect(within(dialog()).getByText('18:59')).toBeTruthy();

    await user.click(button('Скопировать: Адрес'));
    expect(writeText).toHaveBeenCalledWith('bc1qexampleaddress');
    await expectToast('Адрес скопирован в буфер обмена');
    await user.click(button('Скопировать: Адрес'));
    await expectToast('Не удалось скопировать адрес');
  });

  it('counts down to the provider’s expiry and then checks the status', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: START });
    api.cryptoCreate.mockResolvedValue({
      ...PAYMENT,
      expiration_estimate_date: new Date(START.getTime() + 15 * 60_000).toISOString(),
    });
    api.cryptoStatus.mockResolvedValue(statusAnswer('expired'));
    const { user } = open();
    await toStep2(user);
    expect(within(dialog()).getByText('15:00')).toBeTruthy();
    act(() => vi.advanceTimersByTime(14 * 60_000 + 59_000));
    expect(api.cryptoStatus).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1_000));
    expect(await within(dialog()).findByText('Время ожидания платежа истекло')).toBeTruthy();
    expect(api.cryptoStatus).toHaveBeenCalledTimes(1);
    expect(api.cryptoStatus).toHaveBeenCalledWith('np_1');
    // «Попробовать снова» starts over at step 1 (found when it is drawn: the expired text may come first
    // on a loaded machine).
    await user.click(await within(dialog()).findByRole('button', { name: 'Попробовать снова' }));
    expect(await within(dialog()).findByText('Выбери криптовалюту')).toBeTruthy();
  });

  it('«Я оплатил»: still waiting says so; finished goes to success and reports the order', async () => {
    api.cryptoStatus
      .mockResolvedValueOnce(statusAnswer('confirming'))
      .mockResolvedValueOnce(statusAnswer('finished'));
    const { user, onSuccess } = open();
    await toStep2(user);

    await user.click(button('Я оплатил'));
    expect(await within(dialog()).findByText('Платеж еще обрабатывается...')).toBeTruthy();
    expect(onSuccess).not.toHaveBeenCalled();

    await user.click(button('Я оплатил'));
    expect(await within(dialog()).findByText('Оплата успешно завершена!')).toBeTruthy();
    expect(onSuccess).toHaveBeenCalledWith(PAYMENT.order_id);
  });

  it('a failed payment is an error with support and retry; «Назад» returns to step 1', async () => {
    api.cryptoStatus.mockResolvedValue(statusAnswer('failed'));
    const { user, onSuccess } = open();
    await toStep2(user);
    await user.click(button('Назад'));
    expect(await within(dialog()).findByText('Выбери криптовалюту')).toBeTruthy();

    await user.click(button('Продолжить'));
    await within(dialog()).findByText('bc1qexampleaddress');
    await user.click(button('Я оплатил'));
    expect(await within(dialog()).findByText('Проблема с платежом: платеж не прошел')).toBeTruthy();
    expect(button('Связаться с поддержкой')).toBeTruthy();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('a failed creation says so and stays on step 1', async () => {
    api.cryptoCreate.mockRejectedValue(apiError(500, {} as { detail: string }));
    const { user } = open();
    await user.click(await within(dialog()).findByRole('radio', { name: 'BTC' }));
    await user.click(button('Продолжить'));
    await expectToast('Ошибка при создании платежа');
    expect(within(dialog()).getByText('Выбери криптовалюту')).toBeTruthy();
  });

  it('a sandbox payment shows the test badge and the test page link', async () => {
    api.cryptoCreate.mockResolvedValue({
      ...PAYMENT,
      sandbox: true,
      sandbox_url: '/payment/sandbox/order_x',
    });
    const { user } = open();
    await toStep2(user);
    expect(within(dialog()).getByText('Тестовая оплата')).toBeTruthy();
    const link = within(dialog()).getByRole('link', { name: 'Открыть тестовую оплату' });
    expect(link.getAttribute('href')).toBe('/payment/sandbox/order_x');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
