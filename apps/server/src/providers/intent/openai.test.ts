import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { type LocalServer, listenLocal, readJson } from '../../test/http-server.ts';
import { createIntentPort } from './index.ts';
import { createOpenAiIntent, SEND_MEDIA_TOOL } from './openai.ts';

/** An OpenAI-compatible chat API over real HTTP: the next answer is whatever the test sets. */
let server: LocalServer;
let reply: { status: number; body: string; delayMs: number };
const requests: Array<{
  url: string | undefined;
  authorization: string | undefined;
  body: Record<string, unknown>;
}> = [];
const warnings: object[] = [];
const log: Logger = { info: () => {}, warn: (obj) => warnings.push(obj), error: () => {} };

const answer = (message: Record<string, unknown>) => ({
  status: 200,
  body: JSON.stringify({ id: 'c-1', choices: [{ index: 0, message: { role: 'assistant', ...message } }] }),
  delayMs: 0,
});
const toolCall = (args: unknown) =>
  answer({
    content: null,
    tool_calls: [
      {
        id: 'call-1',
        type: 'function',
        function: { name: 'send_media', arguments: typeof args === 'string' ? args : JSON.stringify(args) },
      },
    ],
  });

beforeAll(async () => {
  server = await listenLocal(async (req, res) => {
    requests.push({ url: req.url, authorization: req.headers.authorization, body: await readJson(req) });
    const { status, body, delayMs } = reply;
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  requests.length = 0;
  warnings.length = 0;
  reply = answer({ content: 'no' });
});

const port = (timeoutMs = 5_000) =>
  createOpenAiIntent({
    baseUrl: `${server.origin}/v1`,
    apiKey: 'key-1',
    model: 'chat-model',
    timeoutMs,
    log,
  });

describe('openai intent adapter over real HTTP', () => {
  it('asks the model with the send_media tool and the last turns, and returns its call', async () => {
    reply = toolCall({ kind: 'photo', scene_en: ' on the beach in a red dress ' });
    const recent = [
      { isUser: true, content: 'привет' },
      { isUser: false, content: 'Привет! Я на море.' },
    ];
    expect(await port().detect('покажи себя на пляже', recent)).toEqual({
      kind: 'photo',
      scene: 'on the beach in a red dress',
    });
    expect(requests).toHaveLength(1);
    const [{ url, authorization, body }] = requests as [(typeof requests)[number]];
    expect(url).toBe('/v1/chat/completions');
    expect(authorization).toBe('Bearer key-1');
    expect(body).toMatchObject({ model: 'chat-model', stream: false, temperature: 0, tool_choice: 'auto' });
    expect(body.tools).toEqual([SEND_MEDIA_TOOL]);
    const messages = body.messages as Array<{ role: string; content: string }>;
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages.at(-1)?.content).toBe('покажи себя на пляже');
  });

  it('a video call of the tool is a video', async () => {
    reply = toolCall({ kind: 'video', scene_en: 'dancing' });
    expect(await port().detect('сними как ты танцуешь')).toEqual({ kind: 'video', scene: 'dancing' });
  });

  it('no tool call: not a request, even where the rules would say yes', async () => {
    reply = answer({ content: 'no' });
    expect(await port().detect('фото на пляже?')).toBeNull();
    reply = answer({ content: 'no', tool_calls: [] });
    expect(await port().detect('фото на пляже?')).toBeNull();
    expect(warnings).toHaveLength(0);
  });

  it('does not ask the model about a message the pre-filter rules out', async () => {
    expect(await port().detect('привет, как дела?')).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['HTTP 500', { status: 500, body: '{"error":{"message":"vendor secret"}}', delayMs: 0 }],
    ['HTTP 429', { status: 429, body: '{}', delayMs: 0 }],
    ['a body that is not JSON', { status: 200, body: '{"choices": [', delayMs: 0 }],
    ['no choices', { status: 200, body: '{"choices": []}', delayMs: 0 }],
    ['arguments that are not JSON', toolCall('{"kind": "photo", ')],
    ['an unknown kind', toolCall({ kind: 'audio', scene_en: '' })],
    ['another tool', { ...answer({ tool_calls: [{ function: { name: 'weather', arguments: '{}' } }] }) }],
  ])('%s: the rules decide, with a warning', async (_name, failure) => {
    reply = failure;
    expect(await port().detect('пришли фото на пляже')).toEqual({ kind: 'photo', scene: 'на пляже' });
    expect(await port().detect('я видел видео')).toBeNull();
    expect(warnings.length).toBeGreaterThan(0);
    expect(JSON.stringify(warnings)).not.toContain('vendor secret');
  });

  it('a model slower than the timeout: the rules decide', async () => {
    reply = { ...toolCall({ kind: 'video', scene_en: 'late' }), delayMs: 1_500 };
    expect(await port(200).detect('сними видео в парке')).toEqual({ kind: 'video', scene: 'в парке' });
    expect(warnings).toHaveLength(1);
  });
});

describe('createIntentPort', () => {
  const llm = (over: Partial<Config['llm']>): Pick<Config, 'llm'> => ({
    llm: {
      provider: 'offline',
      baseUrl: undefined,
      apiKey: undefined,
      model: 'm',
      timeoutMs: 60_000,
      ...over,
    },
  });

  it('uses the model when the chat has one, else the offline rules', () => {
    expect(createIntentPort(llm({}), log)).toMatchObject({ adapter: 'rules', offline: true });
    expect(
      createIntentPort(llm({ provider: 'openai', baseUrl: 'https://models.example/v1' }), log),
    ).toMatchObject({ adapter: 'openai', offline: false });
  });
});
