import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/index.ts';
import { generatePortrait, generationAllowed } from './generation.ts';
import { LOOKS } from './testing.ts';

const body = LOOKS;

function clock() {
  let t = 0;
  const slept: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      slept.push(ms);
      t += ms;
    },
    advance: (ms: number) => {
      t += ms;
    },
    slept,
  };
}

describe('generatePortrait', () => {
  it('keeps the spinner at least 500 ms and returns the first image and the model', async () => {
    const c = clock();
    const api = {
      generateImage: async () => {
        c.advance(120);
        return { images: ['PNG'], model: 'qwen-image', metadata: {} } as never;
      },
    };
    const result = await generatePortrait({ api, now: c.now, sleep: c.sleep }, body);
    expect(result).toEqual({ ok: true, image: 'PNG', model: 'qwen-image' });
    expect(c.slept).toEqual([380]);
  });

  it('reports no images, a refused respawn and a provider error in Russian', async () => {
    const c = clock();
    const none = await generatePortrait(
      {
        api: { generateImage: async () => ({ images: [], model: 'x' }) as never },
        now: c.now,
        sleep: c.sleep,
      },
      body,
    );
    expect(none).toMatchObject({
      ok: false,
      message: 'Не удалось сгенерировать: Сервер не вернул ни одного изображения',
    });

    const limit = new ApiError(429, 'rate_limited', 'Лимит пересоздания исчерпан', true);
    const refused = await generatePortrait(
      { api: { generateImage: () => Promise.reject(limit) }, now: c.now, sleep: c.sleep },
      body,
    );
    expect(refused).toMatchObject({ ok: false, exhausted: true });

    const provider = new ApiError(503, 'provider_error', 'Сервис изображений недоступен', true);
    const failed = await generatePortrait(
      { api: { generateImage: () => Promise.reject(provider) }, now: c.now, sleep: c.sleep },
      body,
    );
    expect(failed).toMatchObject({
      ok: false,
      exhausted: false,
      message: 'Не удалось сгенерировать: Сервис изображений недоступен',
    });
  });

  it('opens generation only from the index or the personality page', () => {
    expect(generationAllowed('index')).toBe(true);
    expect(generationAllowed('personality')).toBe(true);
    expect(generationAllowed(null)).toBe(false);
  });
});
