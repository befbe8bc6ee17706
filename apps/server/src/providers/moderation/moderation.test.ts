import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, listenLocal, readJson } from '../../test/http-server.ts';
import { createOfflineModeration } from './offline.ts';
import { createOpenAiModeration } from './openai.ts';
import { ModerationError, type ModerationPort } from './port.ts';

/** A moderation service over real HTTP: the next answer is whatever the test sets. */
let server: LocalServer;
let baseUrl = '';
let reply: { status: number; body: string; delayMs: number };
const requests: Array<{
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}> = [];

const json = (body: unknown) => ({ status: 200, body: JSON.stringify(body), delayMs: 0 });
const moderationResult = (categories: Record<string, boolean>) =>
  json({
    id: 'modr-1',
    model: 'omni',
    results: [{ flagged: Object.values(categories).some(Boolean), categories }],
  });

beforeAll(async () => {
  server = await listenLocal(async (req, res) => {
    requests.push({ url: req.url, headers: req.headers, body: await readJson(req) });
    const { status, body, delayMs } = reply;
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  baseUrl = `${server.origin}/v1`;
});
afterAll(() => server.close());
beforeEach(() => {
  requests.length = 0;
  reply = json({});
});

/** The failures every adapter turns into a typed `ModerationError`, never the vendor's text. */
async function expectFailures(port: ModerationPort) {
  const ask = () => port.check({ text: 'привет', role: 'user' });
  for (const status of [400, 401, 429, 500, 503]) {
    reply = { status, body: '{"error":{"message":"vendor secret"}}', delayMs: 0 };
    const error = await ask().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModerationError);
    expect(error).toMatchObject({ kind: 'unavailable', status });
    expect(String((error as Error).message)).not.toContain('vendor secret');
  }
  reply = { status: 200, body: 'not json', delayMs: 0 };
  await expect(ask()).rejects.toMatchObject({ kind: 'bad_response' });
  reply = { ...json({ results: [] }), delayMs: 1300 };
  await expect(ask()).rejects.toMatchObject({ kind: 'timeout' });
}

describe('OpenAI-compatible /moderations', () => {
  const port = () => createOpenAiModeration({ baseUrl, apiKey: 'mk', model: 'omni', timeoutMs: 1000 });

  it('sends the text with the user\u2019s last turns; sexual/minors is a minor, adult sexual content is not a refusal', async () => {
    reply = moderationResult({ sexual: true, 'sexual/minors': true, violence: false });
    expect(await port().check({ text: 'разденься', role: 'user', history: ['тебе 14'] })).toEqual({
      flagged: true,
      reason: 'minor',
      reasons: ['minor'],
      categories: ['sexual/minors'],
    });
    expect(requests[0]?.url).toBe('/v1/moderations');
    expect(requests[0]?.headers.authorization).toBe('Bearer mk');
    expect(requests[0]?.body).toEqual({ model: 'omni', input: 'тебе 14\nразденься' });

    reply = moderationResult({ sexual: true, 'sexual/minors': false, harassment: true });
    expect(await port().check({ text: 'откровенная сцена', role: 'assistant', history: ['x'] })).toEqual({
      flagged: false,
    });
    // Her reply is judged on its own.
    expect(requests[1]?.body.input).toBe('откровенная сцена');
  });

  it('reads the user\u2019s turns out of `turns`; intent to self-harm is a crisis, a depiction is not', async () => {
    reply = moderationResult({ 'self-harm': true, 'self-harm/intent': true });
    const turns = [
      { role: 'user' as const, text: 'мне тоскливо' },
      { role: 'assistant' as const, text: 'я рядом' },
    ];
    expect(await port().check({ text: 'хочу исчезнуть навсегда', role: 'user', turns })).toMatchObject({
      flagged: true,
      reason: 'self_harm',
    });
    expect(requests[0]?.body.input).toBe('мне тоскливо\nхочу исчезнуть навсегда');

    reply = moderationResult({ 'self-harm': true, 'self-harm/intent': false });
    expect(await port().check({ text: 'в романе герой погибает', role: 'user' })).toEqual({ flagged: false });
  });

  it('4xx, 429, 5xx, timeouts and malformed answers are typed errors', async () => {
    await expectFailures(port());
    reply = json({ results: [{ flagged: true }] });
    await expect(port().check({ text: 'a', role: 'user' })).rejects.toMatchObject({ kind: 'bad_response' });
  });
});

describe('offline', () => {
  it('the rules alone: never flags, says so', async () => {
    const port = createOfflineModeration();
    expect(port.offline).toBe(true);
    expect(port.describe()).toContain('the rules alone');
    expect(await port.check({ text: 'что угодно', role: 'user' })).toEqual({ flagged: false });
  });
});
