import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, listenLocal, readJson } from '../../test/http-server.ts';
import { createOfflineVision, OFFLINE_DESCRIPTION } from './offline.ts';
import { createOpenAiVision } from './openai.ts';
import { VisionError } from './port.ts';

let server: LocalServer;
let baseUrl = '';
let status = 200;
const requests: Array<{ headers: IncomingMessage['headers']; body: Record<string, unknown> }> = [];

beforeAll(async () => {
  server = await listenLocal(async (req, res) => {
    requests.push({ headers: req.headers, body: await readJson(req) });
    if (status !== 200) return void res.writeHead(status).end('{"error":"secret"}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        choices: [{ message: { role: 'assistant', content: ' Кот  [спит] на диване. ' } }],
      }),
    );
  });
  baseUrl = `${server.origin}/v1`;
});
afterAll(() => server.close());

describe('vision port', () => {
  it('OpenAI-compatible: sends the image as a data: URL part and returns a clean description', async () => {
    const vision = createOpenAiVision({ baseUrl, apiKey: 'vk', model: 'vl', timeoutMs: 2000 });
    const text = await vision.analyze({ image: Buffer.from('abc'), contentType: 'image/png' });
    expect(text).toBe('Кот спит на диване.');
    const sent = requests[0];
    expect(sent?.headers.authorization).toBe('Bearer vk');
    const messages = sent?.body.messages as Array<{ content: Array<Record<string, unknown>> }>;
    const content = messages[0]?.content;
    expect(content?.[1]).toEqual({ type: 'image_url', image_url: { url: 'data:image/png;base64,YWJj' } });
    status = 503;
    await expect(
      vision.analyze({ image: Buffer.from('abc'), contentType: 'image/png' }),
    ).rejects.toBeInstanceOf(VisionError);
    status = 200;
  });

  it('offline: a fixed neutral description', async () => {
    const vision = createOfflineVision();
    expect(vision.offline).toBe(true);
    expect(await vision.analyze({ image: Buffer.alloc(1), contentType: 'image/png' })).toBe(
      OFFLINE_DESCRIPTION,
    );
  });
});
