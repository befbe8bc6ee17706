/**
 * Photos and videos of her on request (issue 14; 000 §2–§4, 001 §2–§4, §9): the message metadata
 * both ends read, the socket's premium_feature payload, the chat's texts. The dialogs' examples, clips
 * and promo cards are in herMediaDialogs.ts, so the chat's first load does not carry them.
 */

export const HER_MEDIA_KINDS = ['photo', 'video'] as const;
export type HerMediaKind = (typeof HER_MEDIA_KINDS)[number];

export const HER_MEDIA_STATUSES = ['pending', 'ready', 'failed'] as const;
export type HerMediaStatus = (typeof HER_MEDIA_STATUSES)[number];

/**
 * `metadata` of her photo (`message_type` 'image', the picture in `image_path`) or video
 * (`message_type` 'video', `video_path` and `metadata.video_url`, 000 §3) while it is made and after.
 */
export interface HerMediaMetadata {
  media: HerMediaKind;
  status: HerMediaStatus;
  /** What the user asked for, in their words (shown with a failure; a retry asks for it again). */
  request: string;
  /** When the current attempt began (ISO), and about how long it takes: the placeholder's progress. */
  started_at: string;
  expected_ms: number;
  /** A failure's Russian text. */
  error?: string;
  /** Video: its full URL once ready (000 §3 metadata video_url). */
  video_url?: string;
  /** Made by an offline stand-in (a drawn portrait, a pan over it): the chat labels it as a demo. */
  demo?: boolean;
}

/** Reads her media metadata off a message's metadata, or null when it is not her photo or video. */
export function herMediaOf(metadata: Record<string, unknown> | null | undefined): HerMediaMetadata | null {
  if (!metadata) return null;
  const { media, status } = metadata;
  if (!(HER_MEDIA_KINDS as readonly unknown[]).includes(media)) return null;
  if (!(HER_MEDIA_STATUSES as readonly unknown[]).includes(status)) return null;
  return metadata as unknown as HerMediaMetadata;
}

/** Socket `premium_feature` (000 §4): a feature the user's tier does not have was asked for. */
export interface PremiumFeaturePayload {
  feature: 'video';
  chat_id: string;
}
/** 000 §4: the video preview dialog opens this long after a premium_feature event of video. */
export const PREMIUM_FEATURE_DIALOG_DELAY_MS = 500;

/** POST /api/messages/{message_id}/retry-media: a failed photo or video of hers is asked for again. */
export function retryMediaPath(messageId: string): string {
  return `/api/messages/${encodeURIComponent(messageId)}/retry-media`;
}

/** The chat's words about her photos and videos (ours, in the spec's voice). */
export const HER_MEDIA_TEXTS = {
  photoPending: 'Делаю фото…',
  videoPending: 'Снимаю видео…',
  retry: 'Повторить',
  demo: 'демо',
  /** Her line when a photo is refused by the day's allowance. */
  photoLimit: (reset: { hours: number; minutes: number }) =>
    `Фото на сегодня закончились. Лимит обновится через ${reset.hours} ч ${reset.minutes} мин.`,
  videoLimit: (reset: { hours: number; minutes: number }) =>
    `Видео на сегодня закончились. Лимит обновится через ${reset.hours} ч ${reset.minutes} мин.`,
  /** The attachments menu (000 §2). */
  attachPhoto: 'Фото',
  attachImageTips: 'Попросить фото',
  attachVideo: 'Видео',
  attachMenu: 'Вложения',
} as const;
