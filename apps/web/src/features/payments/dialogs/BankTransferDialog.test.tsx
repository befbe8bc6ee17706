import type { PaidStatusResponse, PaymentState, TwinpayData } from '@podruga/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/api.ts';
import { act, render, screen, within } from '../../../test/render.tsx';
import { useSupportDialog } from '../../support/supportStore.ts';
import { paymentsApi } from '../api.ts';
import { BankTransferDialog } from './BankTransferDialog.tsx';

vi.mock('../api.ts', () => ({ paymentsApi: { twinpayCreate: vi.fn(), twinpayStatus: vi.fn() } }));
const api = vi.mocked(paymentsApi);

const ACCESS = { plus_active: false, vip_active: false, plus_expiry: null, vip_expiry: null };
const DATA: TwinpayData = {
  amount: 2490,
  plan_type: 'quarterly',
  order_id: 'order_abcdefghijklmnopqrstuvwx',
  invoice_id: 'inv_42',
  card_number: '2200123456789012',
  cardholder: 'ИВАН И.',
  sbp_details: null,
  expires_at: null,
  response: {
    paymentRequisites: { requisites: '2200123456789012', holder: 'ИВАН И.', paymentMethod: 'TO_CARD' },
  },
  sandbox: false,
  sandbox_url: null,
};
const status = (s: PaymentState): PaidStatusResponse => ({
  is_paid: s === 'paid',
  status: s,
  order_id: DATA.order_id,
  access: ACCESS,
});

beforeEach(() => {
  vi.clearAllMocks();
  api.twinpayCreate.mockResolvedValue({ success: true, message: 'ok', data: DATA });
  api.twinpayStatus.mockResolvedValue(status('pending'));
  vi.useFakeTimers({
    toFake: ['setInterval', 'clearInterval', 'Date'],
    now: new Date('2026-11-25T12:00:00Z'),
  });
});
afterEach(() => {
  vi.useRealTimers();
  act(() => useSupportDialog.setState({ opened: false, everOpened: false }));
});

function open() {
  const onClose = vi.fn();
  const onSuccess = vi.fn();
  const view = render(
    <BankTransferDialog
      opened
      planType="quarterly"
      method="TO_CARD"
      onClose={onClose}
      onSuccess={onSuccess}
    />,
  );
  return { ...view, onClose, onSuccess };
}
const dialog = () => screen.getByRole('dialog', { name: 'Перевод на карту' });
const button = (name: string) => within(dialog()).getByRole('button', { name });
/** Lets the effects of the last render run (they start the polling), then moves the clock. */
const advance = async (ms: number) => {
  await act(async () => {});
  act(() => vi.advanceTimersByTime(ms));
};

