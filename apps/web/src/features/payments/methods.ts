import {
  PAYMENT_MESSAGES,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentMethodMode,
  type TwinpayMethod,
} from '@podruga/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/index.ts';

/** The ways to pay the page offers, each served by one provider method of the server. */
export type PayOption = 'card' | 'redirect' | TwinpayMethod | 'crypto';

export interface PayOptionInfo {
  value: PayOption;
  label: string;
  description: string;
  method: PaymentMethod;
}

export const PAY_OPTIONS: PayOptionInfo[] = [
  {
    value: 'card',
    label: 'Банковская карта',
    description: 'Оплата на странице платёжной системы',
    method: 'cactuspay',
  },
  { value: 'redirect', label: 'Карта или СБП', description: 'Переход на страницу оплаты', method: 'platega' },
  { value: 'SBP', label: 'СБП', description: 'Перевод по номеру телефона', method: 'twinpay' },
  {
    value: 'SBP_ALFA',
    label: 'СБП (Альфа-Банк)',
    description: 'Перевод через Альфа-Банк',
    method: 'twinpay',
  },
  { value: 'TO_CARD', label: 'Перевод на карту', description: 'Перевод по номеру карты', method: 'twinpay' },
  { value: 'crypto', label: 'Криптовалюта', description: 'BTC, ETH, USDT и другие', method: 'crypto' },
];

export const DEFAULT_PAY_OPTION: PayOption = 'card';

/** Off methods are disabled with this tooltip; the spec's text is about cards, ours covers the rest. */
export function unavailableText(method: PaymentMethod): string {
  return method === 'cactuspay' || method === 'platega'
    ? PAYMENT_MESSAGES.cardUnavailable
    : 'Этот способ оплаты временно недоступен';
}

const MODES: readonly PaymentMethodMode[] = ['real', 'sandbox', 'off'];

/** The modes of `payments` (shape: paymentMethodsConfigSchema); anything unreadable is left out. */
export function readPaymentModes(payments: unknown): Partial<Record<PaymentMethod, PaymentMethodMode>> {
  const out: Partial<Record<PaymentMethod, PaymentMethodMode>> = {};
  if (typeof payments !== 'object' || payments === null) return out;
  for (const method of PAYMENT_METHODS) {
    const mode = (payments as Record<string, { mode?: unknown } | undefined>)[method]?.mode;
    if (MODES.includes(mode as PaymentMethodMode)) out[method] = mode as PaymentMethodMode;
  }
  return out;
}

async function fetchPaymentMethods(): Promise<Partial<Record<PaymentMethod, PaymentMethodMode>>> {
  const body = await api.get<{ payments?: unknown } | null>('/api/config').catch(() => null);
  return readPaymentModes(body?.payments);
}

/**
 * `payments` of GET /api/config: which methods are real, the sandbox or off. Unknown (an older server, a
 * failed read) counts as available: the server refuses what it cannot serve, with its own message.
 */
export function usePaymentModes(): (method: PaymentMethod) => PaymentMethodMode {
  const { data } = useQuery({
    queryKey: ['config', 'payments'],
    queryFn: fetchPaymentMethods,
    staleTime: 5 * 60_000,
  });
  return (method) => data?.[method] ?? 'real';
}
