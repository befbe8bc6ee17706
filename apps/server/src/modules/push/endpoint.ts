import { createECDH } from 'node:crypto';
import { PUSH_MESSAGES } from '@podruga/shared';
import { errors } from '../../errors.ts';

/**
 * The browsers' push services (Google FCM, Mozilla autopush, Apple, Microsoft WNS): a subscription's
 * endpoint must be an https URL on one of them, so the server can never be made to post to an
 * internal address. `PUSH_EXTRA_HOSTS` adds self-hosted or test services.
 */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com'];
const PUSH_SERVICE_SUFFIXES = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];
const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

function isKnownService(url: URL): boolean {
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname;
  return PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/** An extra host entry: `host` matches the scheme's default port only, `host:port` exactly that port. */
function isExtraHost(url: URL, extraHosts: readonly string[]): boolean {
  if (!extraHosts.includes(url.host.toLowerCase())) return false;
  // http only to the machine itself (a test's or a developer's local push service).
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

/** The endpoint as a URL when it is on an allowed push service; a Russian 400 otherwise. */
export function checkEndpoint(endpoint: string, extraHosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw errors.validation(PUSH_MESSAGES.endpointInvalid);
  }
  if (url.username || url.password || url.hash) throw errors.validation(PUSH_MESSAGES.endpointInvalid);
  if (!isKnownService(url) && !isExtraHost(url, extraHosts)) {
    throw errors.validation(PUSH_MESSAGES.endpointHost);
  }
  return url;
}

/** Whether the endpoint is still allowed (checked again before each send: the config may have changed). */
export function endpointAllowed(endpoint: string, extraHosts: readonly string[]): boolean {
  try {
    checkEndpoint(endpoint, extraHosts);
    return true;
  } catch {
    return false;
  }
}

/** The subscription's keys: an uncompressed P-256 point on the curve and a 16-byte auth secret. */
export function checkKeys(keys: { p256dh: string; auth: string }): void {
  const point = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04 || auth.length !== 16) {
    throw errors.validation(PUSH_MESSAGES.keysInvalid);
  }
  try {
    // Throws when the point is not on the curve: such a key could never be encrypted to.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
  } catch {
    throw errors.validation(PUSH_MESSAGES.keysInvalid);
  }
}
