import { createServer, type Server } from 'node:http';

export interface FakeLlm {
  baseUrl: string;
  /** The app's environment for this upstream: `startApp(llm.appEnv)`. The model is `fake-model`. */
  appEnv: Record<string, string>;
  /** Every chat request body the fake received (streamed), parsed. */
  requests: Array<{ model: string; messages: Array<{ role: string; content: unknown }>; stream: boolean }>;
  /** Every guard-model request (not streamed): the app's moderation of a turn. */
  guardRequests: Array<{ model: string; messages: Array<{ role: string; content: unknown }> }>;
  close(): Promise<void>;
}

/**
 * A fake OpenAI-compatible upstream (`POST /v1/chat/completions` with SSE): it answers in Russian, quoting
 * the last user message, token by token, ends with a usage chunk whose `choices` is empty and `[DONE]`
 * — the shape real providers send. `wordDelayMs` (15 by default) paces the words: a slow upstream keeps a
 * reply streaming long enough for a journey to act in the middle of it.
 */
export interface FakeLlmOptions {
  wordDelayMs?: number;
  /** Send that many words, then hold the stream open (a model mid-reply) until it is closed. */
  stallAfter?: number;
  /** Her reply to the last user message; unset = the quote above. */
  reply?: (said: string) => string;
  /** The guard model's JSON verdict on a turn; unset = safe. */
  guard?: (request: { messages: Array<{ role: string; content: unknown }> }) => object;
}

export async function startFakeLlm(options: FakeLlmOptions = {}): Promise<FakeLlm> {
  const wordDelayMs = options.wordDelayMs ?? 15;
  const requests: FakeLlm['requests'] = [];
  const guardRequests: FakeLlm['guardRequests'] = [];
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    let body = '';
    req.on('data', (d: Buffer) => {
      body += d.toString();
    });
    req.on('end', async () => {
      const parsed = JSON.parse(body);
      // A guard model's question (issue 27: the chat model judges each turn, not streamed).
      if (parsed.stream !== true) {
        guardRequests.push(parsed);
        const verdict = options.guard?.(parsed) ?? { safe: true, categories: [] };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(verdict) } }],
          }),
        );
        return;
      }
      requests.push(parsed);
      const lastUser = [...parsed.messages].reverse().find((m: { role: string }) => m.role === 'user');
      const said = typeof lastUser?.content === 'string' ? lastUser.content : 'фото';
      const whole = options.reply?.(said) ?? `[модель] Я услышала тебя: «${said}». Давай продолжим!`;
      // Asked to go on from her own text (her turn, then an instruction: the app's "continue"), it goes
      // on from where that text stops, as a good model does.
      const [before, last] = parsed.messages.slice(-2) as Array<{ role: string; content: unknown }>;
      const sent = last?.role === 'system' && before?.role === 'assistant' ? String(before.content) : '';
      const text = sent && whole.startsWith(sent) ? whole.slice(sent.length) : whole;
      const words = text.split(' ');
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const chunk = (choices: unknown[], extra: object = {}) =>
        res.write(
          `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices, ...extra })}\n\n`,
        );
      for (const [i, word] of words.entries()) {
        if (i === options.stallAfter) {
          // SSE comments keep the server's silence timeout from ending the reply.
          const keepAlive = setInterval(() => res.write(': thinking\n\n'), 500);
          await new Promise((r) => res.once('close', r));
          clearInterval(keepAlive);
          return;
        }
        chunk([{ index: 0, delta: { content: i === 0 ? word : ` ${word}` }, finish_reason: null }]);
        await new Promise((r) => setTimeout(r, wordDelayMs));
      }
      chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]);
      chunk([], {
        usage: { prompt_tokens: 10, completion_tokens: words.length, total_tokens: 10 + words.length },
      });
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  return {
    baseUrl,
    appEnv: {
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: baseUrl,
      LLM_API_KEY: 'e2e-key',
      LLM_MODEL: 'fake-model',
    },
    requests,
    guardRequests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
