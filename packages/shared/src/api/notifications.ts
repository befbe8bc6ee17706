import { z } from 'zod';
import { NOTIFICATION_MESSAGES } from '../notification-texts.ts';
import { NOTIFICATION_TYPES } from '../notifications.ts';
import { oneLine } from '../validation/one-line.ts';

/** A notification as the bell shows it (001 §3 "Notification"). */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  created_at: z.string(),
  read: z.boolean(),
  /** `character_id` (and `chat_id`) for new_message and character_created. */
  data: z.record(z.string(), z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;

export const unreadCountResponseSchema = z.object({ count: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;
export const recentNotificationsResponseSchema = z.object({ notifications: z.array(notificationSchema) });
export type RecentNotificationsResponse = z.infer<typeof recentNotificationsResponseSchema>;
export const notificationIdParamsSchema = z.object({ id: z.string().max(64) });
export const notificationsDoneResponseSchema = z.object({ success: z.literal(true) });

/** The bell lists this many of the newest notifications. */
export const NOTIFICATIONS_RECENT_LIMIT = 50;
/** A browser may be subscribed on this many devices per user; the oldest go first beyond it. */
export const PUSH_MAX_SUBSCRIPTIONS = 10;

export const PUSH_MESSAGES = {
  endpointInvalid: 'Неверный адрес подписки на уведомления',
  endpointHost: 'Адрес подписки должен принадлежать службе push-уведомлений браузера',
  keysInvalid: 'Неверные ключи подписки на уведомления',
  testSent: NOTIFICATION_MESSAGES.testSent,
  testNoSubscription: 'Уведомления в этом браузере не включены',
  testFailed: NOTIFICATION_MESSAGES.testFailed,
} as const;

/** Base64url without padding, as `PushSubscription.toJSON()` gives it. */
const base64url = (min: number, max: number) =>
  z
    .string({ error: PUSH_MESSAGES.keysInvalid })
    .min(min, { error: PUSH_MESSAGES.keysInvalid })
    .max(max, { error: PUSH_MESSAGES.keysInvalid })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: PUSH_MESSAGES.keysInvalid });

const infoField = (max: number) =>
  oneLine(
    z
      .string({ error: 'Неверное описание браузера' })
      .max(max, { error: 'Слишком длинное описание браузера' }),
  );

export const pushEndpointSchema = oneLine(
  z
    .string({ error: PUSH_MESSAGES.endpointInvalid })
    .min(1, { error: PUSH_MESSAGES.endpointInvalid })
    .max(1024, { error: PUSH_MESSAGES.endpointInvalid }),
);

export const pushSubscribeBodySchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes = 87 characters) and a 16-byte secret (22 characters);
      // the exact byte lengths are checked on the server after decoding.
      p256dh: base64url(86, 90),
      auth: base64url(21, 26),
    },
    { error: PUSH_MESSAGES.keysInvalid },
  ),
  browser_info: z
    .object({
      browser: infoField(64).optional(),
      os: infoField(64).optional(),
      device_type: infoField(32).optional(),
      user_agent: infoField(512).optional(),
      platform: infoField(64).optional(),
    })
    .optional(),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;
export type PushBrowserInfo = NonNullable<PushSubscribeBody['browser_info']>;

export const pushUnsubscribeBodySchema = z.object({ endpoint: pushEndpointSchema });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;

export const vapidKeyResponseSchema = z.object({ public_key: z.string(), supported: z.boolean() });
export type VapidKeyResponse = z.infer<typeof vapidKeyResponseSchema>;
export const pushSubscribeResponseSchema = z.object({
  success: z.literal(true),
  subscription_id: z.string(),
});
export type PushSubscribeResponse = z.infer<typeof pushSubscribeResponseSchema>;
export const pushUnsubscribeResponseSchema = z.object({ success: z.boolean() });

export const pushSubscriptionInfoSchema = z.object({
  id: z.string(),
  /** The push service's host only: the endpoint itself is a bearer secret of the browser. */
  service: z.string(),
  browser_info: z.record(z.string(), z.string()),
  created_at: z.string(),
  last_success_at: z.string().nullable(),
});
export const pushStatusResponseSchema = z.object({
  subscribed: z.boolean(),
  subscription_count: z.number().int(),
  subscriptions: z.array(pushSubscriptionInfoSchema),
});
export type PushStatusResponse = z.infer<typeof pushStatusResponseSchema>;
export const pushTestResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type PushTestResponse = z.infer<typeof pushTestResponseSchema>;
