import { SERVER_MESSAGES } from '@podruga/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { UserRow } from '../db/schema/index.ts';
import { errors } from '../errors.ts';
import { TestClock } from '../test/app.ts';
import { bearer, expectError } from '../test/http.ts';
import { ACCESS_LEVELS, type Access, registerAuth } from './auth.ts';
import { registerErrorHandler } from './errors.ts';

/**
 * The access levels on a bare Fastify app with a stand-in session resolver: every caller against
 * every level, including Plus, which no route of the app uses yet. The app's own routes and their
 * levels are checked in route-access.test.ts.
 */
const clock = new TestClock();
const DAY_MS = 86_400_000;

function user(id: string, fields: Partial<UserRow>): UserRow {
  return {
    id,
    membershipType: 'free',
    membershipExpiry: null,
    vipExpiry: null,
    isPwaUser: false,
    emailVerified: false,
    ...fields,
  } as UserRow;
}

const USERS: Record<string, UserRow> = {
  guest: user('guest', { membershipType: 'guest' }),
  free: user('free', {}),
  plus: user('plus', { membershipType: 'plus', membershipExpiry: new Date(clock.now().getTime() + DAY_MS) }),
  expired: user('expired', {
    membershipType: 'plus',
    membershipExpiry: new Date(clock.now().getTime() - DAY_MS),
  }),
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function appWith(register: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const instance = Fastify();
  instance.setValidatorCompiler(validatorCompiler);
  registerErrorHandler(instance);
  registerAuth(
    instance,
    {
      resolveSession: async (token) => {
        const found = USERS[token];
        if (!found) throw errors.unauthorized();
        return found;
      },
    },
    clock,
  );
  register(instance);
  await instance.ready();
  app = instance;
  return instance;
}

/** One route per level, answering with the session user it saw. */
const levelRoutes = (instance: FastifyInstance) => {
  for (const access of ACCESS_LEVELS) {
    instance.post(
      `/api/${access}`,
      { config: { access }, schema: { body: z.object({ n: z.number({ error: 'Нужно число' }) }) } },
      async (request) => ({ user: request.user?.id ?? null }),
    );
  }
};

type Outcome = 'ok' | 401 | 'guestNotAllowed' | 'plusRequired';

/** Rows: the caller (no token, an unknown token, then each kind of user); columns: the level. */
const MATRIX: Record<string, Record<Access, Outcome>> = {
  none: { public: 'ok', guest: 401, registered: 401, plus: 401 },
  unknown: { public: 'ok', guest: 401, registered: 401, plus: 401 },
  guest: { public: 'ok', guest: 'ok', registered: 'guestNotAllowed', plus: 'guestNotAllowed' },
  free: { public: 'ok', guest: 'ok', registered: 'ok', plus: 'plusRequired' },
  plus: { public: 'ok', guest: 'ok', registered: 'ok', plus: 'ok' },
  expired: { public: 'ok', guest: 'ok', registered: 'ok', plus: 'plusRequired' },
};

describe('access levels', () => {
  for (const [caller, row] of Object.entries(MATRIX)) {
    it(`caller ${caller}: ${JSON.stringify(row)}`, async () => {
      const instance = await appWith(levelRoutes);
      for (const access of ACCESS_LEVELS) {
        const res = await instance.inject({
          method: 'POST',
          url: `/api/${access}`,
          payload: { n: 1 },
          headers: caller === 'none' ? {} : bearer(caller),
        });
        const expected = row[access];
        if (expected === 'ok') {
          expect(res.statusCode, `${caller} → ${access}`).toBe(200);
          // A public route reads no session, even when the request carries one.
          const seen = access === 'public' || caller === 'none' || caller === 'unknown' ? null : caller;
          expect(res.json()).toEqual({ user: seen });
        } else if (expected === 401) {
          expectError(res, 401, 'unauthorized', SERVER_MESSAGES.unauthorized);
        } else if (expected === 'guestNotAllowed') {
          expectError(res, 403, 'forbidden', SERVER_MESSAGES.guestNotAllowed);
        } else {
          expectError(res, 403, 'plus_required', SERVER_MESSAGES.plusRequired);
        }
      }
    });
  }

  it('is checked before the body schema: a caller without the right session learns nothing of it', async () => {
    const instance = await appWith(levelRoutes);
    const bad = { n: 'x' };
    expectError(
      await instance.inject({ method: 'POST', url: '/api/guest', payload: bad }),
      401,
      'unauthorized',
    );
    expectError(
      await instance.inject({
        method: 'POST',
        url: '/api/registered',
        payload: bad,
        headers: bearer('guest'),
      }),
      403,
      'forbidden',
    );
    expectError(
      await instance.inject({ method: 'POST', url: '/api/guest', payload: bad, headers: bearer('guest') }),
      400,
      'validation_failed',
      'Нужно число',
    );
  });

  it('leaves paths without a route alone: an unknown /api path is a 404, not a 401', async () => {
    const instance = await appWith(levelRoutes);
    const res = await instance.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
  });
});

describe('deny by default', () => {
  it('refuses to start when an /api route declares no access level', async () => {
    await expect(appWith((instance) => instance.get('/api/forgotten', async () => ({})))).rejects.toThrow(
      /GET \/api\/forgotten: declare who may call it/,
    );
  });

  it('refuses an unknown level', async () => {
    await expect(
      appWith((instance) =>
        instance.get('/api/typo', { config: { access: 'admin' as Access } }, async () => ({})),
      ),
    ).rejects.toThrow(/GET \/api\/typo: declare who may call it/);
  });

  it('routes outside /api (media, the web app) are public unless they say otherwise', async () => {
    const instance = await appWith((i) => {
      i.get('/pics/a.png', async () => ({ ok: true }));
      i.get('/private', { config: { access: 'guest' } }, async () => ({ ok: true }));
    });
    expect((await instance.inject({ method: 'GET', url: '/pics/a.png' })).statusCode).toBe(200);
    expectError(await instance.inject({ method: 'GET', url: '/private' }), 401, 'unauthorized');
  });
});
