import { type Chat, ERROR_CODES } from '@podruga/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seeded as seededRandom } from '../random.ts';
import { buildTestApp } from '../test/app.ts';
import { characterInput, createCharacter } from '../test/characters.ts';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { ACCOUNT, bearer, form, multipart } from '../test/http.ts';

/**
 * Issue 9: malformed values sent to every registered route (read from the app's route table, so a
 * route added later is fuzzed without touching this file), with no session, a guest's and a
 * registered user's. Nothing may answer 5xx, and every error must be `{detail, code}`. Seeded: a
 * failure names its case, and the same seed replays it.
 */
const SEED = 20_251_123;

const STRINGS = [
  '\u0000',
  'Анна\u0000',
  '\u001b[31mred',
  'x\u007f\u0085',
  'abc\u202eevil',
  '\ufeffname',
  'строка\nвторая',
  'x'.repeat(100_000),
  '../../keys/jwt.secret',
  '..%2F..%2Fetc%2Fpasswd',
  '/etc/passwd',
  'javascript:alert(1)',
  'https://evil.example/x.png',
  'data:image/png;base64,AAAA',
  '😀'.repeat(40),
  'שלום مرحبا \u200f',
  'ё̈́̈́̈́̈́̈́',
  '',
  '   ',
  '%00',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '{"a":1}',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '9'.repeat(400),
];
const OTHERS: unknown[] = [
  0,
  -1,
  1e308,
  -1e308,
  2 ** 64,
  123_456_789_012_345_680_000,
  0.5,
  true,
  false,
  null,
  [],
  ['a', 'b'],
  [{ a: '\u0000' }],
  {},
  { $gt: '' },
  { __proto__: { polluted: true } },
];

/** Field names the app reads, besides those a route's own zod schemas declare. */
const FIELDS = [
  'name',
  'email',
  'password',
  'username',
  'content',
  'chat_id',
  'character_id',
  'image_path',
  'is_user',
  'messages',
  'token',
  'new_password',
  'current_password',
  'new_email',
  'title',
  'age',
  'consent',
  'draft_id',
  'seed',
  'model',
  'used_models',
  'width',
  'height',
  'negative_prompt',
  'previous_token',
  'membership_type',
  'ethnicity',
  'personality',
];

const RAW_BODIES: Array<{ type: string | undefined; payload: string }> = [
  { type: 'application/json', payload: '{"a":' },
  { type: 'application/json', payload: '{"a":1}}' },
  { type: 'application/json', payload: '[1,2,3]' },
  { type: 'application/json', payload: '"text"' },
  { type: 'application/json', payload: 'null' },
  { type: 'application/json', payload: '1e999' },
  { type: 'application/json', payload: '{"__proto__":{"x":1},"constructor":{"prototype":{"y":2}}}' },
  { type: 'application/json', payload: '\u0000' },
  { type: 'application/json', payload: '' },
  { type: 'application/json; charset=utf-16', payload: '{}' },
  { type: 'text/plain', payload: 'hello' },
  { type: 'application/xml', payload: '<a/>' },
  { type: 'multipart/form-data', payload: 'no boundary' },
  { type: 'multipart/form-data; boundary=zz', payload: '--zz\r\nbroken' },
  { type: 'application/x-www-form-urlencoded', payload: 'a=%00&b=%E0%A4%A&c' },
  { type: undefined, payload: 'raw bytes without a type' },
];

interface Case {
  label: string;
  options: InjectOptions;
}

interface Fixtures {
  chatId: string;
  characterId: string;
}

interface Session {
  label: string;
  token?: string;
  own?: Fixtures;
}

function shapeKeys(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ app } = await buildTestApp(testDb.database));
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

