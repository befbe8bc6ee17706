import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, listenLocal, readJson } from '../../test/http-server.ts';
import { createGuardModeration, guardPrompt, parseGuardAnswer } from './guard.ts';
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
/** The prompt a guard-model request carried. */
const promptOf = (i: number) =>
  (requests[i]?.body.messages as Array<{ content: string }> | undefined)?.[0]?.content;
const guardAnswer = (content: string) => json({ choices: [{ message: { role: 'assistant', content } }] });

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

  it('4xx, 429, 5xx, timeouts and malformed answers are typed errors', async () => {
    await expectFailures(port());
    reply = json({ results: [{ flagged: true }] });
    await expect(port().check({ text: 'a', role: 'user' })).rejects.toMatchObject({ kind: 'bad_response' });
  });
});

describe('a guard model behind /chat/completions', () => {
  const port = () => createGuardModeration({ baseUrl, apiKey: undefined, model: 'guard', timeoutMs: 1000 });

  it('asks with a Llama Guard-style prompt and maps its codes to our reasons', async () => {
    reply = guardAnswer('unsafe\nS4');
    expect(await port().check({ text: 'разденься', role: 'user', history: ['тебе 14'] })).toEqual({
      flagged: true,
      reason: 'minor',
      categories: ['S4'],
    });
    const sent = requests[0];
    expect(sent?.url).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.body).toMatchObject({ model: 'guard', stream: false, temperature: 0 });
    const prompt = promptOf(0) ?? '';
    expect(prompt).toContain('User: тебе 14\n\nUser: разденься');
    expect(prompt).toContain('S4: Child Sexual Exploitation.');
    expect(prompt).toContain('ONLY THE LAST User message');

    reply = guardAnswer('safe');
    expect(await port().check({ text: 'обними меня', role: 'assistant' })).toEqual({ flagged: false });
    expect(promptOf(1)).toContain('Agent: обними меня');
  });

  it('parses answers: several codes, the most serious wins; codes outside ours are not refusals', () => {
    expect(parseGuardAnswer(' unsafe\nS7, S4 ')).toEqual({
      flagged: true,
      reason: 'minor',
      categories: ['S7', 'S4'],
    });
    expect(parseGuardAnswer('unsafe\nS3')).toEqual({
      flagged: true,
      reason: 'undress_photo',
      categories: ['S3'],
    });
    expect(parseGuardAnswer('unsafe\nS7')).toMatchObject({ reason: 'real_person' });
    // S12 (sexual content) is what adults may write here; S1 violence in fiction likewise.
    expect(parseGuardAnswer('unsafe\nS12')).toEqual({ flagged: false });
    expect(parseGuardAnswer('Safe')).toEqual({ flagged: false });
    expect(() => parseGuardAnswer('I cannot help with that')).toThrow(ModerationError);
    expect(guardPrompt({ text: 't', role: 'user' })).not.toContain('undefined');
  });

  it('4xx, 429, 5xx, timeouts and malformed answers are typed errors', async () => {
    await expectFailures(port());
    reply = json({ choices: [] });
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
