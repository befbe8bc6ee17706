/**
 * Paid access (002 §1, §9; DESIGN §5): one-time purchases of Plus and VIP for 30, 90 or 365 days.
 * Prices live here and are read by the server only when it charges; the client shows them.
 */

export const PLANS = ['monthly', 'quarterly', 'yearly'] as const;
export type Plan = (typeof PLANS)[number];

export const PRODUCTS = ['plus', 'vip'] as const;
export type Product = (typeof PRODUCTS)[number];

/** What the client sends as `plan_type`: the plan, VIP plans prefixed with `vip_` (002 §3). */
export const PLAN_TYPES = [
  'monthly',
  'quarterly',
  'yearly',
  'vip_monthly',
  'vip_quarterly',
  'vip_yearly',
] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const DEFAULT_PLAN: Plan = 'quarterly';

export const PLAN_DAYS: Record<Plan, number> = { monthly: 30, quarterly: 90, yearly: 365 };

export interface PlanPrice {
  /** Charged once, in roubles. */
  rub: number;
  /** "в месяц" shown on the card; null where the spec shows none. */
  perMonthRub: number | null;
  /** "Экономия N ₽" against paying monthly; null for the monthly plan. */
  savingsRub: number | null;
  /** Crypto price (NOWPayments `price_amount` in USD). */
  usd: number;
}

/**
 * 002 §9. The VIP crypto prices are not in the spec: decision 0020 sets them from the rouble prices.
 */
export const PRICES: Record<Product, Record<Plan, PlanPrice>> = {
  plus: {
    monthly: { rub: 1090, perMonthRub: 1090, savingsRub: null, usd: 15 },
    quarterly: { rub: 2490, perMonthRub: 830, savingsRub: 780, usd: 20 },
    yearly: { rub: 7990, perMonthRub: 665, savingsRub: 5090, usd: 50 },
  },
  vip: {
    monthly: { rub: 3590, perMonthRub: null, savingsRub: null, usd: 49 },
    quarterly: { rub: 5690, perMonthRub: 1897, savingsRub: null, usd: 69 },
    yearly: { rub: 12090, perMonthRub: 1008, savingsRub: null, usd: 149 },
  },
};

export function parsePlanType(planType: PlanType): { product: Product; plan: Plan } {
  return planType.startsWith('vip_')
    ? { product: 'vip', plan: planType.slice(4) as Plan }
    : { product: 'plus', plan: planType as Plan };
}

export function planTypeOf(product: Product, plan: Plan): PlanType {
  return (product === 'vip' ? `vip_${plan}` : plan) as PlanType;
}

/** Our order ids: `order_` + 24 url-safe characters. The client keeps only ids of this shape (002 §4). */
export const ORDER_ID_PATTERN = /^order_[A-Za-z0-9_-]{8,64}$/;

/**
 * The ways to pay. Each is served by its real provider when that one is configured, by the sandbox
 * outside production otherwise, and is unavailable in production without its provider.
 */
