/**
 * The chat's dialogs about her photos and videos (issue 14; 001 §2–§4, §9): the examples, the 20
 * preview clips and the promo cards' schedule. Their own module: only the lazily loaded dialogs read
 * it (a module is bundled whole). Texts name only what the product really gives (decision 0010).
 */
import { PRODUCT_FEATURES } from './features.ts';
import { TIER_LIMITS, VIDEO_CLIP_SECONDS } from './tiers.ts';

/** 001 §2, §9: the image instructions dialog's 6 examples; tapping one sends it as the user's message. */
export const IMAGE_REQUEST_EXAMPLES = [
  'Пришли фото, где ты на пляже',
  'Покажи себя в красном платье',
  'Сделай селфи перед зеркалом',
  'Пришли фото, как ты пьёшь кофе в кафе',
  'Покажи, как ты выглядишь после спортзала',
  'Пришли фото в уютной пижаме дома',
] as const;

/** 001 §2, §9: the video instructions dialog's 5 examples (Plus). */
export const VIDEO_REQUEST_EXAMPLES = [
  'Пришли видео, где ты танцуешь',
  'Сними видео, как ты гуляешь по пляжу на закате',
  'Пришли видео, как ты посылаешь мне воздушный поцелуй',
  'Сними видео, где ты улыбаешься в камеру',
  'Пришли видео, как ты поправляешь волосы у зеркала',
] as const;

/** The dialogs' titles and hints (ours, in the spec's voice). */
export const MEDIA_DIALOG_TEXTS = {
  imageInstructionsTitle: 'Как попросить фото',
  imageInstructionsHint:
    'Просто напиши ей, что хочешь увидеть: где она, во что одета, что делает. Или нажми на пример — он отправится сразу.',
  videoInstructionsTitle: 'Как попросить видео',
  videoInstructionsHint: `Опиши, что она делает в видео. С Plus — ${TIER_LIMITS.plus.videosPerDay} видео в день по ${VIDEO_CLIP_SECONDS.plus} секунд, с VIP — ${TIER_LIMITS.vip.videosPerDay} по ${VIDEO_CLIP_SECONDS.vip}. Нажми на пример — он отправится сразу.`,
  videoPreviewTitle: 'Видео доступны с Plus',
  upgrade: 'Получить Plus',
} as const;

/** 001 §3: the preview dialog's 20 clips, ids 1–20, priorities 1–4, served at /vids/001.mp4 … /vids/020.mp4. */
export interface PreviewClip {
  id: number;
  src: string;
  priority: 1 | 2 | 3 | 4;
}
export const PREVIEW_CLIP_COUNT = 20;
export const PREVIEW_CLIPS: readonly PreviewClip[] = Array.from({ length: PREVIEW_CLIP_COUNT }, (_, i) => {
  const id = i + 1;
  return {
    id,
    src: `/vids/${String(id).padStart(3, '0')}.mp4`,
    priority: (Math.floor(i / 5) + 1) as PreviewClip['priority'],
  };
});
/** 001 §4: clips of priority p are preloaded PREVIEW_PRELOAD_MS[p - 1] after the dialog opens. */
export const PREVIEW_PRELOAD_MS = [0, 2000, 4000, 6000] as const;

/** 001 §4 "Five cards": the spec's themes, in words true of what Plus gives here. */
export interface PromoCard {
  title: string;
  text: string;
}
export function promoCards(
  features = PRODUCT_FEATURES,
): readonly [PromoCard, PromoCard, PromoCard, PromoCard, PromoCard] {
  const plus = TIER_LIMITS.plus;
  const vip = TIER_LIMITS.vip;
  return [
    {
      title: 'Видео с ней',
      text: `С Plus — ${plus.videosPerDay} видео в день, с VIP — ${vip.videosPerDay}. Она снимет то, о чём ты попросишь.`,
    },
    {
      title: 'Одно лицо в каждом кадре',
      text: 'Видео делаются из её портрета: на каждом ролике — она, а не случайная девушка.',
    },
    features.voiceCalls
      ? {
          title: 'Голосовые звонки',
          text: `Звони ей: ${Math.round(plus.voiceSecondsPerDay / 60)} минут разговора в день с Plus.`,
        }
      : {
          title: 'Больше общения',
          text: `${plus.messagesPerDay} сообщений в день вместо ${TIER_LIMITS.free.messagesPerDay} и фото без ограничений.`,
        },
    {
      title: 'Твои фантазии',
      text: 'Опиши сцену своими словами — где она, во что одета, что делает.',
    },
    {
      title: 'Полный доступ Plus',
      text: 'Видео, фото без ограничений, больше сообщений и сколько угодно подруг.',
    },
  ];
}

/**
 * 001 §4: which promo card (1–5) the overlay shows on clip number `clip` (1-based, counting every clip
 * played since the dialog opened), or null: none on the first clip; on clips 2–12 cards 1–4 in turn on
 * two of every three clips; card 5 from clip 13 on.
 */
export function promoCardForClip(clip: number): 1 | 2 | 3 | 4 | 5 | null {
  if (clip <= 1) return null;
  if (clip >= 13) return 5;
  const k = clip - 2;
  if (k % 3 === 2) return null;
  const shown = Math.floor(k / 3) * 2 + (k % 3);
  return ((shown % 4) + 1) as 1 | 2 | 3 | 4;
}
