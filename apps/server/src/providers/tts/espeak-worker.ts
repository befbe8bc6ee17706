import { parentPort } from 'node:worker_threads';
import { speakWav } from './espeak.ts';
import type { SpeakReply, SpeakTask } from './espeak-protocol.ts';

/**
 * The speech worker: espeak-ng's WASM holds its thread for up to a second per message, so it runs
 * here and the server's event loop keeps serving. One task at a time; the port queues the rest. The
 * production bundle builds this file as dist/tts-speech-worker.js (build.mjs).
 */
if (!parentPort) throw new Error('espeak-worker.ts runs only as a worker thread');
const port = parentPort;

port.on('message', async (task: SpeakTask) => {
  let reply: SpeakReply;
  try {
    const wav = await speakWav(task.text, task.voice);
    reply = { id: task.id, ok: true, wav };
  } catch (error) {
    reply = { id: task.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
