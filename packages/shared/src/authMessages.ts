/**
 * The spec's auth texts (000 §5, §8), kept once. A module of their own: only the auth forms, the profile
 * and sign-out use them, so they load with those chunks, not with the first page (DESIGN §8).
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
