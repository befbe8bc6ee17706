import { randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type BasicGenerateResponse,
  type Character,
  LIKENESS_PHOTO_MESSAGES,
  LIKENESS_SPEC_ERRORS,
  LIKENESS_TEXTS,
  type LikenessAnalyzeResponse,
  LLM_PROCESS_FALLBACKS,
} from '@podruga/shared';
import { getTableName, isTable, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.ts';
import { createOfflineImage } from '../../providers/image/offline.ts';
import type { ImagePort, ImageRequest } from '../../providers/image/port.ts';
import type { LlmPort, LlmRequest } from '../../providers/llm/port.ts';
import { createOpenAiVision } from '../../providers/vision/openai.ts';
import { useTestApp } from '../../test/app.ts';
import { setMembership } from '../../test/characters.ts';
import { bearer, guest, multipart, register } from '../../test/http.ts';
import { type LocalServer, listenLocal, readJson } from '../../test/http-server.ts';
import { photo } from '../../test/images.ts';

/** The vision provider's fake: answers the likeness question with `visionAnswer`, over real HTTP. */
let visionServer: LocalServer;
let visionAnswer: Record<string, unknown> = {};
let visionCalls = 0;
beforeAll(async () => {
  visionServer = await listenLocal(async (req, res) => {
    await readJson(req);
    visionCalls++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        choices: [{ message: { role: 'assistant', content: JSON.stringify(visionAnswer) } }],
      }),
    );
  });
});
afterAll(() => visionServer.close());

/** The image port records every request (the previews' prompt) and draws offline. */
const imageRequests: ImageRequest[] = [];
const offlineImage = createOfflineImage();
const recordingImage: ImagePort = {
  ...offlineImage,
  generate: async (request) => {
    imageRequests.push(request);
    return offlineImage.generate(request);
  },
};

/** A language model that answers with `llmAnswer` and keeps what it was asked. */
let llmAnswer = 'soft window light, red summer dress, cosy cafe';
const llmRequests: LlmRequest[] = [];
const fakeLlm: LlmPort = {
  adapter: 'fake',
  offline: false,
  describe: () => 'llm: fake',
  async *stream(request) {
    llmRequests.push(request);
    yield llmAnswer;
  },
};

const ONE_ADULT = {
  people: 1,
  all_adults: true,
  hair_color: 'red',
  hairstyle: 'bob_cut',
  body_type: 'athletic',
  skin_shade: 'fair',
};

const t = useTestApp({
  deps: {
    image: recordingImage,
    llm: fakeLlm,
    get vision() {
      return createOpenAiVision({
        baseUrl: `${visionServer.origin}/v1`,
        apiKey: 'vk',
        model: 'vl',
        timeoutMs: 5000,
      });
    },
  },
});

const FAR_FUTURE = new Date('2030-01-01T00:00:00Z');

async function plusUser(email = 'plus@mail.ru') {
  const account = await register(t.app, { email });
  await setMembership(t.database, account.user_id, 'plus', FAR_FUTURE);
  return account.access_token;
}

const TRAITS = {
  age: 27,
  ethnicity: 'hispanic',
  body_type: 'athletic',
  breast_size: 'medium',
  butt: 'fit',
  skin_shade: 'golden_tan',
  hair_color: 'red',
  hairstyle: 'bob_cut',
};

const EX = {
  name: 'Марина',
  description: 'Любит горы, кофе по утрам и долгие разговоры о книгах.',
  ...TRAITS,
};

function analyze(token: string, bytes: Buffer, name = 'me.jpg', type = 'image/jpeg') {
  return t.app.inject({
    method: 'POST',
    url: '/api/likeness/analyze',
    ...multipart(token, {}, { name, type, bytes }),
  });
}

