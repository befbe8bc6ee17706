import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, listenLocal, readJson } from '../../test/http-server.ts';
import { createAutomatic1111Image } from './automatic1111.ts';
import { isPng } from './http.ts';
import { createOfflineImage, photoSvg, portraitSvg } from './offline.ts';
import { type ImagePort, ImageProviderError, type ImageRequest, type PortraitTraits } from './port.ts';
import { createVeniceImage } from './venice.ts';

const TRAITS: PortraitTraits = {
  age: 25,
  ethnicity: 'latina',
  hair_color: 'red',
  hairstyle: 'bob cut',
  skin_shade: 'caramel',
  body_type: 'curvy',
  breast_size: 'large',
  butt: 'large',
};

const REQUEST: ImageRequest = {
  prompt: 'portrait photo of a beautiful adult woman, 25 years old',
  negativePrompt: 'child, minor',
  model: 'qwen-image',
  width: 1024,
  height: 1024,
  steps: 20,
  seed: 42,
  safeMode: false,
  hideWatermark: true,
  traits: TRAITS,
};

type Behaviour = 'ok' | 'ok-with-map' | 402 | 429 | 503 | 'malformed' | 'slow' | 'not-an-image';

/**
 * The adapters' timeout in these tests: long enough that a quick answer is never late on a loaded
 * machine, short enough to wait out; the 'slow' fake answers well after it.
 */
const SLOW_LIMIT_MS = 2_000;

/** A local fake of both wire formats: records each request, answers as `behaviour` says. */
class FakeImageServer {
  behaviour: Behaviour = 'ok';
  readonly requests: Array<{
    url: string;
    headers: IncomingMessage['headers'];
    body: Record<string, unknown>;
  }> = [];
  private server: LocalServer | undefined;
  private png: Buffer = Buffer.alloc(0);
  baseUrl = '';

  async start(): Promise<void> {
    this.png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    this.server = await listenLocal((req, res) => this.handle(req, res));
    this.baseUrl = this.server.origin;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requests.push({ url: req.url ?? '', headers: req.headers, body: await readJson(req) });
    const json = (status: number, body: string): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    };
    switch (this.behaviour) {
      case 'ok':
        return json(200, JSON.stringify({ id: 'x', images: [this.png.toString('base64')], timing: {} }));
      case 'ok-with-map':
        // ControlNet may append its unit's detected map after the picture.
        return json(200, JSON.stringify({ images: [this.png.toString('base64'), 'bm90IGFuIGltYWdl'] }));
      case 'not-an-image':
        return json(
          200,
          JSON.stringify({ images: [Buffer.from('hello world, not a png').toString('base64')] }),
        );
      case 'malformed':
        return json(200, '{"images": [');
      case 'slow':
        setTimeout(() => json(200, JSON.stringify({ images: [] })), 4 * SLOW_LIMIT_MS).unref();
        return;
      default:
        return json(this.behaviour, JSON.stringify({ error: 'SECRET provider detail' }));
    }
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}

const fake = new FakeImageServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());

async function failure(port: ImagePort): Promise<ImageProviderError> {
  const error = await port.generate(REQUEST).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImageProviderError);
  expect(String((error as Error).message)).not.toContain('SECRET');
  return error as ImageProviderError;
}

const adapters: Array<[string, () => ImagePort, string]> = [
  [
    'venice',
    () => createVeniceImage({ baseUrl: `${fake.baseUrl}/api/v1`, apiKey: 'k-1', timeoutMs: SLOW_LIMIT_MS }),
    '/api/v1/image/generate',
  ],
  [
    'automatic1111',
    () => createAutomatic1111Image({ baseUrl: fake.baseUrl, timeoutMs: SLOW_LIMIT_MS }),
    '/sdapi/v1/txt2img',
  ],
];

