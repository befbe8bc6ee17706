import { randomUUID } from 'node:crypto';
import { type Character, type Chat, generateImageResponseSchema } from '@podruga/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createCharacter } from '../../test/characters.ts';
import { bearer, expectError, guest, multipart } from '../../test/http.ts';

const t = useTestApp();

async function companionWithChat(token: string) {
  const her = await createCharacter(t.app, token);
  const chat = await t.app.inject({
    method: 'POST',
    url: '/api/chats/',
    headers: bearer(token),
    payload: { character_id: her.id, title: `Chat with ${her.name}` },
  });
  return { her, chat: chat.json<Chat>() };
}

const TRAITS = {
  age: 25,
  ethnicity: 'asian',
  hair_color: 'pink',
  body_type: 'slim',
  breast_size: 'medium',
  butt: 'medium',
  skin_shade: 'fair',
  hairstyle: 'messy buns',
  occupation: 'hacker',
  width: 256,
  height: 256,
};

describe('image upload', () => {
  it('stores a real JPEG as the initial image and a PNG as a 256 px avatar, served from /pics', async () => {
    const { access_token: token } = await guest(t.app);
    const { her, chat } = await companionWithChat(token);
    const jpeg = await sharp({ create: { width: 640, height: 800, channels: 3, background: '#a36' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret camera' } } })
      .toBuffer();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/save_initial_image',
      ...multipart(token, { chat_id: chat.id }, { name: 'Алиса_first.jpg', type: 'image/jpeg', bytes: jpeg }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { image_path } = saved.json<{ success: true; image_path: string }>();
    expect(image_path).toMatch(/^[0-9a-f]{40}\.jpg$/);

    const pic = await t.app.inject({ method: 'GET', url: `/pics/${image_path}` });
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/jpeg');
    expect(pic.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(pic.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 800 });
    expect(meta.exif).toBeUndefined();

    const png = await sharp({ create: { width: 600, height: 600, channels: 4, background: '#3a6' } })
      .png()
      .toBuffer();
    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/save_avatar_image',
      ...multipart(
        token,
        { chat_id: chat.id, is_avatar: 'true' },
        { name: 'a.png', type: 'image/png', bytes: png },
      ),
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    const avatarPic = await t.app.inject({ method: 'GET', url: `/pics/${avatar.json().image_path}` });
    expect(await sharp(avatarPic.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 256,
      height: 256,
    });

    const after = await t.app.inject({
      method: 'GET',
      url: `/api/characters/${her.id}`,
      headers: bearer(token),
    });
    expect(after.json<Character>()).toMatchObject({ image: image_path, avatar: avatar.json().image_path });
  });

  it('refuses a text file named .jpg (415), an oversize file (413) and a stranger (404)', async () => {
    const { access_token: token } = await guest(t.app);
    const { chat } = await companionWithChat(token);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/save_initial_image',
      ...multipart(
        token,
        { chat_id: chat.id },
        { name: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.from('just text') },
      ),
    });
    expectError(
      text,
      415,
      'unsupported_media_type',
      'Неподдерживаемый формат изображения. Загрузите JPEG, PNG или WebP.',
    );

    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const gifRes = await t.app.inject({
      method: 'POST',
      url: '/api/save_initial_image',
      ...multipart(token, { chat_id: chat.id }, { name: 'a.gif', type: 'image/gif', bytes: gif }),
    });
    expectError(gifRes, 415, 'unsupported_media_type');

    const huge = Buffer.alloc(10 * 1024 * 1024 + 10, 1);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/save_initial_image',
      ...multipart(token, { chat_id: chat.id }, { name: 'big.jpg', type: 'image/jpeg', bytes: huge }),
    });
    expectError(big, 413, 'payload_too_large', 'Файл слишком большой (максимум 10 МБ)');

    const other = await guest(t.app, '10.0.0.2');
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/save_initial_image',
      ...multipart(
        other.access_token,
        { chat_id: chat.id },
        { name: 'a.png', type: 'image/png', bytes: png },
      ),
    });
    expectError(stranger, 404, 'not_found');
  });

  it('GET /pics answers a JSON 404 for missing names and traversal attempts', async () => {
    for (const url of [
      '/pics/0123456789012345678901234567890123456789.png',
      '/pics/..%2F..%2Fetc%2Fpasswd',
      '/pics/../keys/jwt.secret',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('inflection', () => {
  const names: Array<[string, string, string]> = [
    ['Анна', 'Анны', 'Анну'],
    ['Мария', 'Марии', 'Марию'],
    ['Алиса', 'Алисы', 'Алису'],
    ['Ольга', 'Ольги', 'Ольгу'],
    ['Екатерина', 'Екатерины', 'Екатерину'],
    ['Любовь', 'Любови', 'Любовь'],
    ['Юлия', 'Юлии', 'Юлию'],
    ['Ирина', 'Ирины', 'Ирину'],
    ['Софи', 'Софи', 'Софи'],
    ['Jessica', 'Jessica', 'Jessica'],
  ];

  it.each(names)('%s → %s / %s', async (name, genitive, accusative) => {
    const { access_token: token } = await guest(t.app);
    const call = (path: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/inflection/${path}`,
        headers: bearer(token),
        payload: { name },
      });
    expect((await call('inflect_name_genitive')).json()).toEqual({ inflected_name: genitive });
    expect((await call('inflect_name')).json()).toEqual({ inflected_name: genitive });
    expect((await call('inflect_name_accusative')).json()).toEqual({ inflected_name: accusative });
  });

  it('needs a name', async () => {
    const { access_token: token } = await guest(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inflection/inflect_name',
      headers: bearer(token),
      payload: { name: ' ' },
    });
    expectError(res, 400, 'validation_failed', 'Укажите имя');
  });
});

describe('generate_image (offline adapter)', () => {
  async function generate(token: string, body: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: '/api/characters/generate_image',
      headers: bearer(token),
      payload: { ...TRAITS, ...body },
    });
  }

  it('returns a valid PNG, the first model, deterministic for the same seed, different for other traits', async () => {
    const { access_token: token } = await guest(t.app);
    const first = await generate(token, { seed: 7 });
    expect(first.statusCode, first.body).toBe(200);
    const body = generateImageResponseSchema.parse(first.json());
    expect(body.model).toBe('qwen-image');
    expect(body.metadata).toMatchObject({
      adapter: 'offline',
      offline: true,
      seed: 7,
      width: 256,
      height: 256,
    });
    const png = Buffer.from(body.images[0]!, 'base64');
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 256, height: 256 });

    const again = generateImageResponseSchema.parse((await generate(token, { seed: 7 })).json());
    expect(again.images[0]).toBe(body.images[0]);
    const other = generateImageResponseSchema.parse(
      (await generate(token, { seed: 7, hair_color: 'red' })).json(),
    );
    expect(other.images[0]).not.toBe(body.images[0]);
  });

  it('a respawn picks a model not used yet; the client may ask for one', async () => {
    const { access_token: token } = await guest(t.app);
    expect((await generate(token, { used_models: ['qwen-image'] })).json().model).toBe('lustify-sdxl');
    expect((await generate(token, { model: 'lustify-sdxl' })).json().model).toBe('lustify-sdxl');
  });

  it('allows one generation and 2 respawns per draft', async () => {
    const { access_token: token } = await guest(t.app);
    const draft_id = randomUUID();
    for (let i = 0; i < 3; i++) expect((await generate(token, { draft_id })).statusCode).toBe(200);
    expectError(await generate(token, { draft_id }), 429, 'rate_limited', 'Лимит пересоздания исчерпан');
    expect((await generate(token, { draft_id: randomUUID() })).statusCode).toBe(200);
  });

  it('validates the traits and refuses unsafe negative prompts', async () => {
    const { access_token: token } = await guest(t.app);
    expectError(
      await generate(token, { age: 16 }),
      400,
      'validation_failed',
      'Подруге должно быть не меньше 18 лет',
    );
    expectError(await generate(token, { negative_prompt: 'adult, mature woman' }), 400, 'safety_refused');
  });
});