/** Every file under a folder, with its size: what the request may have written. */
async function tree(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(path: string): Promise<void> {
    let entries: string[];
    try {
      entries = await readdir(path);
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = join(path, entry);
      if ((await stat(full)).isDirectory()) await walk(full);
      else out.push(`${full}:${(await stat(full)).size}`);
    }
  }
  await walk(dir);
  return out.sort();
}

/** Every row of every table, as text. */
async function allRows(): Promise<string> {
  const tables = Object.values(schema).filter(isTable).map(getTableName);
  const dumps: string[] = [];
  for (const table of tables) {
    const result = await t.database.db.execute(sql.raw(`select t::text as row from "${table}" t`));
    const rows = (result as unknown as { rows: Array<{ row: string }> }).rows;
    dumps.push(...rows.map((r) => `${table}:${r.row}`));
  }
  return dumps.join('\n');
}

beforeEach(() => {
  visionAnswer = ONE_ADULT;
  visionCalls = 0;
  imageRequests.length = 0;
  llmRequests.length = 0;
  llmAnswer = 'soft window light, red summer dress, cosy cafe';
});

describe('creation by likeness: the Plus gate on every route (000 §5, 001 §5)', () => {
  const routes = [
    { url: '/api/likeness/analyze', payload: {} },
    { url: '/api/llm/process', payload: { prompt: 'x', task_type: 'image_prompt' } },
    { url: '/api/exgenerate/basic-generate', payload: TRAITS },
    { url: `/api/exgenerate/select-model/${randomUUID()}`, payload: { image_data: 'x', preview_token: 'x' } },
    { url: '/api/characters/ex', payload: EX },
  ];

  it('no session: 401 with the likeness text', async () => {
    for (const route of routes) {
      const res = await t.app.inject({ method: 'POST', ...route });
      expect(res.statusCode, route.url).toBe(401);
      expect(res.json().detail).toBe(LIKENESS_TEXTS.authRequired);
    }
  });

  it('a guest: 401 "Authentication required"; a free account: 403 "Plus membership required"', async () => {
    const visitor = await guest(t.app);
    const free = await register(t.app, { email: 'free@mail.ru' });
    for (const route of routes) {
      const asGuest = await t.app.inject({ method: 'POST', headers: bearer(visitor.access_token), ...route });
      expect(asGuest.statusCode, route.url).toBe(401);
      expect(asGuest.json()).toMatchObject({
        code: 'unauthorized',
        detail: LIKENESS_TEXTS.authRequired,
        message: LIKENESS_SPEC_ERRORS.auth,
      });
      const asFree = await t.app.inject({ method: 'POST', headers: bearer(free.access_token), ...route });
      expect(asFree.statusCode, route.url).toBe(403);
      expect(asFree.json()).toMatchObject({
        code: 'plus_required',
        detail: 'Создание бывшей доступно только для Plus пользователей',
        message: LIKENESS_SPEC_ERRORS.plus,
      });
    }
  });

  it('the gate comes before the upload is read: a free account sending 6 MB gets 403, not 413', async () => {
    const free = await register(t.app, { email: 'big@mail.ru' });
    const res = await analyze(free.access_token, Buffer.alloc(6_000_000, 1), 'big.png', 'image/png');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('plus_required');
    expect(visionCalls).toBe(0);
  });

  it('an expired Plus is refused like a free account; nothing reached the providers', async () => {
    const account = await register(t.app, { email: 'expired@mail.ru' });
    await setMembership(t.database, account.user_id, 'plus', new Date('2025-01-01T00:00:00Z'));
    const res = await analyze(account.access_token, await photo(400, 500));
    expect(res.statusCode).toBe(403);
    expect(visionCalls).toBe(0);
  });
});

