import { randomUUID } from 'node:crypto';
import {
  type Chat,
  LIKENESS_SPEC_ERRORS,
  LIKENESS_TEXTS,
  SERVER_MESSAGES,
  VOICE_TEXTS,
} from '@podruga/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { createCharacter } from '../test/characters.ts';
import { useTestDatabase } from '../test/db.ts';
import { bearer, expectError, guest, multipart, register } from '../test/http.ts';
import { photo } from '../test/images.ts';
import type { Access } from './auth.ts';

/**
 * Every route of the app with who may call it. A route added without a line here fails the first
 * test: state its access level (`config: { access }` on the route, see plugins/auth.ts) in both places,
 * and when it names one of the user's own resources by id, how to ask for someone else's (`owner`):
 * its service must refuse that, and the test checks it does.
 */
interface Expected {
  access: Access;
  /** The route names the user's own resource: how another user's is refused, and how to ask for it. */
  owner?: Owner;
  /** The route's own 401 text when no session is sent (`config.unauthorized`). */
  unauthorized?: string;
  /** The route's own refusals (`config.refuse`): a guest session, an account without Plus. */
  refuse?: { guest: Refusal; plus: Refusal };
  /** For admins only (ADMIN_EMAILS): any other account is refused with 403 by the service. */
  admin?: true;
}

/** A refusal of the route's own: status, code, detail and the extra fields of its body. */
interface Refusal {
  status: number;
  code: string;
  detail: string;
  extra?: Record<string, unknown>;
}

interface Owner {
  /** Companions, chats and uploads: 404, as an unknown id; a chat's messages: 403 (the messages service). */
  refused: 404 | 403;
  /** A request for the resource `theirs`, sent with `token`. */
  request: (theirs: Resources, token: string) => Promise<InjectOptions> | InjectOptions;
}

interface Resources {
  characterId: string;
  chatId: string;
  /** A sandbox order (`order_…`). */
  orderId: string;
}

const notFound = (request: Owner['request']): Owner => ({ refused: 404, request });
const forbidden = (request: Owner['request']): Owner => ({ refused: 403, request });
const json = (token: string, payload: object): InjectOptions => ({ headers: bearer(token), payload });
/** A request without a body for a path that names their resource. */
const at =
  (path: (theirs: Resources) => string): Owner['request'] =>
  (theirs, token) => ({ url: path(theirs), headers: bearer(token) });
const upload = async (theirs: Resources, token: string): Promise<InjectOptions> =>
  multipart(
    token,
    { chat_id: theirs.chatId },
    { name: 'a.png', type: 'image/png', bytes: await photo(64, 64, 'png') },
  );

const LIKENESS: Expected = {
  access: 'plus',
  unauthorized: LIKENESS_TEXTS.authRequired,
  refuse: {
    guest: {
      status: 401,
      code: 'unauthorized',
      detail: LIKENESS_TEXTS.authRequired,
      extra: { message: LIKENESS_SPEC_ERRORS.auth },
    },
    plus: {
      status: 403,
      code: 'plus_required',
      detail: LIKENESS_TEXTS.plusRequired,
      extra: { message: LIKENESS_SPEC_ERRORS.plus },
    },
  },
};

/** The route's own refusal, or the app's. */
function expectRefusal(
  res: Awaited<ReturnType<FastifyInstance['inject']>>,
  own: Refusal | undefined,
  fallback: Refusal,
) {
  const refusal = own ?? fallback;
  if (!refusal.extra) return expectError(res, refusal.status, refusal.code as never, refusal.detail);
  expect(res.statusCode).toBe(refusal.status);
  expect(res.json()).toEqual({ code: refusal.code, detail: refusal.detail, ...refusal.extra });
}

