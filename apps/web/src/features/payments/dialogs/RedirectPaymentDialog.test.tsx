import type { PaidStatusResponse, PlategaCreateResponse } from '@podruga/shared';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { apiError } from '../../../test/api.ts';
import { act, expectToast, render, screen, within } from '../../../test/render.tsx';
import { paymentsApi } from '../api.ts';
import { expiryMinutes, RedirectPaymentDialog, sameTab } from './RedirectPaymentDialog.tsx';

vi.mock('../api.ts', () => ({ paymentsApi: { plategaCreate: vi.fn(), plategaStatus: vi.fn() } }));
const api = vi.mocked(paymentsApi);

const ACCESS = { plus_active: false, vip_active: false, plus_expiry: null, vip_expiry: null };
const CREATED: PlategaCreateResponse = {
  success: true,
  redirect_url: 'https://pay.example/checkout/tx_1',
  amount: 2490,
  order_id: 'order_abcdefghijklmnopqrstuvwx',
  transaction_id: 'tx_1',
  expires_in: '00:30:00',
  message: 'ok',
  sandbox: false,
};
const paid = (is_paid: boolean): PaidStatusResponse => ({
  is_paid,
  status: is_paid ? 'paid' : 'pending',
  order_id: CREATED.order_id,
  access: ACCESS,
});

let openSpy: MockInstance<typeof window.open>;
let assignSpy: MockInstance<(url: string) => void>;

beforeEach(() => {
  vi.clearAllMocks();
  api.plategaCreate.mockResolvedValue(CREATED);
  api.plategaStatus.mockResolvedValue(paid(false));
  openSpy = vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
  assignSpy = vi.spyOn(sameTab, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
});

function open() {
  const props = { onClose: vi.fn(), onSuccess: vi.fn(), onServiceError: vi.fn() };
  const view = render(<RedirectPaymentDialog opened planType="quarterly" {...props} />);
  return { ...view, ...props };
}
const dialog = () => screen.getByRole('dialog', { name: 'Оплата картой или СБП' });

describe('redirect payment dialog (002 §2, §4 "Redirect dialog", §8)', () => {
  it('creates the payment, opens its page in a new tab, shows the period, amount and the fallback link', async () => {
    open();
    expect(await within(dialog()).findByText('Plus на 90 дней')).toBeTruthy();
    expect(within(dialog()).getByText('2 490 ₽')).toBeTruthy();
    expect(api.plategaCreate).toHaveBeenCalledWith('quarterly');
    expect(openSpy).toHaveBeenCalledWith(CREATED.redirect_url, '_blank');
    expect(assignSpy).not.toHaveBeenCalled();
    const link = within(dialog()).getByRole('link', { name: 'Открыть страницу оплаты' });
    expect(link.getAttribute('href')).toBe(CREATED.redirect_url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(dialog()).getByText(/Ссылка действительна 30 мин\./)).toBeTruthy();
  });

  it('goes to the payment page in this tab when the new tab is blocked', async () => {
    openSpy.mockReturnValue(null);
    open();
    await within(dialog()).findByText('Plus на 90 дней');
    expect(assignSpy).toHaveBeenCalledWith(CREATED.redirect_url);
  });

  it('polls every 30 s; paid → success, reported once, and polling stops', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    api.plategaStatus.mockResolvedValueOnce(paid(false)).mockResolvedValueOnce(paid(true));
    const { onSuccess } = open();
    await within(dialog()).findByText('Plus на 90 дней');

    act(() => vi.advanceTimersByTime(29_000));
    expect(api.plategaStatus).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(api.plategaStatus).toHaveBeenCalledWith(CREATED.order_id);
    await act(async () => {});
    expect(onSuccess).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(30_000));
    expect(await within(dialog()).findByText('Оплата успешно завершена!')).toBeTruthy();
    expect(onSuccess).toHaveBeenCalledWith(CREATED.order_id);
    act(() => vi.advanceTimersByTime(120_000));
    expect(api.plategaStatus).toHaveBeenCalledTimes(2);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('«Я оплатил» before paying opens «Платеж не завершен» with «Проверить снова» and «Отмена»', async () => {
    api.plategaStatus
      .mockResolvedValueOnce(paid(false))
      .mockResolvedValueOnce(paid(false))
      .mockResolvedValueOnce(paid(true));
    const { user, onSuccess } = open();
    await user.click(await within(dialog()).findByRole('button', { name: 'Я оплатил' }));
    const notDone = await screen.findByRole('dialog', { name: 'Платеж не завершен' });
    expect(
      within(notDone).getByText('Платеж еще не завершен. Пожалуйста, завершите оплату и попробуйте снова.'),
    ).toBeTruthy();
    expect(within(notDone).getByRole('button', { name: 'Отмена' })).toBeTruthy();

    await user.click(within(notDone).getByRole('button', { name: 'Проверить снова' }));
    await expectToast('Платеж еще не получен');
    await user.click(within(notDone).getByRole('button', { name: 'Проверить снова' }));
    expect(await within(dialog()).findByText('Оплата успешно завершена!')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Платеж не завершен' })).toBeNull();
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('a failing status request says so', async () => {
    api.plategaStatus.mockRejectedValue(apiError(500, {} as { detail: string }));
    const { user } = open();
    await user.click(await within(dialog()).findByRole('button', { name: 'Я оплатил' }));
    await expectToast('Ошибка проверки статуса платежа');
  });

  it.each([400, 502, 503])(
    'a creation failing with HTTP %i hands over to the service-error dialog',
    async (code) => {
      api.plategaCreate.mockRejectedValue(apiError(code, { detail: 'Сервис недоступен' }));
      const { onServiceError } = open();
      await vi.waitFor(() => expect(onServiceError).toHaveBeenCalledTimes(1));
      expect(openSpy).not.toHaveBeenCalled();
    },
  );

  it('other failures show the server’s detail or the default; no redirect is «Не удалось создать платеж»', async () => {
    api.plategaCreate
      .mockRejectedValueOnce(apiError(409, { detail: 'VIP доступен только при активном Plus' }))
      .mockRejectedValueOnce(apiError(500, {} as { detail: string }))
      .mockResolvedValueOnce({ ...CREATED, success: false, redirect_url: '' });
    const { user, onServiceError } = open();
    expect(await within(dialog()).findByText('VIP доступен только при активном Plus')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Повторить' }));
    expect(await within(dialog()).findByText('Ошибка создания платежа')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Повторить' }));
    expect(await within(dialog()).findByText('Не удалось создать платеж')).toBeTruthy();
    expect(onServiceError).not.toHaveBeenCalled();
    expect(openSpy).not.toHaveBeenCalled();
  });

  it('reads the link’s lifetime', () => {
    expect(expiryMinutes('00:30:00')).toBe(30);
    expect(expiryMinutes('01:00:00')).toBe(60);
    expect(expiryMinutes('soon')).toBeNull();
  });
});
