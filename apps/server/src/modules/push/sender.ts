import type { PushPayload } from '@podruga/shared';
import { request } from 'undici';
import type { VapidKeys } from './vapid.ts';

/** A push service keeps an undelivered message this long (seconds) while the device is offline. */
const PUSH_TTL_S = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 15_000;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service answered: delivered, gone (404/410: delete), retry (429/5xx, network), refused. */
export type PushResult =
  | { kind: 'sent' }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; status: number | null; retryAfterS: number | null }
  | { kind: 'refused'; status: number };

function retryAfterSeconds(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * One Web Push message (RFC 8030/8291/8292): `web-push` encrypts the payload (aes128gcm) and signs the
 * VAPID JWT; the request itself goes through undici, so it never follows a redirect away from the
 * checked endpoint, has a timeout, and works with an http test service on loopback.
 */
export async function sendPush(
  target: PushTarget,
  payload: PushPayload,
  vapid: VapidKeys,
  options: { urgency?: 'normal' | 'high'; topic?: string } = {},
): Promise<PushResult> {
  // Loaded at the first push, not at start: an idle server sends none (docs/PERFORMANCE.md, issue 18).
  const { default: webpush } = await import('web-push');
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: vapid,
      TTL: PUSH_TTL_S,
      urgency: options.urgency ?? 'normal',
      ...(options.topic ? { topic: options.topic } : {}),
    },
  );
  let status: number;
  let headers: Record<string, string | string[] | undefined>;
  try {
    const response = await request(details.endpoint, {
      method: 'POST',
      headers: details.headers as Record<string, string>,
      body: details.body,
      headersTimeout: PUSH_TIMEOUT_MS,
      bodyTimeout: PUSH_TIMEOUT_MS,
    });
    status = response.statusCode;
    headers = response.headers;
    await response.body.dump();
  } catch {
    return { kind: 'retry', status: null, retryAfterS: null };
  }
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500) {
    return { kind: 'retry', status, retryAfterS: retryAfterSeconds(headers['retry-after']) };
  }
  return { kind: 'refused', status };
}
