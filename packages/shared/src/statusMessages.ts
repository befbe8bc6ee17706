/**
 * The server's texts for a bare HTTP status (part of SERVER_MESSAGES). A module of their own: the web client
 * falls back to them by status on every page (ApiError), and the rest of the server's texts then stay out
 * of its first page (DESIGN §8).
 */
export const STATUS_MESSAGES = {
  unauthorized: 'Требуется авторизация',
  forbidden: 'Доступ запрещён',
  notFound: 'Не найдено',
  tooManyRequests: 'Слишком много запросов. Пожалуйста, попробуйте позже',
  badRequest: 'Некорректный запрос',
  internal: 'Внутренняя ошибка сервера. Пожалуйста, попробуйте позже.',
} as const;