const ROUTES: Record<string, Expected> = {
  'GET /api/health': { access: 'public' },
  'GET /api/config': { access: 'public' },
  'POST /api/debug/access': { access: 'public' },

  'POST /api/auth/anonymous': { access: 'public' },
  'POST /api/auth/token': { access: 'public' },
  'POST /api/auth/register': { access: 'public' },
  'POST /api/auth/forgot-password': { access: 'public' },
  'POST /api/auth/reset-password': { access: 'public' },
  'POST /api/auth/verify-email': { access: 'public' },
  'POST /api/auth/logout': { access: 'guest' },
  'GET /api/auth/validate': { access: 'guest' },
  'POST /api/auth/upgrade': { access: 'guest' },
  'GET /api/auth/verification-status': { access: 'guest' },
  'POST /api/auth/change-email': { access: 'registered' },
  'POST /api/auth/resend-verification': { access: 'registered' },

  'POST /api/user/confirm-adult': { access: 'guest' },
  'POST /api/user/set-pwa-status': { access: 'registered' },
  'GET /api/user/message-limits': { access: 'guest' },
  'GET /api/user/limits/status': { access: 'guest' },
  'GET /api/user/stats': { access: 'guest' },

  'POST /api/payment/cancel-subscription': { access: 'registered' },
  'POST /api/payment/create': { access: 'guest' },
  'POST /api/payment/status': {
    access: 'guest',
    owner: notFound((theirs, token) => json(token, { payment_id: theirs.orderId })),
  },
  'GET /api/payment/recent': { access: 'guest' },
  'POST /api/payment/crypto/subscribe': { access: 'guest' },
  'POST /api/payment/crypto/create-fixed': { access: 'guest' },
  'POST /api/payment/crypto/status': {
    access: 'guest',
    owner: notFound((theirs, token) => json(token, { payment_id: theirs.orderId })),
  },
  'GET /api/payment/crypto/currencies': { access: 'guest' },
  'POST /api/payment/crypto/min-amount': { access: 'guest' },
  'POST /api/payment/crypto/estimate': { access: 'guest' },
  'POST /api/payment/twinpay/create': { access: 'guest' },
  'GET /api/payment/twinpay/status/:invoice_id': {
    access: 'guest',
    owner: notFound(at((t) => `/api/payment/twinpay/status/${t.orderId}`)),
  },
  'POST /api/payment/platega/create': { access: 'guest' },
  'GET /api/payment/platega/status/:id': {
    access: 'guest',
    owner: notFound(at((t) => `/api/payment/platega/status/${t.orderId}`)),
  },
  'POST /api/payment/cactuspay/create-simple': { access: 'guest' },
  'POST /api/payment/cactuspay/create-h2h': { access: 'guest' },
  'GET /api/payment/cactuspay/status/:id': {
    access: 'guest',
    owner: notFound(at((t) => `/api/payment/cactuspay/status/${t.orderId}`)),
  },
  // Providers' callbacks: proven by their signature or headers, then confirmed by a status call.
  'POST /api/payment/crypto/ipn': { access: 'public' },
  'POST /api/payment/platega/callback': { access: 'public' },
  'POST /api/payment/twinpay/callback': { access: 'public' },
  'POST /api/payment/cactuspay/callback': { access: 'public' },
  // The sandbox (outside production only): its page opens in a tab without a token.
  'POST /api/payment/sandbox/callback': { access: 'public' },
  'POST /api/payment/sandbox/:order_id/pay': { access: 'public' },
  'GET /sandbox/pay/:order_id': { access: 'public' },
  'POST /api/support/contact': { access: 'guest' },
  'GET /api/notifications/unread-count': { access: 'guest' },
  'GET /api/notifications/recent': { access: 'guest' },
  'POST /api/notifications/:id/mark-read': { access: 'guest' },
  'POST /api/notifications/mark-all-read': { access: 'guest' },
  'GET /api/push/vapid-key': { access: 'public' },
  'POST /api/push/subscribe': { access: 'guest' },
  'DELETE /api/push/unsubscribe': { access: 'guest' },
  'GET /api/push/status': { access: 'guest' },
  'POST /api/push/test': { access: 'guest' },

  'GET /api/characters': { access: 'guest' },
  'POST /api/characters': { access: 'guest' },
  'POST /api/characters/generate_image': { access: 'guest' },
  'GET /api/characters/:id': {
    access: 'guest',
    owner: notFound(at((t) => `/api/characters/${t.characterId}`)),
  },
  'PUT /api/characters/:id': {
    access: 'guest',
    owner: notFound((theirs, token) => ({
      url: `/api/characters/${theirs.characterId}`,
      ...json(token, { age: 30 }),
    })),
  },
  'DELETE /api/characters/:id': {
    access: 'guest',
    owner: notFound(at((t) => `/api/characters/${t.characterId}`)),
  },
  'GET /api/chats': { access: 'guest' },
  'POST /api/chats': {
    access: 'guest',
    owner: notFound((theirs, token) => json(token, { character_id: theirs.characterId })),
  },
  'GET /api/chats/character/:id': {
    access: 'guest',
    owner: notFound(at((t) => `/api/chats/character/${t.characterId}`)),
  },
  'GET /api/catalogue': { access: 'guest' },
  'POST /api/catalogue/:id/adopt': { access: 'guest' },
  'POST /api/inflection/inflect_name': { access: 'guest' },
  'POST /api/inflection/inflect_name_genitive': { access: 'guest' },
  'POST /api/inflection/inflect_name_accusative': { access: 'guest' },

  'POST /api/create_chat_directory': {
    access: 'guest',
    owner: notFound((theirs, token) => json(token, { chat_id: theirs.chatId })),
  },
  'POST /api/save_initial_image': { access: 'guest', owner: notFound(upload) },
  'POST /api/save_avatar_image': { access: 'guest', owner: notFound(upload) },
  'GET /pics/:name': { access: 'public' },
  'GET /vids/:name': { access: 'public' },

  'GET /api/messages/:chat_id': {
    access: 'guest',
    owner: forbidden(at((t) => `/api/messages/${t.chatId}`)),
  },
  'POST /api/messages/': {
    access: 'guest',
    owner: forbidden((theirs, token) => json(token, { chat_id: theirs.chatId, content: 'Привет' })),
  },
  // Another user's message: 404 (her-media.test.ts).
  'POST /api/messages/:message_id/retry-media': { access: 'guest' },
  // Another user's message: 404 (messages/resume.test.ts).
  'POST /api/messages/:message_id/continue': { access: 'guest' },
  // Another user's message, and the user's own: 404 (modules/speech/listen.test.ts).
  'GET /api/messages/:message_id/speech': { access: 'guest' },
  'POST /api/first_message': {
    access: 'guest',
    owner: forbidden((theirs, token) => json(token, { chat_id: theirs.chatId })),
  },
  'POST /api/analyze_image': { access: 'guest', owner: forbidden(upload) },

  'POST /api/speech/transcribe': { access: 'guest', unauthorized: VOICE_TEXTS.authRequired },

  // Voice calls (issue 15): another user's companion is 404 'Подруга не найдена'; another user's call
  // is 404 (modules/voice-call/voice-call.test.ts).
  'GET /api/voice-call/agent-info/:characterId': {
    access: 'guest',
    owner: notFound(at((theirs) => `/api/voice-call/agent-info/${theirs.characterId}`)),
  },
  'POST /api/voice-call/create-agent/:characterId': {
    access: 'guest',
    owner: notFound(at((theirs) => `/api/voice-call/create-agent/${theirs.characterId}`)),
  },
  'POST /api/voice-call/start/:characterId': { access: 'guest' },
  'POST /api/voice-call/:callId/end': { access: 'guest' },
  // The help guide's audio examples: visitors see the guide too.
  'GET /api/help/audio/:name': { access: 'public' },

  // The blog (issue 16): public pages, their API, the sitemap, robots.txt and the feed.
  'GET /api/blog/posts': { access: 'public' },
  'GET /api/blog/posts/:slug': { access: 'public' },
  'GET /sitemap.xml': { access: 'public' },
  'GET /robots.txt': { access: 'public' },
  'GET /blog/rss.xml': { access: 'public' },

  // Creation by likeness (000 §5): the spec's own texts; others' companions: 404 (likeness.test.ts).
  'POST /api/characters/ex': LIKENESS,
  'POST /api/likeness/analyze': LIKENESS,
  'POST /api/llm/process': LIKENESS,
  'POST /api/exgenerate/basic-generate': LIKENESS,
  'POST /api/exgenerate/select-model/:id': LIKENESS,

  // Affiliate links (issue 16): a visit is anyone's; the report is an admin's (403 for other accounts,
  // modules/affiliates/affiliates.test.ts).
  'POST /api/affiliates/visit': { access: 'public' },
  'GET /api/admin/affiliates': { access: 'registered', admin: true },
  // The job queue's view (issue 17), for the same admins.
  'GET /api/admin/jobs': { access: 'registered', admin: true },
  'GET /api/admin/crisis-referrals': { access: 'registered', admin: true },
};