describe.each(adapters)('%s adapter over real HTTP', (name, make, path) => {
  it('sends the wire format and returns PNG bytes', async () => {
    fake.behaviour = 'ok';
    fake.requests.length = 0;
    const result = await make().generate(REQUEST);
    expect(result.images).toHaveLength(1);
    expect(isPng(result.images[0]!)).toBe(true);
    expect(result).toMatchObject({ model: 'qwen-image', seed: 42 });
    const sent = fake.requests[0]!;
    expect(sent.url).toBe(path);
    if (name === 'venice') {
      expect(sent.headers.authorization).toBe('Bearer k-1');
      expect(sent.body).toEqual({
        model: 'qwen-image',
        prompt: REQUEST.prompt,
        negative_prompt: 'child, minor',
        width: 1024,
        height: 1024,
        steps: 8, // qwen-image allows at most 8
        seed: 42,
        hide_watermark: true,
        safe_mode: false,
        return_binary: false,
        format: 'png',
      });
    } else {
      expect(sent.body).toMatchObject({
        prompt: REQUEST.prompt,
        negative_prompt: 'child, minor',
        width: 1024,
        height: 1024,
        steps: 20,
        seed: 42,
      });
      expect(sent.body).toHaveProperty('sampler_name');
      expect(sent.body).toHaveProperty('cfg_scale');
    }
  });

  it.each([
    [402, 'balance'],
    [429, 'rate_limited'],
    [503, 'unavailable'],
  ] as const)('maps HTTP %i to %s without leaking the body', async (status, kind) => {
    fake.behaviour = status;
    expect((await failure(make())).kind).toBe(kind);
  });

  it('treats malformed JSON and non-images as bad responses, a slow answer as unavailable', async () => {
    fake.behaviour = 'malformed';
    expect((await failure(make())).kind).toBe('bad_response');
    fake.behaviour = 'not-an-image';
    expect((await failure(make())).kind).toBe('bad_response');
    fake.behaviour = 'slow';
    expect((await failure(make())).kind).toBe('unavailable');
  });
});

describe('Automatic1111 with her portrait as the reference', () => {
  const portrait = Buffer.from('her portrait bytes');
  const reference = { image: portrait, contentType: 'image/png' };
  const config = {
    ipAdapterModel: 'ip-adapter-faceid-plusv2_sdxl [187cb962]',
    ipAdapterModule: 'ip-adapter_face_id_plus',
  };
  const sent = async (mode: 'ip-adapter' | 'img2img' | 'off', request: ImageRequest) => {
    fake.behaviour = 'ok-with-map';
    fake.requests.length = 0;
    const port = createAutomatic1111Image({
      baseUrl: fake.baseUrl,
      timeoutMs: SLOW_LIMIT_MS,
      reference: { ...config, mode },
    });
    const result = await port.generate(request);
    expect(result.images).toHaveLength(1);
    expect(result.seed).toBe(42);
    return fake.requests[0]!;
  };

  it('ip-adapter: txt2img with a ControlNet IP-Adapter unit carrying the portrait', async () => {
    const { url, body } = await sent('ip-adapter', { ...REQUEST, reference });
    expect(url).toBe('/sdapi/v1/txt2img');
    expect(body).toMatchObject({ prompt: REQUEST.prompt, seed: 42, width: 1024, height: 1024 });
    expect(body.alwayson_scripts).toEqual({
      controlnet: {
        args: [
          {
            enabled: true,
            module: 'ip-adapter_face_id_plus',
            model: 'ip-adapter-faceid-plusv2_sdxl [187cb962]',
            image: portrait.toString('base64'),
            weight: 0.8,
            resize_mode: 'Crop and Resize',
            pixel_perfect: true,
            control_mode: 'Balanced',
            save_detected_map: false,
          },
        ],
      },
    });
    expect(body).not.toHaveProperty('init_images');
  });

  it('img2img: the portrait as the init image', async () => {
    const { url, body } = await sent('img2img', { ...REQUEST, reference });
    expect(url).toBe('/sdapi/v1/img2img');
    expect(body).toMatchObject({
      prompt: REQUEST.prompt,
      negative_prompt: 'child, minor',
      seed: 42,
      init_images: [portrait.toString('base64')],
      denoising_strength: 0.7,
    });
    expect(body).not.toHaveProperty('alwayson_scripts');
  });

  it('off, or no reference (a portrait): plain txt2img with the same seed', async () => {
    for (const [mode, request] of [
      ['off', { ...REQUEST, reference }],
      ['ip-adapter', REQUEST],
      ['img2img', REQUEST],
    ] as const) {
      const { url, body } = await sent(mode, request);
      expect(url).toBe('/sdapi/v1/txt2img');
      expect(body).toMatchObject({ seed: 42 });
      expect(body).not.toHaveProperty('alwayson_scripts');
      expect(body).not.toHaveProperty('init_images');
    }
  });

  it('Venice has no reference input: the same body without it', async () => {
    fake.behaviour = 'ok';
    fake.requests.length = 0;
    const venice = createVeniceImage({
      baseUrl: `${fake.baseUrl}/api/v1`,
      apiKey: 'k-1',
      timeoutMs: SLOW_LIMIT_MS,
    });
    await venice.generate({ ...REQUEST, reference, scene: 'на пляже' });
    await venice.generate(REQUEST);
    expect(fake.requests[0]!.body).toEqual(fake.requests[1]!.body);
  });
});

