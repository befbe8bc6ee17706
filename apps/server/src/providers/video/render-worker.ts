import { parentPort } from 'node:worker_threads';
import { ClipImageError, renderClip } from './clip.ts';
import type { RenderReply, RenderTask } from './render-protocol.ts';

/**
 * The render worker: the WASM encoder holds its thread for seconds per clip, so it runs here and the
 * server's event loop keeps serving. One task at a time; the port queues the rest. The production
 * bundle builds this file as dist/video-render-worker.js (build.mjs).
 */
if (!parentPort) throw new Error('render-worker.ts runs only as a worker thread');
const port = parentPort;

port.on('message', async (task: RenderTask) => {
  let reply: RenderReply;
  try {
    const video = await renderClip({
      image: Buffer.from(task.image),
      seconds: task.seconds,
      seed: task.seed,
      aspect: task.aspect,
    });
    reply = { id: task.id, ok: true, video };
  } catch (error) {
    reply = {
      id: task.id,
      ok: false,
      reason: error instanceof ClipImageError ? 'image' : 'render',
      message: error instanceof Error ? error.message : String(error),
    };
  }
  port.postMessage(reply);
});
