import { createRequire } from 'node:module';
import type * as H264 from 'h264-mp4-encoder';
import { seeded } from '../../random.ts';
import { loadSharp } from '../../sharp.ts';
import type { VideoRequest } from './port.ts';

/**
 * The offline clip: a slow pan and zoom (Ken Burns) over her portrait, H.264 in MP4, with «демо» burnt
 * into a corner of every frame. Pure and synchronous-heavy: it runs inside the render worker
 * (render-worker.ts), never on the server's thread.
 */

export type ClipAspect = VideoRequest['aspect'];

/** Frame sizes by aspect: even sides (H.264), small enough to render in seconds. */
export const CLIP_SIZES: Record<ClipAspect, { width: number; height: number }> = {
  '9:16': { width: 432, height: 768 },
  '1:1': { width: 512, height: 512 },
  '16:9': { width: 768, height: 432 },
};
export const CLIP_FPS = 24;
/** The longest clip the stand-in renders (VIP clips are 10 s). */
export const CLIP_MAX_SECONDS = 15;
export const DEMO_LABEL = 'демо';

/** The portrait is scaled to cover the frame this many times over, so a zoomed crop stays sharp. */
const BASE_SCALE = 1.5;

/** One clip's motion: the crop's zoom and centre (0..1 of the free room) at the start and the end. */
export interface ClipMotion {
  zoomFrom: number;
  zoomTo: number;
  from: { x: number; y: number };
  to: { x: number; y: number };
}

/**
 * The motion from the seed: zooming in or out, panning in one of eight directions. Zoom stays above 1
 * so there is always room to pan.
 */
export function motionFor(seed: number): ClipMotion {
  const r = seeded(seed);
  const zoomIn = r() < 0.5;
  const near = 1.3 + r() * 0.1;
  const far = 1.06 + r() * 0.04;
  const angle = (Math.floor(r() * 8) * Math.PI) / 4;
  const reach = 0.35 + r() * 0.1;
  const dx = Math.cos(angle) * reach;
  const dy = Math.sin(angle) * reach;
  return {
    zoomFrom: zoomIn ? far : near,
    zoomTo: zoomIn ? near : far,
    from: { x: 0.5 - dx, y: 0.5 - dy },
    to: { x: 0.5 + dx, y: 0.5 + dy },
  };
}

/** Ease in and out: the camera starts and stops gently. */
const smooth = (p: number) => p * p * (3 - 2 * p);

interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * One frame: the crop at progress p, sampled bilinearly from the base (sub-pixel steps, so the
 * motion does not judder the way whole-pixel crops do), RGBA out.
 */
export function sampleFrame(
  base: RawImage,
  motion: ClipMotion,
  p: number,
  out: { width: number; height: number; data: Buffer },
): void {
  const t = smooth(p);
  const zoom = motion.zoomFrom + (motion.zoomTo - motion.zoomFrom) * t;
  // The base covers the frame; zoom z shows 1/z of it.
  const cropW = base.width / zoom;
  const cropH = base.height / zoom;
  const cx = motion.from.x + (motion.to.x - motion.from.x) * t;
  const cy = motion.from.y + (motion.to.y - motion.from.y) * t;
  const left = (base.width - cropW) * cx;
  const top = (base.height - cropH) * cy;
  const sx = cropW / out.width;
  const sy = cropH / out.height;
  const maxX = base.width - 1;
  const maxY = base.height - 1;
  const src = base.data;
  const dst = out.data;
  const x0s = new Int32Array(out.width);
  const fxs = new Float32Array(out.width);
  for (let x = 0; x < out.width; x++) {
    const fx = Math.min(Math.max(left + (x + 0.5) * sx - 0.5, 0), maxX);
    x0s[x] = Math.min(Math.floor(fx), maxX - 1);
    fxs[x] = fx - (x0s[x] as number);
  }
  let o = 0;
  for (let y = 0; y < out.height; y++) {
    const fy = Math.min(Math.max(top + (y + 0.5) * sy - 0.5, 0), maxY);
    const y0 = Math.min(Math.floor(fy), maxY - 1);
    const wy = fy - y0;
    const row0 = y0 * base.width * 4;
    const row1 = row0 + base.width * 4;
    for (let x = 0; x < out.width; x++) {
      const i = (x0s[x] as number) * 4;
      const wx = fxs[x] as number;
      for (let c = 0; c < 3; c++) {
        const a = src[row0 + i + c] as number;
        const b = src[row0 + i + 4 + c] as number;
        const d = src[row1 + i + c] as number;
        const e = src[row1 + i + 4 + c] as number;
        const top2 = a + (b - a) * wx;
        const bottom = d + (e - d) * wx;
        dst[o + c] = top2 + (bottom - top2) * wy + 0.5;
      }
      dst[o + 3] = 255;
      o += 4;
    }
  }
}

