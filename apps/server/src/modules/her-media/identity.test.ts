import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomatic1111Image } from '../../providers/image/automatic1111.ts';
import { createOfflineImage } from '../../providers/image/offline.ts';
import type { ImageRequest, PortraitTraits } from '../../providers/image/port.ts';
import { type LocalServer, listenLocal, readJson } from '../../test/http-server.ts';
import { buildPortraitPrompt, herTraitPhrase } from '../characters/portrait-prompt.ts';
import { buildHerPhotoPrompt, herSeed } from './photo-prompt.ts';

/**
 * Same face every time (issue 14, decision 0021): several photos of ONE companion in different scenes,
 * and what carries her identity to the image provider must be the same each time.
 */

const COMPANION_ID = '7d1e1c52-5f0a-4b8e-9a31-2f6c0d4b9e17';
const TRAITS: PortraitTraits = {
  age: 27,
  ethnicity: 'asian',
  hair_color: 'black',
  hairstyle: 'high ponytail',
  skin_shade: 'fair',
  body_type: 'slim',
  breast_size: 'medium',
  butt: 'medium',
  occupation: 'physicist',
};
const SCENES = [
  'на пляже',
  'в красном платье',
  'перед зеркалом',
  'в кафе',
  'в спортзале',
  'в пижаме на кровати',
  'ночной город',
  'в снегу',
  'in a bikini at the pool',
  'что-то совсем необычное',
];
const SIZE = 256;

function photoRequest(scene: string, reference?: ImageRequest['reference']): ImageRequest {
  return {
    ...buildHerPhotoPrompt(TRAITS, scene),
    model: 'sdxl',
    width: SIZE,
    height: SIZE,
    steps: 20,
    seed: herSeed(COMPANION_ID),
    safeMode: false,
    hideWatermark: true,
    traits: TRAITS,
    scene,
    ...(reference ? { reference } : {}),
  };
}

/** Her portrait as the offline adapter draws it: the reference image of the photos. */
async function portrait(seed: number, traits = TRAITS): Promise<Buffer> {
  const [png] = (
    await createOfflineImage().generate({
      ...buildPortraitPrompt(traits),
      model: 'sdxl',
      width: SIZE,
      height: SIZE,
      steps: 20,
      seed,
      safeMode: false,
      hideWatermark: true,
      traits,
    })
  ).images;
  return png!;
}

/**
 * The pixels of the face: a box inside her head (forehead with its hair to the lips, cheek to cheek),
 * in the 512-unit drawing scaled to the picture; nothing of the scene reaches it.
 */
async function facePixels(png: Buffer): Promise<Buffer> {
  const k = SIZE / 512;
  return sharp(png)
    .extract({
      left: Math.round(204 * k),
      top: Math.round(140 * k),
      width: Math.round(104 * k),
      height: Math.round(128 * k),
    })
    .raw()
    .toBuffer();
}

describe('the offline adapter draws the same face in every photo', () => {
  it('the face pixels of every scene equal her portrait’s, while the rest of the picture changes', async () => {
    const offline = createOfflineImage();
    // Her portrait was drawn with a seed of its own (the creation wizard's), not her photo seed.
    const face = await facePixels(await portrait(1_234_567));
    const photos: Buffer[] = [];
    for (const scene of SCENES) {
      const [png] = (await offline.generate(photoRequest(scene))).images;
      photos.push(png!);
      expect((await facePixels(png!)).equals(face), scene).toBe(true);
    }
    expect(new Set(photos.map((png) => png.toString('base64'))).size).toBe(SCENES.length);
  });

  it('measures something: another companion’s face differs', async () => {
    const face = await facePixels(await portrait(1));
    for (const other of [
      { hair_color: 'blonde' },
      { ethnicity: 'black' },
      { hairstyle: 'blunt bangs' },
      { age: 45 },
    ]) {
      const theirs = await facePixels(await portrait(1, { ...TRAITS, ...other }));
      expect(theirs.equals(face), JSON.stringify(other)).toBe(false);
    }
  });
});

describe('the Automatic1111 adapter sends the same identity inputs for every photo', () => {
  const bodies: Array<{ url: string; body: Record<string, unknown> }> = [];
  let server: LocalServer;
  let answer: string;

  beforeAll(async () => {
    answer = (
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#39c' } })
        .png()
        .toBuffer()
    ).toString('base64');
    server = await listenLocal(async (req, res) => {
      bodies.push({ url: req.url ?? '', body: await readJson(req) });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ images: [answer] }));
    });
  });
  afterAll(() => server.close());

  const reference = {
    mode: 'ip-adapter',
    ipAdapterModel: 'ip-adapter-faceid-plusv2_sdxl',
    ipAdapterModule: 'ip-adapter_face_id_plus',
  } as const;

  it.each([
    ['ip-adapter', '/sdapi/v1/txt2img', (body: Record<string, unknown>) => unitOf(body).image],
    ['img2img', '/sdapi/v1/img2img', (body: Record<string, unknown>) => (body.init_images as string[])[0]],
    ['off', '/sdapi/v1/txt2img', () => undefined],
  ] as const)(
    'mode %s: same seed, same trait prompt, same reference bytes',
    async (mode, path, referenceOf) => {
      const port = createAutomatic1111Image({
        baseUrl: server.origin,
        timeoutMs: 10_000,
        reference: { ...reference, mode },
      });
      const her = await portrait(99);
      bodies.length = 0;
      for (const scene of SCENES) {
        await port.generate(photoRequest(scene, { image: her, contentType: 'image/png' }));
      }
      expect(bodies).toHaveLength(SCENES.length);
      const phrase = herTraitPhrase(TRAITS);
      for (const { url, body } of bodies) {
        expect(url).toBe(path);
        expect(body.seed).toBe(herSeed(COMPANION_ID));
        expect(String(body.prompt).slice(0, phrase.length + 2)).toBe(`${phrase}, `);
        const sent = referenceOf(body);
        if (mode === 'off') {
          expect(body).not.toHaveProperty('alwayson_scripts');
          expect(body).not.toHaveProperty('init_images');
        } else {
          expect(Buffer.from(String(sent), 'base64').equals(her)).toBe(true);
        }
      }
      // The scenes did reach the prompts: every prompt differs.
      expect(new Set(bodies.map(({ body }) => body.prompt)).size).toBe(SCENES.length);
    },
  );
});

function unitOf(body: Record<string, unknown>): Record<string, unknown> {
  const scripts = body.alwayson_scripts as { controlnet: { args: Record<string, unknown>[] } };
  return scripts.controlnet.args[0]!;
}
