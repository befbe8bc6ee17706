/** Russian texts of companion creation the spec leaves to us, in its voice. */
export const CHARACTER_MESSAGES = {
  guestLimit: 'Гостевой аккаунт может создать только 1 подругу. Зарегистрируйтесь, чтобы создать больше.',
  freeLimit: (limit: number) =>
    `Бесплатный аккаунт может создать до ${limit} подруг. Оформите Plus, чтобы создавать без ограничений.`,
  idTaken: 'Подруга с таким идентификатором уже существует',
  noCharacter: 'Сначала создайте подругу, чтобы начать чат',
  regenerateLimit: 'Лимит пересоздания исчерпан',
  generateRateLimit: 'Слишком много генераций подряд. Попробуйте через час',
  imageUnsupported: 'Неподдерживаемый формат изображения. Загрузите JPEG, PNG или WebP.',
  imageTooLarge: 'Файл слишком большой (максимум 10 МБ)',
  imageMissing: 'Файл не может быть загружен',
  chatIdMissing: 'Некорректный идентификатор чата',
} as const;
