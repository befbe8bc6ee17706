import type { ClipAspect } from './clip.ts';

/** A clip to render, sent to the render worker . */
export interface RenderTask {
  id: string;
  image: Uint8Array;
  seconds: number;
  seed: number;
  aspect: ClipAspect;
}

/** The worker's answer: the MP4, or why not (`image`: the portrait could not be read). */
export type RenderReply =
  | { id: string; ok: true; video: Uint8Array }
  | { id: string; ok: false; reason: 'image' | 'render'; message: string };
