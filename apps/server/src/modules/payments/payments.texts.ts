import { type Product, ruPlural } from '@podruga/shared';

const PRODUCT_NAME: Record<Product, string> = { plus: 'Plus', vip: 'VIP' };

export const productName = (product: Product) => PRODUCT_NAME[product];

const DATE_RU = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});
const dateRu = (date: Date) => DATE_RU.format(date);
const daysRu = (days: number) => `${days} ${ruPlural(days, ['день', 'дня', 'дней'])}`;

/** The bell's and the mails' texts of paid access, in the product's voice. */
export const PAYMENT_TEXTS = {
  activated: (product: Product, until: Date) => ({
    title: `${PRODUCT_NAME[product]} активирован`,
    message: `Оплата прошла успешно! Доступ ${PRODUCT_NAME[product]} открыт до ${dateRu(until)}.`,
  }),
  ended: {
    title: 'Доступ Plus закончился',
    message:
      'Оплаченный период Plus закончился. Продлить можно на странице Plus — все подруги и чаты на месте.',
  },
  activatedMail: (brand: string, product: Product, days: number, until: Date) => ({
    subject: `${PRODUCT_NAME[product]} активирован — ${brand}`,
    lines: [
      `Спасибо за оплату! Доступ ${PRODUCT_NAME[product]} на ${daysRu(days)} открыт до ${dateRu(until)}.`,
      'Платёж разовый: без подписки и автопродления, ничего не спишется само.',
    ],
    action: 'Открыть профиль',
    path: '/profile',
  }),
  endedMail: (brand: string) => ({
    subject: `Доступ Plus закончился — ${brand}`,
    lines: [
      'Оплаченный период Plus закончился, и аккаунт вернулся к бесплатным лимитам.',
      'Все подруги и переписки сохранены. Продлить Plus можно в любой момент.',
    ],
    action: 'Продлить Plus',
    path: '/plus',
  }),
  /** Answers to a provider's refused callback (read by the provider's logs, not by a user). */
  callbackForged: 'Подпись уведомления не прошла проверку',
  callbackMalformed: 'Уведомление не удалось разобрать',
  /** The sandbox page (DESIGN §6: a test payment says so). */
  sandbox: {
    notice: 'Это тестовая оплата: деньги не списываются. Она работает только вне рабочего режима.',
    product: 'Тариф',
    period: 'Период',
    amount: 'Сумма',
    pay: 'Оплатить',
    decline: 'Отклонить',
    days: daysRu,
    done: 'Этот платёж уже обработан.',
  },
};
