import { z } from 'zod';
import { LIMIT_TIERS } from '../tiers.ts';

/** The longest message a user may send, in characters (after trimming), and what they are told. */
export const MESSAGE_MAX_CHARS = 4000;
export const MESSAGE_TOO_LONG = `Сообщение слишком длинное (не больше ${MESSAGE_MAX_CHARS} символов)`;

export const MESSAGE_TYPES = [
  'text',
  'image',
  'voice',
  'voice_call',
  'video',
  'rate_limit',
  'error',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Rate-limit card metadata (000 §3). */
export const rateLimitMetadataSchema = z.object({
  show_upgrade_button: z.boolean(),
  tier: z.enum(LIMIT_TIERS),
  reset_hours: z.number(),
  reset_minutes: z.number(),
  /** Which allowance the card is about: absent = the day's messages; photos or videos of her (issue 14). */
  limit_type: z.enum(['messages', 'photos', 'videos']).optional(),
});
export type RateLimitMetadata = z.infer<typeof rateLimitMetadataSchema>;

/** A message as the server sends it (000 §3 "Message (from the server)"). */
export const messageSchema = z.object({
  id: z.string(),
  chat_id: z.string(),
  content: z.string(),
  is_user: z.boolean(),
  message_type: z.enum(MESSAGE_TYPES),
  image_path: z.string().nullable(),
  video_path: z.string().nullable(),
  created_at: z.string(),
  is_streaming: z.boolean(),
  voice_call_status: z.string().nullable(),
  voice_call_duration: z.number().nullable(),
  voice_call_started_at: z.string().nullable(),
  voice_call_ended_at: z.string().nullable(),
  /** tier/status/duration/video_url, rate-limit fields, or `{partial: true}` for an interrupted reply. */
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** GET /api/messages/{chat_id}: any string — not one of the user's chats is the service's 404. */
export const chatIdParamsSchema = z.object({ chat_id: z.string() });

/** POST /api/messages/{message_id}/retry-media (issue 14): any string; not her media of the user's is a 404. */
export const messageIdParamsSchema = z.object({ message_id: z.string() });

/**
 * POST /api/messages/{message_id}/continue (ours, issue 17): her reply cut short, continued — as stored
 * after it (whole, or cut short again with `error`). The HTTP twin of the socket's `continue_reply`.
 */
export const continueReplyResponseSchema = z.object({
  reply: messageSchema.nullable(),
  error: z.string().optional(),
});
export type ContinueReplyResponse = z.infer<typeof continueReplyResponseSchema>;

/** POST /api/messages/ */
export const postMessageBodySchema = z.object({
  chat_id: z.uuid({ error: 'Некорректный идентификатор чата' }),
  content: z.string().max(MESSAGE_MAX_CHARS, { error: MESSAGE_TOO_LONG }),
  image_path: z.string().max(200).nullish(),
  is_user: z.boolean().default(true),
});

/** POST /api/first_message */
export const firstMessageBodySchema = z.object({
  chat_id: z.uuid({ error: 'Некорректный идентификатор чата' }),
  messages: z.array(z.unknown()).max(50).default([]),
});
export const firstMessageResponseSchema = z.object({ response: z.string(), message: messageSchema });

/** POST /api/analyze_image response. */
export const analyzeImageResponseSchema = z.object({ response: z.string(), image_path: z.string() });

/** GET /api/user/message-limits (000 §3 "Message limits"). */
export const messageLimitsSchema = z.object({
  limit: z.union([z.number(), z.literal('unlimited')]),
  count: z.number(),
  remaining: z.number(),
  allowed: z.boolean(),
  is_limited: z.boolean(),
  reset_time: z.object({ hours: z.number(), minutes: z.number() }),
  user_type: z.enum(LIMIT_TIERS),
});
export type MessageLimits = z.infer<typeof messageLimitsSchema>;

/** One resource of the limits status: its limit (`null` = unlimited) and how much of it is used. */
const limitResourceSchema = z.object({ limit: z.number().nullable(), used: z.number() });

/**
 * GET /api/user/limits/status: `null` limit = unlimited. `used` (ours; the profile's usage bars): the
 * companions she has, and today's messages, voice minutes and videos (Moscow day).
 */
export const limitsStatusSchema = z.object({
  tier: z.enum(LIMIT_TIERS),
  resources: z.object({
    gfs: limitResourceSchema,
    messages: limitResourceSchema,
    voice_minutes: limitResourceSchema,
    videos: limitResourceSchema,
    /** Photos of her today (issue 14): `null` limit for Plus and VIP, whose fair-use number is not shown. */
    photos: limitResourceSchema,
  }),
});
export type LimitsStatus = z.infer<typeof limitsStatusSchema>;

/** GET /api/user/stats */
export const userStatsSchema = z.object({ totalMessages: z.number(), created_at: z.string() });
export type UserStats = z.infer<typeof userStatsSchema>;

/** The spec's fixed welcome text when the first message cannot be generated (ours, in its voice). */
export const FALLBACK_FIRST_MESSAGE = 'Привет! Я так рада, что ты здесь. Расскажи, как прошёл твой день?';
/** 000 §4: added once when the last message is a user image and no reply comes. */
export const IMAGE_FALLBACK_TEXT = 'Я вижу изображение, которым ты поделился. Что ты хочешь о нем узнать?';
/** 000 §9 */
export const IMAGE_MAX_BYTES = 10_485_760;
export const IMAGE_ACCEPT = ['.jpg', '.jpeg', '.png', '.gif', '.webp'] as const;
export const TYPING_TIMEOUT_MS = 180_000;
export const DUPLICATE_WINDOW_MS = 5_000;
export const SCROLL_TO_BOTTOM_THRESHOLD_PX = 150;
export const TYPING_HINT = { typeMs: 70, eraseMs: 40, pauseMs: 2500 } as const;
export const SOCKET = {
  reconnectAttempts: 10,
  reconnectDelayMs: 1000,
  connectTimeoutMs: 20_000,
  pingTimeoutMs: 60_000,
  pingIntervalMs: 25_000,
  textSendWaitMs: 10_000,
  imageSendWaitMs: 5_000,
  authWaitRetries: 20,
  authWaitDelayMs: 100,
} as const;

/**
 * POST /api/messages/ response: the stored user message and the companion's reply. `reply` is null
 * when the model failed before producing anything (`error` says so); a partial reply carries
 * `metadata.partial`. `user_message` is null for `is_user: false` (the greeting, see first_message).
 */
export const postMessageResponseSchema = z.object({
  user_message: messageSchema.nullable(),
  reply: messageSchema.nullable(),
  error: z.string().optional(),
  /** The socket's premium_feature (000 §4) on the REST path: a video asked for below Plus. */
  premium_feature: z.literal('video').optional(),
});
export type PostMessageResponse = z.infer<typeof postMessageResponseSchema>;

/** The REST fallback of a rate-limit (HTTP 429 body): the error fields plus the socket's payload. */
export const RATE_LIMIT_DETAIL = 'Daily message limit reached';
