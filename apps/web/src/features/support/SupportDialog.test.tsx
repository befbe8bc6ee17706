import { SUPPORT_MESSAGES, SUPPORT_TIMEOUT_MS, type User } from '@podruga/shared';
import { SAMPLE_USER } from '@podruga/shared/testing';
import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBrand } from '../../app/brand.ts';
import type { RequestOptions } from '../../shared/api/ApiClient.ts';
import { apiError, stubApi } from '../../test/api.ts';
import { act, expectToast, render, screen, within } from '../../test/render.tsx';
import { useAuth } from '../auth/store.ts';
import { SupportDialog } from './SupportDialog.tsx';
import { useSupportDialog } from './supportStore.ts';

const MEMBER: User = {
  ...SAMPLE_USER,
  membership_type: 'plus',
  membership_expiry: '2099-01-01T00:00:00Z',
  email_verified: true,
};

function openDialog(preset?: { type: string; locked?: boolean }) {
  const view = render(<SupportDialog />);
  act(() => useSupportDialog.getState().open(preset));
  return view;
}

const dialog = () => screen.getByRole('dialog', { name: 'Поддержка' });
const typeSelect = () => screen.getByLabelText('Тип проблемы') as HTMLSelectElement;
const emailField = () => screen.getByLabelText('Эл. почта для ответа') as HTMLInputElement;
const messageField = () => screen.getByLabelText('Сообщение') as HTMLTextAreaElement;
const send = () => within(dialog()).getByRole('button', { name: 'Отправить' });

beforeEach(() => {
  useAuth.setState({ token: 'guest-token', user: null, isAuthenticated: true });
});
afterEach(() => {
  vi.useRealTimers();
  act(() => useSupportDialog.setState({ opened: false, presetType: null, locked: false }));
});

describe('support dialog (001 §2, §5, §8)', () => {
  it('checks the form with the spec’s texts in its order, each under its field, sending nothing', async () => {
    const api = stubApi({});
    const { user } = openDialog();
    expect(typeSelect().value).toBe('');
    expect(emailField().value).toBe('');

    await user.click(send());
    expect(within(dialog()).getByText(SUPPORT_MESSAGES.issueTypeRequired)).toBeTruthy();
    await user.selectOptions(typeSelect(), 'Сообщение об ошибке');
    await user.click(send());
    expect(within(dialog()).getByText(SUPPORT_MESSAGES.emailRequired)).toBeTruthy();
    await user.type(emailField(), 'anya@');
    await user.click(send());
    expect(within(dialog()).getByText(SUPPORT_MESSAGES.emailInvalid)).toBeTruthy();
    await user.type(emailField(), 'example.ru');
    await user.click(send());
    expect(within(dialog()).getByText(SUPPORT_MESSAGES.messageRequired)).toBeTruthy();
    expect(messageField().getAttribute('aria-invalid')).toBe('true');
    // Typing clears the field's message.
    await user.type(messageField(), 'П');
    expect(within(dialog()).queryByText(SUPPORT_MESSAGES.messageRequired)).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('shows the brand’s address as a mail link', () => {
    openDialog();
    const link = within(dialog()).getByRole('link', { name: getBrand().supportEmail });
    expect(link.getAttribute('href')).toBe(`mailto:${getBrand().supportEmail}`);
  });

  it('opened with a locked type keeps it, and fills in a member’s address', async () => {
    useAuth.setState({ user: MEMBER });
    let sent: unknown;
    stubApi({
      'POST /api/support/contact': (options: RequestOptions) => {
        sent = options.json;
        return { status: 'success' };
      },
    });
    const { user } = openDialog({ type: 'Больше грязи (увеличение лимитов)', locked: true });
    expect(typeSelect().value).toBe('limits');
    expect(typeSelect().disabled).toBe(true);
    expect(typeSelect().selectedOptions[0]?.textContent).toBe('Больше грязи (увеличение лимитов)');
    expect(emailField().value).toBe(MEMBER.email);

    await user.type(messageField(), 'Хочу больше сообщений');
    await user.click(send());
    await expectToast(SUPPORT_MESSAGES.success);
    expect(sent).toEqual({ issue_type: 'limits', email: MEMBER.email, message: 'Хочу больше сообщений' });
    expect(useSupportDialog.getState().opened).toBe(false);
  });

  it('a preset that is not locked can be changed', async () => {
    const { user } = openDialog({ type: 'payment' });
    expect(typeSelect().value).toBe('payment');
    expect(typeSelect().disabled).toBe(false);
    await user.selectOptions(typeSelect(), 'Другое');
    expect(typeSelect().value).toBe('other');
  });

  async function fillAndSend(user: ReturnType<typeof openDialog>['user']) {
    await user.selectOptions(typeSelect(), 'Проблема с аккаунтом');
    await user.type(emailField(), 'anya@example.ru');
    await user.type(messageField(), 'Не могу войти');
    await user.click(send());
  }

  it('shows the server’s message when it refuses, keeping the form', async () => {
    const refusal = 'Слишком много обращений за час. Пожалуйста, попробуйте позже';
    stubApi({
      'POST /api/support/contact': () => {
        throw apiError(429, { detail: refusal, code: 'rate_limited' });
      },
    });
    const { user } = openDialog();
    await fillAndSend(user);
    await expectToast(refusal);
    expect(useSupportDialog.getState().opened).toBe(true);
    expect(messageField().value).toBe('Не могу войти');
  });

  it('an answer that is not a success is «Неизвестная ошибка»; no answer at all, the failure text', async () => {
    let answer: () => unknown = () => ({ status: 'error' });
    stubApi({ 'POST /api/support/contact': () => answer() });
    const { user } = openDialog();
    await fillAndSend(user);
    await expectToast(SUPPORT_MESSAGES.unknown);

    answer = () => {
      throw apiError(502, { detail: '' });
    };
    await user.click(send());
    await expectToast(SUPPORT_MESSAGES.failure);
  });

  it('gives up after 15 s with the timeout text naming the brand’s address', async () => {
    let signal: AbortSignal | undefined;
    stubApi({
      'POST /api/support/contact': (options: RequestOptions) =>
        new Promise((_, reject) => {
          signal = options.signal;
          options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    const { user } = openDialog();
    await user.selectOptions(typeSelect(), 'Проблема с оплатой');
    await user.type(emailField(), 'anya@example.ru');
    await user.type(messageField(), 'Списали дважды');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Testing Library's async helpers wait on a real timer: the click is a plain event here.
    fireEvent.click(send());
    await vi.advanceTimersByTimeAsync(SUPPORT_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    vi.useRealTimers();
    await expectToast(SUPPORT_MESSAGES.timeout.replace('{email}', getBrand().supportEmail));
    expect(useSupportDialog.getState().opened).toBe(true);
  });
});
