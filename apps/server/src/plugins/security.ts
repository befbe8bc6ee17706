import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const SAFE_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** ws(s):// to our own host for socket.io; 'self' alone does not cover websockets in every browser. */
function websocketSelf(request: IncomingMessage): string {
  const host = request.headers.host ?? '';
  return SAFE_HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

/**
 * What the browser reaches for an ElevenLabs voice call (issue 15; `@elevenlabs/client` with
 * connectionType 'websocket'): the conversation websocket on the API's host (the signed URL's), and its
 * HTTPS origin (feedback and uploads). LiveKit (WebRTC) is not used. The SDK's audio worklets would load
 * from blob:/data: URLs, and its resampler from a CDN, unless the app passes `workletPaths` and
 * `libsampleratePath`: the web app self-hosts them, so script-src stays 'self'.
 */
export function elevenLabsConnectSources(baseUrl: string): string[] {
  const url = new URL(baseUrl);
  const socket = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return [url.origin, `${socket}//${url.host}`];
}

/**
 * Security headers with a CSP the built SPA passes: scripts only from our origin (no inline scripts),
 * inline styles allowed (Mantine sets style attributes), images and media also from data:/blob: and
 * the media host. No CORS plugin: the API is same-origin only.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  mediaBaseUrl: string | undefined,
  /** ElevenLabs' API base URL when voice calls go through its agents; else nothing is added. */
  voiceCallBaseUrl?: string | undefined,
): Promise<void> {
  const media = mediaBaseUrl ? [new URL(mediaBaseUrl).origin] : [];
  const voice = voiceCallBaseUrl ? elevenLabsConnectSources(voiceCallBaseUrl) : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...media],
        mediaSrc: ["'self'", 'data:', 'blob:', ...media],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", websocketSelf, ...media, ...voice],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
}