describe('offline adapter', () => {
  const offline = createOfflineImage();

  it('draws a valid PNG of the requested size, labelled offline', async () => {
    expect(offline).toMatchObject({ adapter: 'offline', offline: true });
    const { images } = await offline.generate({ ...REQUEST, width: 512, height: 768 });
    const meta = await sharp(images[0]!).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 768 });
  });

  it('puts its "демо-портрет" label where a 3:4 crop of the square (the gallery cards) still shows it', () => {
    const svg = portraitSvg({ ...REQUEST, width: 1024, height: 1024 });
    const label =
      /<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*\/>\s*<text[^>]*>демо-портрет<\/text>/.exec(svg);
    expect(label).not.toBeNull();
    const [left, width] = [Number(label?.[1]), Number(label?.[2])];
    // object-fit: cover of a 512-wide square into 3:4 keeps x from 64 to 448.
    expect(left).toBeGreaterThanOrEqual(64);
    expect(left + width).toBeLessThanOrEqual(448);
  });

  it('labels a photo of her (a request with a scene) "демо-фото" at the portrait label’s place', () => {
    for (const scene of ['на пляже', 'in a red dress', '']) {
      const svg = photoSvg({ ...REQUEST, scene });
      expect(svg).toMatch(/<rect x="206" y="484" width="100"[^>]*\/>\s*<text[^>]*>демо-фото<\/text>/);
      expect(svg).not.toContain('демо-портрет');
    }
  });

  it.each([
    ['на пляже', '#f0d5a0'], // sand
    ['в красном платье', '#c62828'], // the red dress
    ['в кафе', '#8d6e63'], // the café's wall
    ['в спортзале', '#1abc9c'], // a sports top
    ['перед зеркалом', '#dfeef2'], // the mirror's glass
    ['в пижаме на кровати', '#b39ddb'], // pajamas
    ['ночной город', '#0b1a33'], // the night sky
    ['в снегу', '#f7fbff'], // snow on the ground
    ['в лесу', '#3f7d4e'], // trees
    ['at the beach in a yellow bikini', '#f2c531'],
  ])('draws the scene "%s" (%s)', (scene, colour) => {
    expect(photoSvg({ ...REQUEST, scene })).toContain(colour);
  });

  it('draws an unknown scene on a soft studio background', () => {
    expect(photoSvg({ ...REQUEST, scene: 'где-то там' })).toContain('id="studio"');
  });

  it('is deterministic for the same request and varies with the seed and the traits', async () => {
    const small = { ...REQUEST, width: 256, height: 256 };
    const [a] = (await offline.generate(small)).images;
    const [b] = (await offline.generate(small)).images;
    const [c] = (await offline.generate({ ...small, seed: 43 })).images;
    const [d] = (await offline.generate({ ...small, traits: { ...TRAITS, hair_color: 'blonde' } })).images;
    expect(a!.equals(b!)).toBe(true);
    expect(a!.equals(c!)).toBe(false);
    expect(a!.equals(d!)).toBe(false);
  });
});