const db = useTestDatabase();
let app: FastifyInstance;
let addresses = 0;
/** Each guest from its own address: the anonymous-session limit counts per address. */
const newGuest = () => guest(app, `10.9.0.${++addresses}`);

beforeEach(async () => {
  ({ app } = await buildTestApp(db()));
});
afterEach(async () => {
  await app.close();
});

const keyOf = (method: string, url: string) => `${method} ${url}`;
/** The app's routes as `METHOD /pattern` (HEAD is Fastify's copy of each GET). */
const routes = () => app.routeTable.entries.filter((r) => r.method !== 'HEAD');
const withAccess = (...levels: Access[]) => routes().filter((r) => levels.includes(r.access));
/** A route's pattern with its parameters filled by ids nobody owns. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, () => randomUUID());

async function call(method: string, url: string, options: InjectOptions = {}) {
  return app.inject({
    ...options,
    method: method as InjectOptions['method'],
    url: options.url ?? concrete(url),
  });
}

async function resourcesOf(token: string): Promise<Resources> {
  const her = await createCharacter(app, token);
  const chat = await app.inject({
    method: 'POST',
    url: '/api/chats/',
    ...json(token, { character_id: her.id }),
  });
  expect(chat.statusCode, chat.body).toBe(200);
  const order = await app.inject({
    method: 'POST',
    url: '/api/payment/platega/create',
    ...json(token, { plan_type: 'monthly' }),
  });
  expect(order.statusCode, order.body).toBe(200);
  return {
    characterId: her.id,
    chatId: chat.json<Chat>().id,
    orderId: order.json<{ order_id: string }>().order_id,
  };
}

describe('route access', () => {
  it('every route declares the access level this table expects, and nothing is left out', () => {
    const declared = Object.fromEntries(routes().map((r) => [keyOf(r.method, r.url), r.access]));
    const expected = Object.fromEntries(Object.entries(ROUTES).map(([key, { access }]) => [key, access]));
    expect(declared).toEqual(expected);
  });

  it('without a session (or with a token we did not sign): 401 wherever a session is needed', async () => {
    for (const { method, url } of withAccess('guest', 'registered', 'plus')) {
      const own = ROUTES[keyOf(method, url)]?.unauthorized;
      expectError(await call(method, url), 401, 'unauthorized', own ?? SERVER_MESSAGES.unauthorized);
      expectError(
        await call(method, url, { headers: bearer('not-a-token') }),
        401,
        'unauthorized',
        SERVER_MESSAGES.unauthorized,
      );
    }
    for (const { method, url } of withAccess('public')) {
      const res = await call(method, url, { remoteAddress: '10.8.0.1' });
      expect(res.statusCode, keyOf(method, url)).not.toBe(401);
    }
  });

  it('a guest: 403 «Сначала создайте аккаунт» on routes for accounts, let through elsewhere', async () => {
    const { access_token } = await newGuest();
    for (const { method, url } of withAccess('registered', 'plus')) {
      expectRefusal(
        await call(method, url, { headers: bearer(access_token) }),
        ROUTES[keyOf(method, url)]?.refuse?.guest,
        {
          status: 403,
          code: 'forbidden',
          detail: SERVER_MESSAGES.guestNotAllowed,
        },
      );
    }
    for (const { method, url } of withAccess('guest')) {
      const res = await call(method, url, { headers: bearer(access_token) });
      expect(res.statusCode, keyOf(method, url)).not.toBe(401);
      expect(res.json<{ code?: string }>().code, keyOf(method, url)).not.toBe('forbidden');
    }
  });

  it('an account without Plus: let through on routes for accounts, 403 plus_required on Plus routes', async () => {
    const { access_token } = await register(app, { email: 'free-member@mail.ru' });
    for (const { method, url } of withAccess('plus')) {
      expectRefusal(
        await call(method, url, { headers: bearer(access_token) }),
        ROUTES[keyOf(method, url)]?.refuse?.plus,
        {
          status: 403,
          code: 'plus_required',
          detail: SERVER_MESSAGES.plusRequired,
        },
      );
    }
    for (const { method, url } of withAccess('guest', 'registered')) {
      const res = await call(method, url, { headers: bearer(access_token) });
      expect(res.statusCode, keyOf(method, url)).not.toBe(401);
      if (ROUTES[keyOf(method, url)]?.admin) expect(res.statusCode, keyOf(method, url)).toBe(403);
      else expect(res.statusCode, keyOf(method, url)).not.toBe(403);
    }
  });

  describe('the owner of the resource', () => {
    for (const [key, { owner }] of Object.entries(ROUTES)) {
      if (!owner) continue;
      const [method = '', url = ''] = key.split(' ');
      it(`${key}: another user's resource is refused (${owner.refused}), the owner's own is answered`, async () => {
        const first = await newGuest();
        const theirs = await resourcesOf(first.access_token);
        const intruder = await newGuest();
        expectError(
          await call(method, url, await owner.request(theirs, intruder.access_token)),
          owner.refused,
          owner.refused === 404 ? 'not_found' : 'forbidden',
        );
        const own = await call(method, url, await owner.request(theirs, first.access_token));
        expect(own.statusCode, own.body).toBe(200);
      });
    }
  });
});
