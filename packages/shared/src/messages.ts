/**
 * User-facing Russian texts from the spec (000 §5, §8; 001 §2; 002 §8), kept once (the auth forms' texts
 * are in authMessages.ts, the server's in serverMessages.ts).
 */

export const NETWORK_ERROR = 'Ошибка сети: Сервер все еще может обрабатывать ваш запрос';
export const GUEST_NAME = 'Гость';
export const GUEST_ACCOUNT_LABEL = 'Гостевой аккаунт';
export const LOADING_TEXT = 'Грузим...';
