import { decodeImages, postJson } from './http.ts';
import { sanitizePng } from './png.ts';
import type { ImagePort } from './port.ts';

/** Venice caps steps per model (PROVIDERS.md §3); unknown models get the general maximum. */
const MAX_STEPS: Record<string, number> = { 'qwen-image': 8, 'lustify-sdxl': 50 };
const MAX_SIDE = 1280;

/**
 * Venice-style `POST {base}/image/generate` with a bearer key; answers `{images: base64[]}`. It has no
 * reference-image input: a photo of her keeps her face only through the same seed and trait prompt
 * (`request.reference` is not sent; decision 0021).
 */
export function createVeniceImage(opts: { baseUrl: string; apiKey: string; timeoutMs: number }): ImagePort {
  return {
    adapter: 'venice',
    offline: false,
    describe: () => `image: Venice-style API at ${new URL(opts.baseUrl).origin}`,
    async generate(request) {
      const answer = await postJson(
        `${opts.baseUrl}/image/generate`,
        {
          model: request.model,
          prompt: request.prompt,
          negative_prompt: request.negativePrompt.slice(0, 1500),
          width: Math.min(request.width, MAX_SIDE),
          height: Math.min(request.height, MAX_SIDE),
          steps: Math.min(request.steps, MAX_STEPS[request.model] ?? 50),
          seed: request.seed,
          hide_watermark: request.hideWatermark,
          safe_mode: request.safeMode,
          return_binary: false,
          format: 'png',
        },
        { headers: { authorization: `Bearer ${opts.apiKey}` }, timeoutMs: opts.timeoutMs },
      );
      const images = await Promise.all(decodeImages(answer).map(sanitizePng));
      return { images, model: request.model, seed: request.seed };
    },
  };
}
