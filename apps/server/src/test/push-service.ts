import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decrypt } from 'http_ece';
import { importJWK, jwtVerify } from 'jose';
import { type LocalServer, listenLocal } from './http-server.ts';

/** A browser's side of a subscription: the ECDH key pair and auth secret the push service encrypts to. */
export class BrowserKeys {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = randomBytes(16).toString('base64url');
  readonly p256dh: string;
  constructor() {
    this.ecdh.generateKeys();
    this.p256dh = this.ecdh.getPublicKey().toString('base64url');
  }
}

export interface PushDelivery {
  path: string;
  /** The decrypted payload, parsed. */
  payload: Record<string, unknown>;
  claims: { aud: string; exp: number; sub: string };
  ttl: string | undefined;
  urgency: string | undefined;
}

/**
 * A local push service over real HTTP (RFC 8030): checks each request's VAPID JWT (ES256 with the
 * server's public key, aud = this origin, exp within 24 h, sub) and decrypts the aes128gcm body with the
 * subscription's browser keys. `answers` queues the next statuses (404, 410, 429, 503…); 201 otherwise.
 */
export class LocalPushService {
  private server: LocalServer | undefined;
  readonly deliveries: PushDelivery[] = [];
  readonly rejected: string[] = [];
  /** The next responses, in order: a status and optional headers. */
  readonly answers: Array<{ status: number; headers?: Record<string, string> }> = [];
  private readonly browsers = new Map<string, BrowserKeys>();
  requests = 0;
  origin = '';

  constructor(private readonly vapidPublicKey: () => string) {}

  async start(): Promise<void> {
    this.server = await listenLocal((req, res) => this.handle(req, res));
    this.origin = this.server.origin;
  }

  /** `PUSH_EXTRA_HOSTS` for the app: this service's host:port. */
  get host(): string {
    return new URL(this.origin).host;
  }

  /** A new subscription of a "browser": its endpoint on this service and its keys. */
  subscription(): { endpoint: string; keys: { p256dh: string; auth: string } } {
    const browser = new BrowserKeys();
    const path = `/push/${randomBytes(8).toString('hex')}`;
    this.browsers.set(path, browser);
    return { endpoint: `${this.origin}${path}`, keys: { p256dh: browser.p256dh, auth: browser.auth } };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    this.requests++;
    try {
      const delivery = await this.verify(req, Buffer.concat(chunks));
      const answer = this.answers.shift();
      if (answer && answer.status >= 300) {
        res.writeHead(answer.status, answer.headers).end();
        return;
      }
      this.deliveries.push(delivery);
      res.writeHead(201).end();
    } catch (error) {
      this.rejected.push(String(error));
      res.writeHead(400).end();
    }
  }

  private async verify(req: IncomingMessage, body: Buffer): Promise<PushDelivery> {
    const path = req.url ?? '';
    const browser = this.browsers.get(path);
    if (!browser) throw new Error(`unknown subscription ${path}`);
    if (req.method !== 'POST') throw new Error(`method ${req.method}`);
    if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '');
    if (!match?.[1] || !match[2]) throw new Error(`authorization ${req.headers.authorization}`);
    if (match[2] !== this.vapidPublicKey()) throw new Error('k is not the server key');
    const raw = Buffer.from(match[2], 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(match[1], key, { algorithms: ['ES256'], audience: this.origin });
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.exp !== 'number' || payload.exp > now + 24 * 3600) throw new Error('exp');
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('sub');
    const plain = decrypt(body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth });
    return {
      path,
      payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
      claims: { aud: String(payload.aud), exp: payload.exp, sub: payload.sub },
      ttl: req.headers.ttl as string | undefined,
      urgency: req.headers.urgency as string | undefined,
    };
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}