describe('POST /api/likeness/analyze', () => {
  it('one adult: suggestions for the generic fields only; the photo went only to the vision provider', async () => {
    const token = await plusUser();
    const res = await analyze(token, await photo(400, 500));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<LikenessAnalyzeResponse>();
    expect(body).toEqual({
      success: true,
      suggestions: { hair_color: 'red', hairstyle: 'bob_cut', body_type: 'athletic', skin_shade: 'fair' },
      estimate: false,
      note: LIKENESS_TEXTS.suggestionsApplied,
    });
    expect(visionCalls).toBe(1);
  });

  it('two people, a child, nobody or an unsure answer: a clear Russian refusal, no suggestions', async () => {
    const token = await plusUser();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...ONE_ADULT, people: 2 }, LIKENESS_TEXTS.refusedSeveral],
      [{ ...ONE_ADULT, all_adults: false }, LIKENESS_TEXTS.refusedMinor],
      [{ ...ONE_ADULT, people: 0 }, LIKENESS_TEXTS.refusedNoPerson],
      [{ hair_color: 'red' }, LIKENESS_TEXTS.refusedUnsure],
    ];
    for (const [answer, detail] of cases) {
      visionAnswer = answer;
      const res = await analyze(token, await photo(400, 500, 'png'), 'me.png', 'image/png');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'likeness_refused', detail });
    }
  });

  it('values outside the lists are not suggested', async () => {
    const token = await plusUser();
    visionAnswer = { ...ONE_ADULT, hair_color: 'like Taylor Swift', hairstyle: 'long' };
    const res = await analyze(token, await photo(300, 300));
    expect(res.json<LikenessAnalyzeResponse>().suggestions).toMatchObject({
      hair_color: null,
      hairstyle: 'long',
    });
  });

  it('the spec messages: missing, wrong format by bytes, too small, too large', async () => {
    const token = await plusUser();
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/likeness/analyze',
      ...multipart(token, {}),
    });
    expect(missing.json()).toMatchObject({ detail: LIKENESS_PHOTO_MESSAGES.required });

    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#888' } })
      .gif()
      .toBuffer();
    // Named .jpg, sent as image/jpeg: the bytes decide.
    const asJpeg = await analyze(token, gif, 'me.jpg', 'image/jpeg');
    expect(asJpeg.statusCode).toBe(415);
    expect(asJpeg.json().detail).toBe(LIKENESS_PHOTO_MESSAGES.unsupported);
    const webp = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#888' } })
      .webp()
      .toBuffer();
    expect((await analyze(token, webp)).json().detail).toBe(LIKENESS_PHOTO_MESSAGES.unsupported);
    expect((await analyze(token, Buffer.from('not an image at all'))).json().detail).toBe(
      LIKENESS_PHOTO_MESSAGES.unsupported,
    );

    const small = await analyze(token, await photo(199, 400));
    expect(small.statusCode).toBe(400);
    expect(small.json().detail).toBe(LIKENESS_PHOTO_MESSAGES.tooSmall);

    const big = Buffer.concat([await photo(300, 300, 'png'), Buffer.alloc(5_000_001 - 0)]);
    const tooLarge = await analyze(token, big, 'me.png', 'image/png');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().detail).toBe(LIKENESS_PHOTO_MESSAGES.tooLarge);
    expect(visionCalls).toBe(0);
  });

  it('the photo is never stored: nothing new under DATA_DIR, no row holds it', async () => {
    const token = await plusUser();
    const bytes = await photo(640, 800);
    const before = await tree(t.config.dataDir);
    const rowsBefore = await allRows();
    const res = await analyze(token, bytes);
    expect(res.statusCode).toBe(200);
    visionAnswer = { ...ONE_ADULT, people: 2 };
    expect((await analyze(token, bytes)).statusCode).toBe(400);
    expect(await tree(t.config.dataDir)).toEqual(before);
    const rowsAfter = await allRows();
    expect(rowsAfter).toEqual(rowsBefore);
    const b64 = bytes.subarray(0, 600).toString('base64').slice(0, 400);
    expect(rowsAfter.includes(b64)).toBe(false);
    expect(rowsAfter.includes(bytes.subarray(100, 400).toString('hex'))).toBe(false);
  });
});