/** The «демо» badge: SVG text rendered by sharp once per clip, blended into every frame. */
async function demoBadge(frameWidth: number): Promise<RawImage> {
  const sharp = await loadSharp();
  const height = Math.round(frameWidth / 16);
  const width = Math.round(height * 2.6);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="${width}" height="${height}" rx="${Math.round(height / 3)}" fill="#000" fill-opacity="0.55"/>
<text x="50%" y="52%" dominant-baseline="middle" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(height * 0.6)}" fill="#fff">${DEMO_LABEL}</text>
</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Blends the badge (RGBA) into the frame at (left, top). */
function blend(frame: RawImage, badge: RawImage, left: number, top: number): void {
  for (let y = 0; y < badge.height; y++) {
    for (let x = 0; x < badge.width; x++) {
      const s = (y * badge.width + x) * 4;
      const alpha = (badge.data[s + 3] as number) / 255;
      if (alpha === 0) continue;
      const d = ((top + y) * frame.width + left + x) * 4;
      for (let c = 0; c < 3; c++) {
        const under = frame.data[d + c] as number;
        frame.data[d + c] = under + ((badge.data[s + c] as number) - under) * alpha + 0.5;
      }
    }
  }
}

/**
 * The encoder (Emscripten WASM, CommonJS) by `require`: Node's ESM import finds no named export in
 * it, and tsx, vitest and the bundle would each wrap it differently. Loaded only in the render worker:
 * it installs process-wide `uncaughtException`/`unhandledRejection` handlers that rethrow, which in a
 * worker reach only the worker.
 */
function loadEncoderModule(): typeof H264 {
  return createRequire(import.meta.url)('h264-mp4-encoder') as typeof H264;
}

export interface ClipInput {
  image: Buffer;
  seconds: number;
  seed: number;
  aspect: ClipAspect;
}

/** Renders the clip; throws `ClipImageError` when the portrait cannot be decoded. */
export async function renderClip(input: ClipInput): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height } = CLIP_SIZES[input.aspect];
  let base: RawImage;
  try {
    const { data, info } = await sharp(input.image, { limitInputPixels: 16_000_000 })
      .rotate()
      .resize(Math.round(width * BASE_SCALE), Math.round(height * BASE_SCALE), { fit: 'cover' })
      .removeAlpha()
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    base = { data, width: info.width, height: info.height };
  } catch (error) {
    throw new ClipImageError({ cause: error });
  }
  const badge = await demoBadge(width);
  const margin = Math.round(width / 40);
  const seconds = Math.min(Math.max(input.seconds, 1), CLIP_MAX_SECONDS);
  const frames = Math.round(seconds * CLIP_FPS);
  const motion = motionFor(input.seed);

  const encoder = await loadEncoderModule().createH264MP4Encoder();
  try {
    encoder.width = width;
    encoder.height = height;
    encoder.frameRate = CLIP_FPS;
    encoder.quantizationParameter = 28;
    encoder.speed = 8;
    encoder.groupOfPictures = CLIP_FPS * 2;
    // The virtual file system is shared by every encoder of the module: a name per clip.
    encoder.outputFilename = `clip-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.mp4`;
    encoder.initialize();
    const frame = { width, height, data: Buffer.alloc(width * height * 4) };
    for (let i = 0; i < frames; i++) {
      sampleFrame(base, motion, frames === 1 ? 0 : i / (frames - 1), frame);
      blend(frame, badge, width - badge.width - margin, margin);
      encoder.addFrameRgba(frame.data);
    }
    encoder.finalize();
    const video = Buffer.from(encoder.FS.readFile(encoder.outputFilename));
    encoder.FS.unlink(encoder.outputFilename);
    return video;
  } finally {
    encoder.delete();
  }
}

/** The portrait given is not an image sharp can read. */
export class ClipImageError extends Error {
  override name = 'ClipImageError';
  constructor(options?: { cause?: unknown }) {
    super('the portrait could not be decoded', options);
  }
}