export const PAYMENT_METHODS = ['crypto', 'platega', 'twinpay', 'cactuspay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type PaymentMethodMode = 'real' | 'sandbox' | 'off';

/** TwinPay's three ways of a bank transfer (002 §7). */
export const TWINPAY_METHODS = ['TO_CARD', 'SBP', 'SBP_ALFA'] as const;
export type TwinpayMethod = (typeof TWINPAY_METHODS)[number];

/** The life of one order on our side, whatever the provider says in its own words. */
export const PAYMENT_STATES = ['pending', 'paid', 'failed', 'expired', 'refunded', 'chargeback'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** NOWPayments statuses (002 §4 "Crypto payment"). */
export const CRYPTO_STATUSES = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'refunded',
  'expired',
  'partially_refunded',
] as const;
export type CryptoStatus = (typeof CRYPTO_STATUSES)[number];

export const CRYPTO = {
  /** 002 §9: the dialog's featured coins; more come from the server list. */
  featured: ['btc', 'eth', 'trx', 'xmr', 'ltc', 'dash'],
  supported: ['btc', 'eth', 'usdt', 'usdc', 'trx', 'xmr', 'ltc', 'doge', 'bnb', 'ada', 'sol'],
  /** The network choice is shown only for these (002 §5). */
  withNetwork: ['usdt', 'usdc', 'bnb', 'matic'],
  networks: [
    { code: 'eth', label: 'ERC20' },
    { code: 'trc20', label: 'TRC20' },
    { code: 'bsc', label: 'BEP20' },
    { code: 'polygon', label: 'Polygon' },
    { code: 'solana', label: 'Solana' },
  ],
  minAmounts: { btc: 0.0001, eth: 0.0001, usdt: 1, usdc: 1, trx: 10, xmr: 0.01 } as Record<string, number>,
  /** Decimals of an estimate (002 §9); others 2. */
  decimals: { btc: 8, eth: 6, xmr: 6, bnb: 6, sol: 6 } as Record<string, number>,
  validityMinutes: 20,
  qr: { level: 'M', size: 160 },
} as const;

/** 002 §9 "Timers", in milliseconds. */
export const PAYMENT_TIMERS = {
  cryptoPagePollMs: 180_000,
  cryptoPageStopMs: 30 * 60_000,
  transferWindowMs: 15 * 60_000,
  transferPollMs: 15_000,
  transferIdlePollMs: 60_000,
  transferSuccessCloseMs: 5_000,
  redirectPollMs: 30_000,
  redirectDefaultExpiresIn: '00:30:00',
  p2pActivatingPollMs: 10_000,
  p2pPendingPollMs: 15_000,
  storedPaymentMaxAgeMs: 24 * 60 * 60_000,
  accountDialogDelayMs: 2_000,
  accountToPaymentPauseMs: 500,
} as const;

/** The client's stored last payment (002 §3): `{product}LastPaymentId`, `{product}LastPaymentTime`. */
export const lastPaymentKeys = (product: Product) => ({
  id: `${product}LastPaymentId`,
  time: `${product}LastPaymentTime`,
});

/**
 * 002 §8, every text the payment screens show. Where the spec gives an English text the Russian
 * product says it in Russian (decision 0020); the English original is in the comment.
 */
export const PAYMENT_MESSAGES = {
  cryptoCreateFailed: 'Ошибка при создании платежа',
  cryptoCreateFailedLong: 'Произошла ошибка при создании криптоплатежа',
  copyFailed: 'Не удалось скопировать адрес',
  copied: 'Адрес скопирован в буфер обмена',
  statusFailed: 'Ошибка при проверке статуса платежа',
  statusFailedReload: 'Ошибка при проверке статуса платежа. Попробуйте обновить страницу.',
  stillProcessing: 'Платеж еще обрабатывается...',
  createdWaiting: 'Платеж создан. Ожидание подтверждения...',
  cryptoExpired: 'Время ожидания платежа истекло',
  problem: (statusText: string) => `Проблема с платежом: ${statusText}`,
  contactSupport: 'Связаться с поддержкой',
  currenciesFallback: 'Ошибка загрузки, используются стандартные криптовалюты',
  createFailed: 'Ошибка создания платежа',
  notCreated: 'Не удалось создать платеж',
  notCompletedTitle: 'Платеж не завершен',
  notCompletedYet: 'Платеж еще не завершен. Пожалуйста, завершите оплату и попробуйте снова.',
  checkAgain: 'Проверить снова',
  cancel: 'Отмена',
  statusCheckError: 'Ошибка проверки статуса платежа',
  notReceived: 'Платеж еще не получен',
  statusCheckErrorShort: 'Ошибка проверки статуса',
  failedQuery:
    'К сожалению, платеж не был завершен. Ты можешь попробовать еще раз или выбрать другой способ оплаты.',
  tryAgain: 'Попробовать снова',
  accountFailed: 'Не удалось создать аккаунт. Попробуйте позже.',
  anonymousFailed: 'Не удалось подготовить оплату. Попробуйте позже.',
  accountCreated: 'Аккаунт создан успешно!',
  loggedIn: 'Вход выполнен успешно!',
  tempAccount: 'Создан временный аккаунт для оплаты',
  guestAccount: 'Создан гостевой аккаунт для оплаты',
  simpleCardFailed: 'Ошибка при создании платежа',
  /** 'Failed to create payment' */
  genericCreateFailed: 'Не удалось создать платеж',
  /** 'Network error. Please check your connection and try again.' */
  networkError: 'Ошибка сети. Проверьте подключение и попробуйте снова.',
  /** 'You already have an active Plus membership' */
  alreadyPlus: 'У тебя уже есть активный Plus',
  /** 'No payment URL received from server' */
  noPaymentUrl: 'Сервер не вернул ссылку на оплату',
  cardUnavailable: 'Оплата картой временно недоступна',
  cannotCancelProcessing: 'Нельзя отменить платеж в процессе обработки',
  p2pNotCompleted: (status: string) => `Платеж не был завершен (${status})`,
  paidNotActive: 'Платеж прошел успешно, но доступ еще не активирован. Пожалуйста, подождите...',
  processing: 'Платеж в обработке. Это может занять несколько минут.',
  previousExpired: 'Предыдущий платеж истек. Пожалуйста, создайте новый платеж.',
  checkingPrevious: 'Проверка статуса предыдущего платежа...',
  success: 'Оплата успешно завершена!',
  successActivated: 'Платеж успешно завершен! Доступ активирован.',
  successProcessed: 'Платеж успешно обработан! Доступ активирован.',
  successTitle: 'Оплата прошла успешно!',
  successPlus: 'Ваша подписка Plus успешно активирована.',
  authRefreshFailed: 'Платеж завершен. Обновите страницу, если статус не изменился.',
  returnChecking: 'Проверка статуса платежа...',
  returnError: 'Ошибка при обработке платежа',
  returnErrorWith: (message: string) => `Ошибка при обработке платежа: ${message}`,
  returnErrorNotice: 'Произошла ошибка при обработке платежа',
  returnNotConfirmed:
    'Платеж не был подтвержден. Если вы уверены, что оплата прошла успешно, пожалуйста, обратитесь в поддержку.',
  oneTimeNote: 'Все платежи разовые: без подписки и автопродления.',
  /** Server side: VIP is sold only to active Plus members (DESIGN §5). */
  vipNeedsPlus: 'VIP доступен только при активном Plus',
  unknownOrder: 'Платеж не найден',
  sandboxTitle: 'Тестовая оплата',
} as const;

/** The five validation texts of 002 §5, in the order they are checked. */
export const PAYMENT_REGISTRATION_MESSAGES = {
  nameRequired: 'Пожалуйста, введите ваше имя',
  emailRequired: 'Пожалуйста, введите вашу эл. почту',
  emailInvalid: 'Пожалуйста, введите корректный адрес эл. почты',
  passwordRequired: 'Пожалуйста, введите пароль',
  passwordTooShort: 'Пароль должен содержать не менее 8 символов',
} as const;