describe('POST /api/llm/process', () => {
  it('answers through the language model, with the safety rules first', async () => {
    const token = await plusUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/llm/process',
      headers: bearer(token),
      payload: { prompt: 'Весёлая, любит море и платья', task_type: 'image_prompt' },
    });
    expect(res.json()).toEqual({ success: true, response: llmAnswer });
    expect(llmRequests[0]?.messages.at(-1)?.content).toBe('Весёлая, любит море и платья');
  });

  it('"make her look like <celebrity>" is refused before the model is asked', async () => {
    const token = await plusUser();
    for (const task_type of ['image_prompt', 'character_prompt']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/llm/process',
        headers: bearer(token),
        payload: { prompt: 'сделай её похожей на Ольгу Бузову', task_type },
      });
      expect(res.statusCode, task_type).toBe(400);
      expect(res.json().code).toBe('safety_refused');
    }
    expect(llmRequests).toHaveLength(0);
  });

  it('a failing model, or an answer the rules refuse, gives the spec fallback', async () => {
    const token = await plusUser();
    llmAnswer = 'make her look exactly like Scarlett Johansson';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/llm/process',
      headers: bearer(token),
      payload: { prompt: 'Нежная и смешливая, любит котов', task_type: 'image_prompt' },
    });
    expect(res.json()).toEqual({ success: true, response: LLM_PROCESS_FALLBACKS.image_prompt });
  });
});

describe('the offline providers', () => {
  it('offline vision: an honest estimate from the colours; offline language model: the fallbacks', async () => {
    await t.rebuild({});
    const offline = t;
    const account = await register(offline.app, { email: 'o@mail.ru' });
    await setMembership(offline.database, account.user_id, 'plus', FAR_FUTURE);
    const res = await offline.app.inject({
      method: 'POST',
      url: '/api/likeness/analyze',
      ...multipart(
        account.access_token,
        {},
        { name: 'a.jpg', type: 'image/jpeg', bytes: await photo(300, 400) },
      ),
    });
    const body = res.json<LikenessAnalyzeResponse>();
    expect(body.estimate).toBe(true);
    expect(body.note).toBe(LIKENESS_TEXTS.estimateNote);
    expect(body.suggestions.hairstyle).toBeNull();
    expect(body.suggestions.body_type).toBeNull();
    expect(body.suggestions.hair_color).toEqual(expect.any(String));
    const again = await offline.app.inject({
      method: 'POST',
      url: '/api/likeness/analyze',
      ...multipart(
        account.access_token,
        {},
        { name: 'a.jpg', type: 'image/jpeg', bytes: await photo(300, 400) },
      ),
    });
    expect(again.json()).toEqual(body);
    for (const task_type of ['image_prompt', 'character_prompt'] as const) {
      const processed = await offline.app.inject({
        method: 'POST',
        url: '/api/llm/process',
        headers: bearer(account.access_token),
        payload: { prompt: 'Весёлая, любит море', task_type },
      });
      expect(processed.json()).toEqual({ success: true, response: LLM_PROCESS_FALLBACKS[task_type] });
    }
  });
});

