import { PRODUCT_FEATURES } from '@podruga/shared';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '../../../test/render.tsx';
import { limitLines } from '../format.ts';
import { AnonymousAccountDialog, TempAccountDialog } from './AccountDialogs.tsx';
import { PaymentNotCompletedDialog } from './PaymentNotCompletedDialog.tsx';
import { PaymentServiceErrorDialog } from './PaymentServiceErrorDialog.tsx';
import { PaymentSuccessDialog } from './PaymentSuccessDialog.tsx';

describe('payment-service-error dialog (002 §8)', () => {
  it('offers SBP_ALFA, crypto (recommended), TO_CARD and SBP (possibly unstable), in that order', async () => {
    const onPick = vi.fn();
    const { user } = render(<PaymentServiceErrorDialog opened onClose={vi.fn()} onPick={onPick} />);
    const dialog = screen.getByRole('dialog', { name: 'Сервис оплаты недоступен' });
    const names = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((t) => t !== '' && t !== 'Отмена');
    expect(names).toEqual([
      'СБП (Альфа-Банк)',
      'КриптовалютаРекомендуем',
      'Перевод на карту',
      'СБПМожет работать нестабильно',
    ]);
    await user.click(within(dialog).getByRole('button', { name: /Криптовалюта/ }));
    await user.click(within(dialog).getByRole('button', { name: 'СБП (Альфа-Банк)' }));
    expect(onPick.mock.calls).toEqual([['crypto'], ['SBP_ALFA']]);
  });
});

describe('payment-not-completed dialog (002 §2, §8)', () => {
  it('says the payment=failed text by default with «Попробовать снова»', async () => {
    const onRetry = vi.fn();
    const onClose = vi.fn();
    const { user } = render(<PaymentNotCompletedDialog opened onClose={onClose} onRetry={onRetry} />);
    const dialog = screen.getByRole('dialog', { name: 'Платеж не завершен' });
    expect(
      within(dialog).getByText(
        'К сожалению, платеж не был завершен. Ты можешь попробовать еще раз или выбрать другой способ оплаты.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Попробовать снова' }));
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('account follow-up dialogs (002 §4 "Guest purchase flow" 5, 6)', () => {
  it('a temporary account with an address is offered an update, without one an address; both lead to /profile', async () => {
    const onClose = vi.fn();
    const { user, location, rerender } = render(<TempAccountDialog opened onClose={onClose} hasEmail />, {
      route: '/plus',
    });
    expect(screen.getByRole('button', { name: 'Обновить эл. почту' })).toBeTruthy();
    rerender(<TempAccountDialog opened onClose={onClose} hasEmail={false} />);
    await user.click(screen.getByRole('button', { name: 'Добавить эл. почту' }));
    expect(location().pathname).toBe('/profile');
    expect(onClose).toHaveBeenCalled();
  });

  it('an anonymous account is sent to /profile to set up e-mail and password', async () => {
    const onClose = vi.fn();
    const { user, location } = render(<AnonymousAccountDialog opened onClose={onClose} />, { route: '/vip' });
    await user.click(screen.getByRole('button', { name: 'Позже' }));
    expect(location().pathname).toBe('/vip');
    await user.click(screen.getByRole('button', { name: 'Настроить вход' }));
    expect(location().pathname).toBe('/profile');
  });
});

describe('payment success dialog (002 §2, §8)', () => {
  it('says Plus is active with its limits; «Продолжить» continues', async () => {
    const onContinue = vi.fn();
    const { user } = render(<PaymentSuccessDialog opened product="plus" onContinue={onContinue} />);
    const dialog = screen.getByRole('dialog', { name: 'Оплата прошла успешно!' });
    expect(within(dialog).getByText('Ваша подписка Plus успешно активирована.')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '50 сообщений в день',
      'Сколько угодно подруг',
      '5 минут голосовых звонков в день',
      '5 видео в день',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Продолжить' }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('names VIP and its limits for VIP', () => {
    render(<PaymentSuccessDialog opened product="vip" onContinue={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Оплата прошла успешно!' });
    expect(within(dialog).getByText('Ваша подписка VIP успешно активирована.')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '300 сообщений в день',
      'Сколько угодно подруг',
      '30 минут голосовых звонков в день',
      '10 видео в день',
    ]);
  });

  it('names calls and videos only once they exist (decision 0010)', () => {
    const live = { ...PRODUCT_FEATURES, voiceCalls: true, videos: true };
    expect(limitLines('plus', live)).toEqual([
      '50 сообщений в день',
      'Сколько угодно подруг',
      '5 минут голосовых звонков в день',
      '5 видео в день',
    ]);
    expect(limitLines('vip', live)).toEqual([
      '300 сообщений в день',
      'Сколько угодно подруг',
      '30 минут голосовых звонков в день',
      '10 видео в день',
    ]);
  });
});
