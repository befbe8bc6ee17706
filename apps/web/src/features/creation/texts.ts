/**
 * The wizard's texts that the spec names in English (001 §2, §4, §8), in the app's Russian voice.
 * `{name}` is the companion's name in the accusative (the inflection API).
 */
export const CREATION_TEXTS = {
  refine: 'Довести до идеала',
  generate: 'Сгенерировать и почувствовать',
  create: 'Создать подругу',
  readyTitle: 'Твоя идеальная подруга готова!',
  generatingTitle: 'Создаём твою подругу…',
  getToKnow: 'Узнать {name} ближе',
  respawn: 'Пересоздать',
  respawnExhausted: 'Лимит пересоздания исчерпан',
  generateFailed: 'Не удалось сгенерировать',
  noImages: 'Сервер не вернул ни одного изображения',
  retry: 'Попробовать снова',
  /** When the server sent no detail of its own. */
  tryLater: 'попробуй ещё раз чуть позже',
} as const;

export function getToKnowLabel(accusativeName: string): string {
  return CREATION_TEXTS.getToKnow.replace('{name}', accusativeName);
}
