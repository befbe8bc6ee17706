/**
 * User-facing Russian texts from the spec (000 §5, §8; 001 §2; 002 §8), kept once.
 */
export const AUTH_MESSAGES = {
  nameRequired: 'Пожалуйста, введите ваше имя',
  emailRequired: 'Пожалуйста, введите вашу эл. почту',
  emailInvalid: 'Пожалуйста, введите корректный адрес эл. почты',
  passwordRequired: 'Пожалуйста, введите пароль',
  passwordRequiredLogin: 'Пожалуйста, введите ваш пароль',
  passwordTooShort: 'Пароль должен содержать не менее 8 символов',
  consentRequired: 'Пожалуйста, согласитесь с условиями и политикой конфиденциальности',
  recoveryEmailRequired: 'Пожалуйста, введите ваш email адрес',
  recoveryEmailInvalid: 'Пожалуйста, введите корректный email адрес',
  loginFailed: 'Ошибка входа. Пожалуйста, проверьте ваши данные.',
  registerFailed: 'Ошибка регистрации. Пожалуйста, попробуйте еще раз.',
  authError: 'Authentication error',
  loginSuccess: 'Вход выполнен успешно',
  registerSuccess: 'Регистрация выполнена успешно',
  recoverySuccess: 'Ссылка для восстановления пароля отправлена на ваш email',
  recoveryFailed: 'Ошибка при отправке ссылки восстановления',
  recoveryTooMany: 'Слишком много запросов. Пожалуйста, попробуйте позже',
  recoveryError: 'Произошла ошибка при отправке ссылки восстановления',
  logout: 'Вы вышли из аккаунта',
  logoutMenu: 'Ты успешно вышел из системы',
  logoutFailed: 'Ошибка при выходе из системы',
  wrongPassword: 'Неверный пароль',
  emailTaken: 'Этот email уже используется',
  changeEmailFailed: 'Не удалось изменить email',
  resendOk: 'Письмо отправлено! Проверьте почту.',
  resendFailed: 'Ошибка отправки письма',
  anonymousLimitTitle: 'Лимит анонимных сессий',
  needsLogin: 'Войдите в аккаунт, чтобы управлять доступом',
} as const;

/** Texts we wrote where the spec is silent, in the same voice. */
export const SERVER_MESSAGES = {
  invalidCredentials: 'Неверная эл. почта или пароль',
  emailAlreadyRegistered: 'Этот email уже используется',
  unauthorized: 'Требуется авторизация',
  sessionExpired: 'Сессия истекла. Пожалуйста, войдите снова.',
  forbidden: 'Доступ запрещён',
  notFound: 'Не найдено',
  tooManyRequests: 'Слишком много запросов. Пожалуйста, попробуйте позже',
  anonymousLimit:
    'Превышен лимит анонимных сессий: не более 3 в час. Создайте бесплатный аккаунт, чтобы продолжить.',
  badRequest: 'Некорректный запрос',
  payloadTooLarge: 'Слишком большой запрос',
  internal: 'Внутренняя ошибка сервера. Пожалуйста, попробуйте позже.',
  tokenInvalid: 'Ссылка недействительна или устарела',
  resetDone: 'Пароль изменён. Теперь можно войти с новым паролем.',
  emailVerified: 'Эл. почта подтверждена',
  alreadyVerified: 'Эл. почта уже подтверждена',
  noEmail: 'У аккаунта нет эл. почты',
  guestNotAllowed: 'Сначала создайте аккаунт',
  plusRequired: 'Доступно только для Plus пользователей',
  changeEmailSent: 'Мы отправили письмо на новый адрес. Подтвердите его, чтобы завершить смену.',
  recoveryGeneric: 'Если такой адрес зарегистрирован, мы отправили на него ссылку для восстановления пароля',
  debugDisabled: 'Отладочные страницы отключены',
  emailUnchanged: 'Это ваш текущий адрес эл. почты',
  unsupportedMediaType: 'Неподдерживаемый формат запроса',
  maintenance: 'Ведутся технические работы. Пожалуйста, зайдите немного позже.',
  methodNotAllowed: 'Этот метод не поддерживается по данному адресу',
  uriTooLong: 'Слишком длинный адрес запроса',
  headersTooLarge: 'Слишком большие заголовки запроса',
  requestTimeout: 'Истекло время ожидания запроса',
  imageDimensions: 'Изображение слишком большое: не больше 4096 пикселей по стороне и 16 мегапикселей',
} as const;

export const NETWORK_ERROR = 'Ошибка сети: Сервер все еще может обрабатывать ваш запрос';
export const GUEST_NAME = 'Гость';
export const GUEST_ACCOUNT_LABEL = 'Гостевой аккаунт';
export const LOADING_TEXT = 'Грузим...';
