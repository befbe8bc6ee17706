import {
  PLANS,
  type Plan,
  PRICES,
  PRODUCT_FEATURES,
  type Product,
  ruPlural,
  TIER_LIMITS,
} from '@podruga/shared';

/** Roubles as the cards show them: '2 490 ₽' (a non-breaking space before the sign). */
export function formatRub(amount: number): string {
  return `${amount.toLocaleString('ru-RU')}\u00a0₽`;
}

export const PLAN_LABELS: Record<Plan, { title: string; days: string }> = {
  monthly: { title: '1 месяц', days: '30 дней' },
  quarterly: { title: '3 месяца', days: '90 дней' },
  yearly: { title: '12 месяцев', days: '365 дней' },
};

export interface PlanCardInfo {
  plan: Plan;
  title: string;
  days: string;
  price: string;
  perMonth: string | null;
  savings: string | null;
  badge: string | null;
}

export function planCards(product: Product): PlanCardInfo[] {
  return PLANS.map((plan) => {
    const price = PRICES[product][plan];
    return {
      plan,
      ...PLAN_LABELS[plan],
      price: formatRub(price.rub),
      perMonth: price.perMonthRub === null ? null : `${formatRub(price.perMonthRub)} в месяц`,
      savings: price.savingsRub === null ? null : `Экономия ${formatRub(price.savingsRub)}`,
      badge: plan === 'quarterly' ? 'Популярный' : plan === 'yearly' ? 'Выгоднее всего' : null,
    };
  });
}

const count = (n: number, forms: [string, string, string]) => `${n} ${ruPlural(n, forms)}`;

/**
 * What the tier gives, in real numbers (DESIGN §5: 50 messages a day, never "unlimited"), and only
 * what exists (PRODUCT_FEATURES): videos, calls, photos and likeness appear when they land.
 */
export function productPerks(product: Product, features = PRODUCT_FEATURES): string[] {
  const limits = TIER_LIMITS[product];
  const minutes = Math.round(limits.voiceSecondsPerDay / 60);
  const messages = `${count(limits.messagesPerDay, ['сообщение', 'сообщения', 'сообщений'])} в день`;
  const videos = features.videos ? [`${limits.videosPerDay} видео в день`] : [];
  const calls = features.voiceCalls
    ? [`${count(minutes, ['минута', 'минуты', 'минут'])} голосовых звонков в день`]
    : [];
  if (product === 'vip')
    return [messages, ...videos, ...calls, 'Всё, что даёт Plus, и срок Plus продлевается вместе с VIP'];
  return [
    'Сколько угодно подруг',
    messages,
    ...calls,
    ...(features.companionPhotos ? ['Её фото по запросу'] : []),
    ...videos,
    ...(features.likeness ? ['Создание подруги по образу'] : []),
    'Ранний доступ к новым функциям',
  ];
}
