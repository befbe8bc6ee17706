import type { HerMediaKind } from '@podruga/shared';

/**
 * Her words around her photos and videos (issue 14): the line she sends with the placeholder, her answer
 * to a video asked for below Plus, and the failures. Several lines each, so two requests in a row read
 * as her talking (and the chat's duplicate rule, equal text within 5 s, never swallows one).
 */
export const HER_MEDIA_LINES: Record<HerMediaKind, readonly string[]> = {
  photo: [
    'Сейчас сфоткаюсь для тебя 📸',
    'Секунду, выберу ракурс получше…',
    'Держи, сейчас пришлю фото 😊',
    'Ловлю свет и делаю снимок — подожди чуть-чуть.',
  ],
  video: [
    'Сейчас сниму для тебя видео 🎬',
    'Включаю камеру… Дай мне минутку.',
    'Хорошо, снимаю! Скоро пришлю.',
    'Уже записываю видео для тебя — подожди немного.',
  ],
};

/** Her line once the photo or video is there: it replaces the placeholder's "one moment". */
export const HER_MEDIA_READY_LINES: Record<HerMediaKind, readonly string[]> = {
  photo: ['Держи 📸 Как тебе?', 'Вот, это для тебя 😊', 'Лови фото! Нравится?', 'Только для тебя 💋'],
  video: [
    'Держи видео 🎬 Как тебе?',
    'Вот, сняла для тебя 😊',
    'Смотри! Надеюсь, понравится.',
    'Это только для тебя 💋',
  ],
};

export const HER_MEDIA_SERVER_TEXTS = {
  /** Her answer when a video is asked for below Plus; the preview dialog opens beside it. */
  premiumVideo: [
    'Видео я снимаю только для тех, у кого Plus 😉 Посмотри, какие они бывают.',
    'Ох, видео — это для Plus. Загляни, что я могу снять для тебя.',
  ],
  /** Failures the provider's own text never reaches. */
  failed: {
    photo: 'Не получилось сделать фото. Попробуй ещё раз.',
    video: 'Не получилось снять видео. Попробуй ещё раз.',
  } satisfies Record<HerMediaKind, string>,
  /** The media took too long (a provider job that never finished). */
  timedOut: {
    photo: 'Фото так и не получилось — слишком долго. Попробуй ещё раз.',
    video: 'Видео так и не получилось — слишком долго. Попробуй ещё раз.',
  } satisfies Record<HerMediaKind, string>,
  /** Her portrait is missing for a video (it is the video's first frame). */
  noPortrait: 'Для видео нужен её портрет, а его пока нет. Попробуй позже.',
  /** Retry refused: it is not failed (ready, or being made). */
  notFailed: 'Это уже готово или ещё делается',
} as const;

/** One of `lines`, varied by `n` (the chat's message count, a random number…). */
export function pickLine(lines: readonly string[], n: number): string {
  return lines[Math.abs(Math.floor(n)) % lines.length] ?? lines[0] ?? '';
}
