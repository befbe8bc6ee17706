import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, listenLocal, readJson } from '../../test/http-server.ts';
import { createOfflineLlm } from './offline/index.ts';
import { createOpenAiLlm } from './openai.ts';
import { complete, LlmError, type LlmPort } from './port.ts';
import { SseParser } from './sse.ts';

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;
const usage = (choices: [] | null) =>
  `data: ${JSON.stringify({ id: 'c', choices, usage: { prompt_tokens: 5, completion_tokens: 3 } })}\n\n`;

type Script = (res: ServerResponse) => void | Promise<void>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fake OpenAI-compatible server: each request takes the next script. */
class FakeLlmServer {
  scripts: Script[] = [];
  readonly requests: Array<{ headers: IncomingMessage['headers']; body: Record<string, unknown> }> = [];
  private server: LocalServer | undefined;
  baseUrl = '';

  async start(): Promise<void> {
    this.server = await listenLocal((req, res) => this.handle(req, res));
    this.baseUrl = `${this.server.origin}/v1`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requests.push({ headers: req.headers, body: await readJson(req) });
    const script = this.scripts.shift() ?? ((r: ServerResponse) => void r.writeHead(500).end());
    await script(res);
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}

/** Writes `body` in pieces of `size` bytes: splits lines, JSON and UTF-8 sequences anywhere. */
function streamed(body: string, size: number): Script {
  return async (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const bytes = Buffer.from(body, 'utf8');
    for (let i = 0; i < bytes.length; i += size) {
      res.write(bytes.subarray(i, i + size));
      await sleep(1);
    }
    res.end();
  };
}

const fake = new FakeLlmServer();
let llm: LlmPort;
beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => {
  fake.scripts = [];
  fake.requests.length = 0;
  llm = createOpenAiLlm({
    baseUrl: fake.baseUrl,
    apiKey: 'sk-test',
    model: 'test-model',
    timeoutMs: 1000,
    retryDelayMs: 0,
  });
});

const request = { messages: [{ role: 'user' as const, content: 'Привет' }] };

describe('OpenAI-compatible SSE adapter', () => {
  it('streams deltas split at odd byte boundaries; usage chunks with [] and null choices; [DONE]', async () => {
    const body =
      ': keep-alive\n\n' +
      chunk('При') +
      chunk('вет, ') +
      'event: ping\ndata: {"choices":[{"delta":{}}]}\r\n\r\n' +
      chunk('милый! 😊') +
      usage([]) +
      usage(null) +
      'data: [DONE]\n\n';
    for (const size of [1, 3, 7, 64]) {
      fake.scripts.push(streamed(body, size));
      const deltas: string[] = [];
      for await (const d of llm.stream(request)) deltas.push(d);
      expect(deltas.join('')).toBe('Привет, милый! 😊');
    }
    const sent = fake.requests[0];
    expect(sent?.headers.authorization).toBe('Bearer sk-test');
    expect(sent?.body).toMatchObject({
      model: 'test-model',
      stream: true,
      stream_options: { include_usage: true },
      messages: request.messages,
    });
  });

  it('retries once on 500 before the first token', async () => {
    fake.scripts.push((res) => void res.writeHead(500).end('{"error":"boom"}'));
    fake.scripts.push(streamed(`${chunk('ok')}data: [DONE]\n\n`, 5));
    expect(await complete(llm, request)).toBe('ok');
    expect(fake.requests).toHaveLength(2);
  });

  it('gives up after the one retry (429 twice)', async () => {
    fake.scripts.push((res) => void res.writeHead(429).end());
    fake.scripts.push((res) => void res.writeHead(429).end());
    await expect(complete(llm, request)).rejects.toMatchObject({ kind: 'rate_limited', partial: '' });
    expect(fake.requests).toHaveLength(2);
  });

  it('a failure after the first token is not retried and keeps the partial text', async () => {
    fake.scripts.push(async (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk('Начало '));
      res.write(chunk('ответа'));
      await sleep(20);
      res.destroy();
    });
    const error = await complete(llm, request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).partial).toBe('Начало ответа');
    expect(fake.requests).toHaveLength(1);
  });

  it('a stream cut off without [DONE] is a failure', async () => {
    fake.scripts.push(streamed(chunk('обрыв'), 4));
    fake.scripts.push(streamed(chunk('обрыв'), 4));
    await expect(complete(llm, request)).rejects.toMatchObject({ partial: 'обрыв' });
    expect(fake.requests).toHaveLength(1);
  });

  it('times out on silence', async () => {
    llm = createOpenAiLlm({
      baseUrl: fake.baseUrl,
      apiKey: undefined,
      model: 'm',
      timeoutMs: 100,
      retryDelayMs: 0,
    });
    fake.scripts.push(async (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk('жду'));
      await sleep(400);
      res.end();
    });
    await expect(complete(llm, request)).rejects.toMatchObject({ kind: 'timeout', partial: 'жду' });
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('stops when the caller aborts', async () => {
    fake.scripts.push(async (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let i = 0; i < 50 && !res.destroyed; i++) {
        res.write(chunk(`${i} `));
        await sleep(10);
      }
      res.end();
    });
    const controller = new AbortController();
    let text = '';
    const error = await (async () => {
      for await (const d of llm.stream({ ...request, signal: controller.signal })) {
        text += d;
        if (text.length > 4) controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'aborted' });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('SSE parser', () => {
  it('handles CRLF split across pushes and a final event without a blank line', () => {
    const p = new SseParser();
    expect(p.push('data: a\r')).toEqual([]);
    expect(p.push('\n\r\ndata: b\ndata: c')).toEqual(['a']);
    expect(p.end()).toEqual(['b\nc']);
  });
});

describe('offline persona engine', () => {
  it('answers in Russian, in character, word by word', async () => {
    const offline = createOfflineLlm({ delayMs: 0 });
    expect(offline.offline).toBe(true);
    const deltas: string[] = [];
    for await (const d of offline.stream({
      messages: [{ role: 'user', content: 'Как дела?' }],
      persona: { name: 'Алиса', age: 23, occupation: 'Учительница' },
    })) {
      deltas.push(d);
    }
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toMatch(/[а-я]/);
    const greeting = await complete(offline, { messages: [], persona: { name: 'Алиса', age: 23 } });
    expect(greeting).toContain('Алиса');
  });

  it('stops when the request is aborted, between words', async () => {
    const controller = new AbortController();
    const offline = createOfflineLlm({ delayMs: 1 });
    const deltas: string[] = [];
    const run = async () => {
      for await (const d of offline.stream({
        messages: [{ role: 'user', content: 'Расскажи о себе' }],
        persona: { name: 'Алиса', age: 23 },
        signal: controller.signal,
      })) {
        deltas.push(d);
        if (deltas.length === 2) controller.abort();
      }
    };
    await expect(run()).rejects.toMatchObject({ kind: 'aborted' });
    expect(deltas).toHaveLength(2);
  });
});