describe('bank-transfer dialog (002 §2, §4 "Bank-transfer dialog")', () => {
  it('shows the amount, the card number in groups of four and the holder; polls every 60 s', async () => {
    open();
    expect(await within(dialog()).findByText('2200 1234 5678 9012')).toBeTruthy();
    expect(within(dialog()).getByText('2 490 ₽')).toBeTruthy();
    expect(within(dialog()).getByText('ИВАН И.')).toBeTruthy();
    expect(api.twinpayCreate).toHaveBeenCalledWith('quarterly', 'TO_CARD');
    expect(within(dialog()).queryByText('Тестовая оплата')).toBeNull();

    await advance(59_000);
    expect(api.twinpayStatus).not.toHaveBeenCalled();
    await advance(1_000);
    expect(api.twinpayStatus).toHaveBeenCalledWith('inv_42');
    await advance(60_000);
    expect(api.twinpayStatus).toHaveBeenCalledTimes(2);
  });

  it('«Я оплатил» checks at once; not paid → verifying, polled every 15 s; paid → success that closes itself after 5 s', async () => {
    api.twinpayStatus
      .mockResolvedValueOnce(status('pending'))
      .mockResolvedValueOnce(status('pending'))
      .mockResolvedValueOnce(status('paid'));
    const { user, onSuccess } = open();
    await user.click(await within(dialog()).findByRole('button', { name: 'Я оплатил' }));
    expect(await within(dialog()).findByRole('progressbar', { name: 'Проверка платежа' })).toBeTruthy();
    expect(api.twinpayStatus).toHaveBeenCalledTimes(1);

    await advance(15_000);
    expect(api.twinpayStatus).toHaveBeenCalledTimes(2);
    await act(async () => {});
    expect(within(dialog()).getByRole('progressbar', { name: 'Проверка платежа' })).toBeTruthy();
    await advance(15_000);
    expect(await within(dialog()).findByText('Оплата успешно завершена!')).toBeTruthy();
    expect(within(dialog()).getByText('Окно закроется через 5 с')).toBeTruthy();

    await advance(4_000);
    expect(within(dialog()).getByText('Окно закроется через 1 с')).toBeTruthy();
    expect(onSuccess).not.toHaveBeenCalled();
    await advance(1_000);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith(DATA.order_id);
    await advance(5_000);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('times out after 15 minutes of verifying and offers support', async () => {
    const { user, onClose } = open();
    await user.click(await within(dialog()).findByRole('button', { name: 'Я оплатил' }));
    await within(dialog()).findByRole('progressbar', { name: 'Проверка платежа' });

    await advance(14 * 60_000 + 59_000);
    expect(within(dialog()).queryByRole('button', { name: 'Связаться с поддержкой' })).toBeNull();
    await advance(1_000);
    expect(within(dialog()).getByText(/Мы пока не получили платеж/)).toBeTruthy();
    // Polled every 15 s over the window, after the first check.
    expect(api.twinpayStatus).toHaveBeenCalledTimes(61);

    await user.click(button('Связаться с поддержкой'));
    expect(useSupportDialog.getState()).toMatchObject({ opened: true, presetType: 'payment' });
    // The last «Закрыть»: the first is the dialog's own close button.
    await user.click(within(dialog()).getAllByRole('button', { name: 'Закрыть' }).at(-1) as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  });

  it('«Отмена» while verifying returns to the instructions; a failed status is the timeout view', async () => {
    api.twinpayStatus.mockResolvedValueOnce(status('pending')).mockResolvedValueOnce(status('failed'));
    const { user } = open();
    await user.click(await within(dialog()).findByRole('button', { name: 'Я оплатил' }));
    await within(dialog()).findByRole('progressbar', { name: 'Проверка платежа' });
    await user.click(button('Отмена'));
    expect(await within(dialog()).findByText('2200 1234 5678 9012')).toBeTruthy();

    await user.click(button('Я оплатил'));
    expect(await within(dialog()).findByText(/Платеж не был завершен/)).toBeTruthy();
    expect(button('Связаться с поддержкой')).toBeTruthy();
  });

  it('a failed creation shows the server’s detail, else the default text, and can retry', async () => {
    api.twinpayCreate.mockRejectedValueOnce(
      apiError(409, { detail: 'VIP доступен только при активном Plus' }),
    );
    api.twinpayCreate.mockRejectedValueOnce(apiError(500, {} as { detail: string }));
    const { user } = open();
    expect(await within(dialog()).findByText('VIP доступен только при активном Plus')).toBeTruthy();
    await user.click(button('Повторить'));
    expect(await within(dialog()).findByText('Ошибка создания платежа')).toBeTruthy();
    await user.click(button('Повторить'));
    expect(await within(dialog()).findByText('2200 1234 5678 9012')).toBeTruthy();
  });

  it('a closed dialog stops polling and never reports success', async () => {
    const onSuccess = vi.fn();
    const props = { planType: 'quarterly' as const, method: 'TO_CARD' as const, onClose: vi.fn(), onSuccess };
    const { user, rerender } = render(<BankTransferDialog opened {...props} />);
    await user.click(await within(dialog()).findByRole('button', { name: 'Я оплатил' }));
    await within(dialog()).findByRole('progressbar', { name: 'Проверка платежа' });
    rerender(<BankTransferDialog opened={false} {...props} />);
    await advance(20 * 60_000);
    expect(api.twinpayStatus).toHaveBeenCalledTimes(1);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('SBP shows the SBP details; a sandbox transfer shows the test badge and its page', async () => {
    api.twinpayCreate.mockResolvedValue({
      success: true,
      message: 'ok',
      data: {
        ...DATA,
        card_number: null,
        sbp_details: '+7 900 000-00-00',
        sandbox: true,
        sandbox_url: '/sandbox/x',
      },
    });
    render(
      <BankTransferDialog opened planType="vip_yearly" method="SBP" onClose={vi.fn()} onSuccess={vi.fn()} />,
    );
    const sbp = screen.getByRole('dialog', { name: 'Оплата по СБП' });
    expect(await within(sbp).findByText('+7 900 000-00-00')).toBeTruthy();
    expect(within(sbp).getByText('Тестовая оплата')).toBeTruthy();
    expect(within(sbp).getByRole('link', { name: 'Открыть тестовую оплату' }).getAttribute('href')).toBe(
      '/sandbox/x',
    );
  });
});
