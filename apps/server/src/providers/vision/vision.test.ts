import type { IncomingMessage } from 'node:http';
import sharp from 'sharp';
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

describe('vision port: creation by likeness (DESIGN §6)', () => {
  it('OpenAI-compatible: asks for JSON from the lists and reads it; an unreadable answer is a VisionError', async () => {
    const answers = [
      'Вот ответ: {"people": 1, "all_adults": true, "hair_color": "blonde", "hairstyle": "pixie_cut", "body_type": "Jennifer", "skin_shade": "caramel"}',
      'I cannot help with that.',
    ];
    const fake = await listenLocal(async (req, res) => {
      const body = await readJson(req);
      const text = (body.messages as Array<{ content: Array<{ text?: string }> }>)[0]?.content[0]?.text ?? '';
      expect(text).toContain('"undercut_pixie_bob"');
      expect(text).toContain('Do not identify the person');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { content: answers.shift() } }] }));
    });
    try {
      const vision = createOpenAiVision({
        baseUrl: `${fake.origin}/v1`,
        apiKey: undefined,
        model: 'vl',
        timeoutMs: 2000,
      });
      expect(await vision.appearance?.({ image: Buffer.from('abc'), contentType: 'image/png' })).toEqual({
        people: 1,
        adult: true,
        hair_color: 'blonde',
        hairstyle: 'pixie_cut',
        body_type: null,
        skin_shade: 'caramel',
        estimate: false,
      });
      await expect(
        vision.appearance?.({ image: Buffer.from('abc'), contentType: 'image/png' }),
      ).rejects.toBeInstanceOf(VisionError);
    } finally {
      await fake.close();
    }
  });

  it('offline: an estimate from the colours where hair and a face usually are; it never claims to see people', async () => {
    const svg = (hair: string, skin: string) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#556677"/><rect x="60" width="180" height="80" fill="${hair}"/><ellipse cx="150" cy="150" rx="70" ry="90" fill="${skin}"/></svg>`,
      );
    const png = (hair: string, skin: string) => sharp(svg(hair, skin)).png().toBuffer();
    const vision = createOfflineVision();
    const red = await vision.appearance?.({
      image: await png('#b03a1e', '#f6dccb'),
      contentType: 'image/png',
    });
    expect(red).toEqual({
      people: null,
      adult: null,
      hair_color: 'red',
      hairstyle: null,
      body_type: null,
      skin_shade: 'fair',
      estimate: true,
    });
    const dark = await vision.appearance?.({
      image: await png('#141210', '#8a5a3c'),
      contentType: 'image/png',
    });
    expect(dark).toMatchObject({ hair_color: 'black', skin_shade: 'caramel' });
    const blonde = await vision.appearance?.({
      image: await png('#e8cf7a', '#d9aa82'),
      contentType: 'image/png',
    });
    expect(blonde).toMatchObject({ hair_color: 'blonde', skin_shade: 'golden_tan' });
  });
});
