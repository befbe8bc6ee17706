import {
  PLAN_DAYS,
  PLANS,
  type Plan,
  PRICES,
  PRODUCT_FEATURES,
  type Product,
  ruPlural,
  TIER_LIMITS,
} from '@podruga/shared';

const count = (n: number, forms: readonly [string, string, string]) => `${n} ${ruPlural(n, forms)}`;
const DAY_FORMS = ['день', 'дня', 'дней'] as const;

/** Roubles as the cards show them: '2 490 ₽' (a non-breaking space before the sign). */
export function formatRub(amount: number): string {
  return `${amount.toLocaleString('ru-RU')}\u00a0₽`;
}

const PLAN_TITLES: Record<Plan, string> = { monthly: '1 месяц', quarterly: '3 месяца', yearly: '12 месяцев' };

/** A plan's name and its period from PLAN_DAYS ('3 месяца', '90 дней'). */
export const PLAN_LABELS = Object.fromEntries(
  PLANS.map((plan) => [plan, { title: PLAN_TITLES[plan], days: count(PLAN_DAYS[plan], DAY_FORMS) }]),
) as Record<Plan, { title: string; days: string }>;

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

/**
 * The daily limits a purchase gives, in real numbers (DESIGN §5: 50 messages a day, never
 * "unlimited"); calls and videos only once they exist (PRODUCT_FEATURES), else null.
 */
export function productLimits(product: Product, features = PRODUCT_FEATURES) {
  const limits = TIER_LIMITS[product];
  const minutes = Math.round(limits.voiceSecondsPerDay / 60);
  return {
    messages: `${count(limits.messagesPerDay, ['сообщение', 'сообщения', 'сообщений'])} в день`,
    calls: features.voiceCalls
      ? `${count(minutes, ['минута', 'минуты', 'минут'])} голосовых звонков в день`
      : null,
    videos: features.videos ? `${limits.videosPerDay} видео в день` : null,
  };
}

const present = (lines: (string | null | false)[]) => lines.filter((line): line is string => !!line);

/** What the tier gives, for the page's feature list: only what exists (PRODUCT_FEATURES). */
export function productPerks(product: Product, features = PRODUCT_FEATURES): string[] {
  const { messages, calls, videos } = productLimits(product, features);
  if (product === 'vip')
    return present([messages, videos, calls, 'Всё, что даёт Plus, и срок Plus продлевается вместе с VIP']);
  return present([
    'Сколько угодно подруг',
    messages,
    calls,
    features.companionPhotos && 'Её фото по запросу',
    videos,
    features.likeness && 'Создание подруги по образу',
    'Ранний доступ к новым функциям',
  ]);
}

/** What the success dialog lists (002 §2: the day's limits). */
export function limitLines(product: Product, features = PRODUCT_FEATURES): string[] {
  const { messages, calls, videos } = productLimits(product, features);
  return present([messages, 'Сколько угодно подруг', calls, videos]);
}
