/**
 * The profile page and its dialogs (001 §2, §8, §9): texts, the grid's size, the usage bars' thresholds.
 */
export const PROFILE_MESSAGES = {
  guestAccount: 'Гостевой аккаунт',
  freePlan: 'Бесплатный',
  unlimited: 'Безлимитно',
  unavailable: 'Недоступно',
  limitsLoadFailed: 'Не удалось загрузить информацию о лимитах сообщений',
  companionsLoadFailed: 'Не удалось загрузить подруг',
  openChatFailed: 'Не удалось открыть чат',
  deleteFailed: 'Не удалось удалить подругу',
  deleted: (name: string) => `Подруга "${name}" удалена`,
  paymentSuccessTitle: 'Оплата прошла успешно!',
  paymentSuccessText: 'Ваша подписка Plus успешно активирована.',
  noActiveAccess: 'У вас нет активного доступа',
  cancelled: 'Доступ успешно отменен',
  cancelFailed: 'Не удалось отменить подписку',
  cancelError: 'Произошла ошибка при отмене подписки',
} as const;

/** 001 §9: the "Твои подруги" grid shows 3 slots, empty ones as placeholders. */
export const PROFILE_GRID_SLOTS = 3;

/** 001 §9: a usage bar turns warning from 70 % of its limit and negative from 90 %. */
export const LIMIT_BAR_THRESHOLDS = { warning: 0.7, negative: 0.9 } as const;
