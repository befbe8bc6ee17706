import type { A1111ReferenceMode } from '../../config.ts';
import { decodeImages, postJson } from './http.ts';
import { sanitizePng } from './png.ts';
import type { ImagePort, ImageRequest } from './port.ts';

/** How her portrait keeps her face in photos of her (config.image.reference, decision 0021). */
export interface A1111Reference {
  mode: A1111ReferenceMode;
  /** The ControlNet model and preprocessor of the IP-Adapter unit (mode 'ip-adapter'). */
  ipAdapterModel: string;
  ipAdapterModule: string;
}

/** img2img with her portrait as the init image: how far a photo may move from it. */
export const IMG2IMG_DENOISING = 0.7;
/** The IP-Adapter unit's weight: her face strongly, the scene still the prompt's. */
export const IP_ADAPTER_WEIGHT = 0.8;

/**
 * Automatic1111 / Forge: `POST {base}/sdapi/v1/txt2img`, or for a photo of her with her portrait as
 * the reference, per `reference.mode`: txt2img with an IP-Adapter unit of the ControlNet extension
 * (`alwayson_scripts.controlnet`), or `POST /sdapi/v1/img2img` with the portrait as the init image;
 * 'off' ignores the reference. Always the request's seed. The model is whatever checkpoint the server
 * has loaded; we report the requested name back.
 */
export function createAutomatic1111Image(opts: {
  baseUrl: string;
  timeoutMs: number;
  reference?: A1111Reference;
}): ImagePort {
  const mode = opts.reference?.mode ?? 'off';
  return {
    adapter: 'automatic1111',
    offline: false,
    describe: () =>
      `image: Automatic1111/Forge API at ${new URL(opts.baseUrl).origin} (her face in photos: ${mode === 'off' ? 'seed and traits only' : mode})`,
    async generate(request) {
      const [path, body] = wireRequest(request, opts.reference);
      const answer = await postJson(`${opts.baseUrl}${path}`, body, { timeoutMs: opts.timeoutMs });
      // With ControlNet the answer may carry the unit's detected map after the picture: one image asked, one kept.
      const images = await Promise.all(decodeImages(answer).slice(0, 1).map(sanitizePng));
      return { images, model: request.model, seed: request.seed };
    },
  };
}

function wireRequest(request: ImageRequest, reference: A1111Reference | undefined): [string, object] {
  const common = {
    prompt: request.prompt,
    negative_prompt: request.negativePrompt,
    width: request.width,
    height: request.height,
    steps: request.steps,
    seed: request.seed,
    sampler_name: 'DPM++ 2M',
    cfg_scale: 7,
    batch_size: 1,
    n_iter: 1,
  };
  const portrait = request.reference?.image.toString('base64');
  if (!portrait || !reference || reference.mode === 'off') return ['/sdapi/v1/txt2img', common];
  if (reference.mode === 'img2img') {
    return [
      '/sdapi/v1/img2img',
      // resize_mode 1: crop and resize, so a portrait of another shape is not stretched.
      { ...common, init_images: [portrait], denoising_strength: IMG2IMG_DENOISING, resize_mode: 1 },
    ];
  }
  return [
    '/sdapi/v1/txt2img',
    {
      ...common,
      alwayson_scripts: {
        controlnet: {
          args: [
            {
              enabled: true,
              module: reference.ipAdapterModule,
              model: reference.ipAdapterModel,
              image: portrait,
              weight: IP_ADAPTER_WEIGHT,
              resize_mode: 'Crop and Resize',
              pixel_perfect: true,
              control_mode: 'Balanced',
              save_detected_map: false,
            },
          ],
        },
      },
    },
  ];
}