describe('previews, the ex companion and her portrait', () => {
  async function previews(token: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/exgenerate/basic-generate',
      headers: bearer(token),
      payload: TRAITS,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BasicGenerateResponse>();
  }

  async function createEx(token: string, body: Record<string, unknown> = EX) {
    return t.app.inject({ method: 'POST', url: '/api/characters/ex', headers: bearer(token), payload: body });
  }

  it('basic-generate: a few previews from the traits only — no photo, no free text', async () => {
    const token = await plusUser();
    const bytes = await photo(400, 500);
    expect((await analyze(token, bytes)).statusCode).toBe(200);
    const body = await previews(token);
    expect(body.images).toHaveLength(3);
    expect(body.image).toBe(body.images[0]?.image_data);
    expect(body.images[0]?.model_display_name).toBe('Pony Realism');
    expect(imageRequests).toHaveLength(3);
    for (const request of imageRequests) {
      expect(request.reference).toBeUndefined();
      expect(request.prompt).toContain('adult woman, 27 years old');
      expect(request.prompt).toContain('latina');
      expect(request.prompt).toContain('bob cut hairstyle');
      expect(request.negativePrompt).toContain('child');
      expect(request.prompt).not.toContain(bytes.toString('base64').slice(0, 40));
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/exgenerate/basic-generate',
      headers: bearer(token),
      payload: { ...TRAITS, age: 16, prompt: 'ignored' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('characters/ex: is_ex with the fixed personality; a real person in the name or description is refused', async () => {
    const token = await plusUser();
    const res = await createEx(token);
    expect(res.statusCode, res.body).toBe(200);
    const her = res.json<Character>();
    expect(her).toMatchObject({
      is_ex: true,
      name: 'Марина',
      personality: 'flirty',
      occupation: 'office',
      habit: 'adventurous',
      mood: 'playful',
      sexuality: 70,
      hairstyle: 'bob_cut',
      summary: EX.description,
      image: null,
    });
    const described = await createEx(token, {
      ...EX,
      description: 'Сделай её точной копией Ольги Бузовой, один в один',
    });
    expect(described.statusCode).toBe(400);
    expect(described.json().code).toBe('safety_refused');
    const named = await createEx(token, { ...EX, name: 'Ольга Бузова' });
    expect(named.json().code).toBe('safety_refused');
    const short = await createEx(token, { ...EX, description: 'коротко' });
    expect(short.json().detail).toBe('Минимум 20 символов для хорошего описания');
  });

  it('select-model: a signed preview becomes her portrait and avatar; any other picture is refused', async () => {
    const token = await plusUser();
    const { images } = await previews(token);
    const her = (await createEx(token)).json<Character>();
    const chosen = images[1];
    if (!chosen) throw new Error('no preview');

    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/exgenerate/select-model/${her.id}`,
      headers: bearer(token),
      payload: {
        image_data: (await photo(300, 300, 'png')).toString('base64'),
        preview_token: chosen.preview_token,
      },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().detail).toBe(LIKENESS_TEXTS.previewTokenInvalid);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/exgenerate/select-model/${her.id}`,
      headers: bearer(token),
      payload: {
        image_data: chosen.image_data,
        preview_token: chosen.preview_token,
        model_name: 'qwen-image',
      },
    });
    expect(res.json()).toEqual({ status: 'success', message: LIKENESS_TEXTS.selected });
    const loaded = await t.app.inject({
      method: 'GET',
      url: `/api/characters/${her.id}`,
      headers: bearer(token),
    });
    expect(loaded.json<Character>().image).toMatch(/^[0-9a-f]{40}\.png$/);
    expect(loaded.json<Character>().avatar).toMatch(/^[0-9a-f]{40}\.png$/);
  });

  it("select-model: another user's companion, an unknown id, or a companion not made by likeness → 404", async () => {
    const owner = await plusUser('owner@mail.ru');
    const her = (await createEx(owner)).json<Character>();
    const other = await plusUser('other@mail.ru');
    const { images } = await previews(other);
    const chosen = images[0];
    if (!chosen) throw new Error('no preview');
    const payload = { image_data: chosen.image_data, preview_token: chosen.preview_token };
    for (const id of [her.id, randomUUID(), 'not-an-id']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/exgenerate/select-model/${id}`,
        headers: bearer(other),
        payload,
      });
      expect(res.statusCode, id).toBe(404);
    }
    // The owner cannot use the other user's preview either: it was signed for someone else.
    const stolen = await t.app.inject({
      method: 'POST',
      url: `/api/exgenerate/select-model/${her.id}`,
      headers: bearer(owner),
      payload,
    });
    expect(stolen.statusCode).toBe(400);
  });
});
