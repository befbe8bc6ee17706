import { truncate } from './truncate.ts';

/** The notifications the server writes, in the product's voice (001 §3 types). */
export const NOTIFICATION_TEXTS = {
  characterCreated: (name: string) => ({
    title: `${name} уже ждёт тебя`,
    message: `Подруга ${name} создана. Напиши ей первой — она будет рада!`,
  }),
  emailVerified: {
    title: 'Почта подтверждена',
    message: 'Спасибо! Твой email подтверждён — теперь тебе доступно больше сообщений в день.',
  },
  newMessage: (name: string, text: string) => ({
    title: `${name} ответила тебе`,
    message: truncate(text, 120) || 'Загляни в чат — она ждёт твоего ответа.',
  }),
};