describe('every route, malformed input', () => {
  // ~15 s alone on PGlite; the margin is for a loaded machine running other files beside it.
  it('never answers 5xx, and every error is {detail, code}', { timeout: 120_000 }, async () => {
    const random = seededRandom(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const address = () =>
      `10.${1 + Math.floor(random() * 250)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}`;

    async function withCompanion(token: string): Promise<Fixtures> {
      const her = await createCharacter(app, token);
      const chat = await app.inject({
        method: 'POST',
        url: '/api/chats/',
        headers: bearer(token),
        payload: { character_id: her.id },
      });
      return { characterId: her.id, chatId: chat.json<Chat>().id };
    }

    async function alive(session: Session): Promise<boolean> {
      if (!session.token || !session.own) return false;
      const res = await app.inject({
        method: 'GET',
        url: `/api/chats/character/${session.own.characterId}`,
        headers: bearer(session.token),
      });
      return res.statusCode === 200 && res.json<unknown[]>().length > 0;
    }

    /** A token from an auth route, or null when it refused. */
    async function tokenFrom(url: string, fields?: Record<string, string>): Promise<string | null> {
      const res = await app.inject({
        method: 'POST',
        url,
        remoteAddress: address(),
        ...(fields ? form(fields) : {}),
      });
      return res.statusCode === 200 ? res.json<{ access_token: string }>().access_token : null;
    }

    /** Sessions that the previous route's requests ended (a login merged the guest, a delete) are made anew. */
    async function sessions(current: Session[]): Promise<Session[]> {
      const [none, guestSession, member] = current;
      const out: Session[] = [none ?? { label: 'no session' }];
      if (guestSession && (await alive(guestSession))) out.push(guestSession);
      else {
        const token = (await tokenFrom('/api/auth/anonymous')) ?? '';
        out.push({ label: 'guest', token, own: await withCompanion(token) });
      }
      if (member && (await alive(member))) out.push(member);
      else {
        const token =
          (await tokenFrom('/api/auth/token', { username: ACCOUNT.email, password: ACCOUNT.password })) ??
          (await tokenFrom('/api/auth/register', {
            ...ACCOUNT,
            email: `fuzz${Math.floor(random() * 1e9)}@mail.ru`,
          })) ??
          '';
        out.push({ label: 'registered', token, own: await withCompanion(token) });
      }
      return out;
    }

    let current = await sessions([]);
    const routes = app.routeTable.entries.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let sent = 0;

    for (const route of routes) {
      current = await sessions(current);
      const [, guestSession, member] = current;
      const fields = [
        ...new Set([...FIELDS, ...shapeKeys(route.schema?.body), ...shapeKeys(route.schema?.querystring)]),
      ];
      for (const session of current) {
        const own = session.own;
        const foreign = session === guestSession ? member?.own : guestSession?.own;
        const ids = [own?.chatId, own?.characterId, foreign?.chatId, foreign?.characterId].filter(
          (id): id is string => !!id,
        );
        const fill = (value: string) =>
          route.url.replace(/:([A-Za-z_]+)/g, (_, param: string) =>
            value === ''
              ? param.includes('chat')
                ? (own?.chatId ?? 'x')
                : (own?.characterId ?? 'x')
              : value,
          );
        const validBody = (): Record<string, unknown> => ({
          ...characterInput(),
          ...ACCOUNT,
          consent: true,
          username: ACCOUNT.email,
          content: 'Привет',
          chat_id: own?.chatId,
          character_id: own?.characterId,
        });
        const headers = session.token ? bearer(session.token) : {};
        const cases: Case[] = [];
        const bad = (): unknown =>
          random() < 0.6 ? pick(STRINGS) : random() < 0.5 ? pick(OTHERS) : pick(ids.length ? ids : STRINGS);

        // Path parameters: each bad string, encoded, plus a few raw traversals.
        if (route.url.includes(':')) {
          for (const value of [...STRINGS.filter(() => random() < 0.35), ...ids]) {
            cases.push({
              label: `param=${JSON.stringify(value).slice(0, 40)}`,
              options: { url: fill(encodeURIComponent(value)) },
            });
          }
          for (const raw of ['..', '../../etc/passwd', '%2e%2e%2f', '%', '%zz']) {
            cases.push({ label: `raw param ${raw}`, options: { url: fill(raw) } });
          }
        }
        // Query strings.
        for (let i = 0; i < 3; i++) {
          const field = pick(fields);
          const value = pick(STRINGS).slice(0, 2000);
          cases.push({
            label: `query ${field}=${JSON.stringify(value).slice(0, 30)}`,
            options: { url: `${fill('')}?${field}=${encodeURIComponent(value)}` },
          });
        }
        if (route.method !== 'GET' && route.method !== 'DELETE') {
          // One field of a plausible body made bad, as JSON and as a form.
          // With a session: every field once, and every bad string once; without: a sample.
          const mutations: Array<[string, unknown]> = session.token
            ? [
                ...fields.map((f): [string, unknown] => [f, bad()]),
                ...STRINGS.map((v): [string, unknown] => [pick(fields), v]),
              ]
            : Array.from({ length: 8 }, (): [string, unknown] => [pick(fields), bad()]);
          for (const [field, value] of mutations) {
            const payload = { ...validBody(), [field]: value };
            cases.push({
              label: `json ${field}=${JSON.stringify(value)?.slice(0, 40)}`,
              options: {
                url: fill(''),
                payload: JSON.stringify(payload),
                headers: { 'content-type': 'application/json' },
              },
            });
          }
          for (let i = 0; i < 3; i++) {
            const field = pick(fields);
            const value = String(pick(STRINGS));
            const fieldsOf = Object.fromEntries(
              Object.entries({ ...validBody(), [field]: value }).map(([k, v]) => [k, String(v)]),
            );
            cases.push({
              label: `form ${field}=${JSON.stringify(value).slice(0, 40)}`,
              options: { url: fill(''), ...form(fieldsOf) },
            });
          }
          // Whole bodies of the wrong kind.
          for (const value of [[], 'text', 42, null, [validBody()]]) {
            cases.push({
              label: `json body ${JSON.stringify(value).slice(0, 30)}`,
              options: {
                url: fill(''),
                payload: JSON.stringify(value),
                headers: { 'content-type': 'application/json' },
              },
            });
          }
          for (const { type, payload } of RAW_BODIES.filter(() => random() < 0.6)) {
            cases.push({
              label: `raw ${type} ${JSON.stringify(payload).slice(0, 30)}`,
              options: { url: fill(''), payload, headers: type ? { 'content-type': type } : {} },
            });
          }
          // Multipart: bad text fields, files that are not images.
          const field = pick(fields);
          const mp = multipart(
            session.token ?? '',
            { chat_id: own?.chatId ?? '', [field]: String(pick(STRINGS)).slice(0, 5000) },
            {
              name: pick(['../../a.png', 'a.png', '\u0000.jpg']).replace('\u0000', '%00'),
              type: pick(['image/png', 'text/html', 'application/octet-stream']),
              bytes: Buffer.from(pick(['<svg onload=alert(1)>', '\u0089PNG\r\n\u001a\n', 'GIF89a'])),
            },
          );
          cases.push({
            label: `multipart ${field}`,
            options: {
              url: fill(''),
              payload: mp.payload,
              headers: { 'content-type': mp.headers['content-type'] },
            },
          });
        }

        for (const { label, options } of cases) {
          const res = await app.inject({
            ...options,
            method: route.method as InjectOptions['method'],
            remoteAddress: address(),
            headers: { ...(options.headers as Record<string, string>), ...headers },
          });
          sent += 1;
          const where = `${route.method} ${route.url} [${session.label}] ${label}`;
          if (res.statusCode >= 500) {
            failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 160)}`);
            continue;
          }
          if (res.statusCode < 400) continue;
          // A page a browser opens (the sandbox's payment page) answers its errors as a page.
          if (!route.url.startsWith('/api/') && String(res.headers['content-type']).startsWith('text/html')) {
            continue;
          }
          let body: { detail?: unknown; code?: unknown } = {};
          try {
            body = res.json();
          } catch {
            failures.push(`${where} → ${res.statusCode} not JSON: ${res.body.slice(0, 80)}`);
            continue;
          }
          const ok =
            typeof body.detail === 'string' &&
            body.detail !== '' &&
            (ERROR_CODES as readonly unknown[]).includes(body.code);
          if (!ok) failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    console.info(`fuzz: ${sent} requests over ${routes.length} routes`);
    expect(sent).toBeGreaterThan(2000);
  });
});
