/**
 * A fake OpenAI-compatible upstream for the benchmarks: `POST /v1/chat/completions` answers with SSE,
 * `tokens` chat.completion.chunk events per reply at `rate` tokens a second (0 = as fast as it can write),
 * then a finish chunk, a usage chunk with `choices: []` and `[DONE]` — the shape real providers send.
 *
 * One ticker drives every open stream (no timer per token), and each token's SSE line is built once,
 * so the fake stays cheap next to what it measures. Settings change between runs with
 * `POST /control {"tokens": 200, "rate": 50}`; `GET /health` answers when it is up.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface UpstreamSettings {
  tokens: number;
  rate: number;
}

const WORDS = [
  'Привет',
  'милый',
  'я',
  'так',
  'рада',
  'тебя',
  'слышать',
  'сегодня',
  'был',
  'чудесный',
  'день',
  'расскажи',
  'мне',
  'всё',
];

/** The i-th token of every reply: a word, with a leading space after the first. */
export function tokenText(i: number): string {
  const word = WORDS[i % WORDS.length] ?? 'да';
  return i === 0 ? word : ` ${word}`;
}

/** The whole reply the fake sends for `tokens` tokens (what a client must end up with). */
export function replyText(tokens: number): string {
  let text = '';
  for (let i = 0; i < tokens; i++) text += tokenText(i);
  return text;
}

const event = (body: object) => `data: ${JSON.stringify(body)}\n\n`;

function tokenEvents(tokens: number): string[] {
  const created = Math.floor(Date.now() / 1000);
  const base = { id: 'chatcmpl-bench', object: 'chat.completion.chunk', created, model: 'bench' };
  const lines: string[] = [];
  for (let i = 0; i < tokens; i++) {
    lines.push(
      event({ ...base, choices: [{ index: 0, delta: { content: tokenText(i) }, finish_reason: null }] }),
    );
  }
  return lines;
}

function closingEvents(tokens: number): string {
  const base = { id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 0, model: 'bench' };
  return (
    event({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }) +
    event({
      ...base,
      choices: [],
      usage: { prompt_tokens: 2000, completion_tokens: tokens, total_tokens: 2000 + tokens },
    }) +
    'data: [DONE]\n\n'
  );
}

interface Stream {
  res: ServerResponse;
  startedAt: number;
  sent: number;
}

/** The verdict of the `json` guard format (providers/moderation/json.ts) on a safe turn. */
const GUARD_SAFE = JSON.stringify({
  id: 'g1',
  object: 'chat.completion',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: '{"safe": true, "categories": []}' },
      finish_reason: 'stop',
    },
  ],
});

export function createUpstream(initial: UpstreamSettings = { tokens: 200, rate: 50 }) {
  let settings = { ...initial };
  let lines = tokenEvents(settings.tokens);
  let closing = closingEvents(settings.tokens);
  const streams = new Set<Stream>();
  let requests = 0;

  function finish(stream: Stream) {
    streams.delete(stream);
    stream.res.end(closing);
  }

  /** Writes every token that is due; one timer for all streams. */
  const ticker = setInterval(() => {
    const now = performance.now();
    const interval = 1000 / settings.rate;
    for (const stream of streams) {
      const due = Math.min(lines.length, Math.floor((now - stream.startedAt) / interval) + 1);
      if (due > stream.sent) {
        stream.res.write(lines.slice(stream.sent, due).join(''));
        stream.sent = due;
      }
      if (stream.sent >= lines.length) finish(stream);
    }
  }, 5);
  ticker.unref();

  function readBody(req: IncomingMessage): Promise<string> {
    return new Promise((resolve, reject) => {
      const parts: Buffer[] = [];
      req.on('data', (d: Buffer) => parts.push(d));
      req.on('end', () => resolve(Buffer.concat(parts).toString()));
      req.on('error', reject);
    });
  }

  let guardRequests = 0;
  const server = createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/health') {
      res.end(JSON.stringify({ ...settings, open: streams.size, requests, guardRequests }));
      return;
    }
    const body = await readBody(req);
    if (req.method === 'POST' && req.url === '/control') {
      const next = JSON.parse(body) as Partial<UpstreamSettings>;
      settings = { tokens: next.tokens ?? settings.tokens, rate: next.rate ?? settings.rate };
      lines = tokenEvents(settings.tokens);
      closing = closingEvents(settings.tokens);
      res.end(JSON.stringify(settings));
      return;
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    requests++;
    // A guard model's question (issue 27: the chat model itself judges each turn, not streamed): safe.
    if (!body.includes('"stream":true')) {
      guardRequests++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(GUARD_SAFE);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (settings.rate <= 0) {
      res.end(lines.join('') + closing);
      return;
    }
    // The first token goes out at once; the rest follow at the configured rate.
    const stream: Stream = { res, startedAt: performance.now(), sent: 1 };
    res.write(lines[0] ?? '');
    streams.add(stream);
    res.on('close', () => streams.delete(stream));
  });
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(ticker);
        for (const stream of streams) stream.res.destroy();
        server.close(() => resolve());
      }),
  };
}

// Run as a process of its own: PORT, TOKENS, RATE from the environment.
if (import.meta.url === `file://${process.argv[1]}`) {
  const upstream = createUpstream({
    tokens: Number(process.env.TOKENS ?? 200),
    rate: Number(process.env.RATE ?? 50),
  });
  upstream.server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
  process.on('SIGTERM', () => void upstream.close().then(() => process.exit(0)));
}
