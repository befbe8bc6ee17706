import { decodeImages, postJson } from './http.ts';
import { sanitizePng } from './png.ts';
import type { ImagePort } from './port.ts';

/**
 * Automatic1111 / Forge `POST {base}/sdapi/v1/txt2img`. The model is whatever checkpoint the server has
 * loaded; we report the requested name back.
 */
export function createAutomatic1111Image(opts: { baseUrl: string; timeoutMs: number }): ImagePort {
  return {
    adapter: 'automatic1111',
    offline: false,
    describe: () => `image: Automatic1111/Forge API at ${new URL(opts.baseUrl).origin}`,
    async generate(request) {
      const answer = await postJson(
        `${opts.baseUrl}/sdapi/v1/txt2img`,
        {
          prompt: request.prompt,
          negative_prompt: request.negativePrompt,
          width: request.width,
          height: request.height,
          steps: request.steps,
          seed: request.seed,
          sampler_name: 'DPM++ 2M',
          cfg_scale: 7,
        },
        { timeoutMs: opts.timeoutMs },
      );
      const images = await Promise.all(decodeImages(answer).map(sanitizePng));
      return { images, model: request.model, seed: request.seed };
    },
  };
}
