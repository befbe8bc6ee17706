import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpstream, replyText, tokenText } from './upstream.ts';

describe('fake OpenAI-compatible upstream', () => {
  const upstream = createUpstream({ tokens: 5, rate: 0 });
  let url = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => upstream.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
  });
  afterAll(() => upstream.close());

  async function complete(): Promise<{ events: string[]; elapsedMs: number }> {
    const started = performance.now();
    const res = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'bench', stream: true, messages: [] }),
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const body = await res.text();
    return {
      events: body
        .split('\n\n')
        .filter(Boolean)
        .map((e) => e.replace(/^data: /, '')),
      elapsedMs: performance.now() - started,
    };
  }

  it('streams the reply as chat.completion.chunk events, then finish, usage and [DONE]', async () => {
    const { events } = await complete();
    expect(events).toHaveLength(5 + 3);
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e));
    const text = chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('');
    expect(text).toBe(replyText(5));
    expect(chunks[5].choices[0].finish_reason).toBe('stop');
    expect(chunks[6]).toMatchObject({ choices: [], usage: { completion_tokens: 5 } });
  });

  it('paces tokens at the configured rate once told to', async () => {
    await fetch(`${url}/control`, { method: 'POST', body: JSON.stringify({ tokens: 6, rate: 100 }) });
    const { events, elapsedMs } = await complete();
    expect(events).toHaveLength(6 + 3);
    // Five gaps of 10 ms after the first token (which goes out at once).
    expect(elapsedMs).toBeGreaterThanOrEqual(45);
    expect(JSON.parse(events[0] ?? '{}').choices[0].delta.content).toBe(tokenText(0));
  });

  it('answers 404 elsewhere', async () => {
    expect((await fetch(`${url}/v1/models`)).status).toBe(404);
  });
});
