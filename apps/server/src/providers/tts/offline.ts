import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { Logger } from '../../logger.ts';
import type { SpeakReply, SpeakTask } from './espeak-protocol.ts';
import { type SynthesizedSpeech, TtsError, type TtsPort } from './port.ts';

/**
 * The offline stand-in: espeak-ng (WASM, in a worker thread: espeak-worker.ts) speaking Russian with
 * a female variant, her pitch and her rate, as a 16-bit PCM WAV. Robotic, but needs no service.
 * Messages are spoken one at a time; the rest wait in a short queue.
 */

export interface OfflineTtsOptions {
  log?: Logger | undefined;
  /** How long one message may take in the worker before the worker is replaced. */
  timeoutMs?: number | undefined;
  /** Messages waiting beyond this are refused as rate_limited. */
  maxQueued?: number | undefined;
  /** An idle worker is stopped after this long (it holds the compiled WASM); the next message starts one. */
  idleWorkerMs?: number | undefined;
}

export interface OfflineTtsPort extends TtsPort {
  /** Stops the worker; messages not spoken fail as unavailable. */
  close(): Promise<void>;
}

/**
 * How to start the speech worker: from TypeScript source (tsx, vitest) through tsx's CommonJS hook, as
 * the video port's render worker (providers/video/offline.ts); in production the bundle's own entry,
 * dist/tts-speech-worker.js beside dist/server.js (build.mjs).
 */
export function speechWorkerSpec(moduleUrl = import.meta.url): {
  entry: string | URL;
  options: WorkerOptions;
} {
  if (moduleUrl.endsWith('.ts')) {
    const tsx = createRequire(moduleUrl).resolve('tsx/cjs/api');
    const source = fileURLToPath(new URL('./espeak-worker.ts', moduleUrl));
    return {
      entry: `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`,
      options: { eval: true, execArgv: [] },
    };
  }
  return { entry: new URL('./tts-speech-worker.js', moduleUrl), options: {} };
}

interface Waiting {
  task: SpeakTask;
  resolve: (speech: SynthesizedSpeech) => void;
  reject: (error: TtsError) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export function createOfflineTts(options: OfflineTtsOptions = {}): OfflineTtsPort {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxQueued = options.maxQueued ?? 16;
  const idleWorkerMs = options.idleWorkerMs ?? 60_000;
  const queue: Waiting[] = [];
  let current: (Waiting & { timer: NodeJS.Timeout }) | undefined;
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;

  const settle = (): Waiting | undefined => {
    const done = current;
    if (!done) return undefined;
    current = undefined;
    clearTimeout(done.timer);
    done.signal?.removeEventListener('abort', done.onAbort);
    return done;
  };

  const onReply = (reply: SpeakReply) => {
    if (reply.id !== current?.task.id) return;
    const done = settle();
    if (reply.ok) done?.resolve({ audio: Buffer.from(reply.wav), contentType: 'audio/wav' });
    else {
      options.log?.warn({ err: reply.message }, 'offline tts: espeak-ng failed');
      done?.reject(new TtsError('unavailable'));
    }
    pump();
  };

  /** The worker died, could not start, or hung: the message in hand fails, the next one gets a new worker. */
  const drop = (failed: Worker, error: unknown) => {
    if (worker !== failed) return;
    worker = undefined;
    void failed.terminate();
    const done = settle();
    if (done) {
      options.log?.error({ err: error }, 'offline tts: speech worker failed');
      done.reject(new TtsError('unavailable', undefined, { cause: error }));
    }
    pump();
  };

  const startWorker = (): Worker => {
    const spec = speechWorkerSpec();
    const started = new Worker(spec.entry, spec.options);
    started.on('message', onReply);
    started.on('error', (error) => drop(started, error));
    started.on('exit', (code) => drop(started, new Error(`speech worker exited with code ${code}`)));
    return started;
  };

  const goIdle = () => {
    const idle = worker;
    if (!idle || idleTimer) return;
    idle.unref();
    idleTimer = setTimeout(() => {
      idleTimer = undefined;
      if (worker !== idle || current) return;
      worker = undefined;
      void idle.terminate();
    }, idleWorkerMs);
    idleTimer.unref();
  };

  function pump(): void {
    if (closed || current) return;
    const next = queue.shift();
    if (!next) {
      goIdle();
      return;
    }
    clearTimeout(idleTimer);
    idleTimer = undefined;
    worker ??= startWorker();
    const running = worker;
    running.ref();
    current = {
      ...next,
      timer: setTimeout(() => drop(running, new Error('espeak-ng took too long')), timeoutMs),
    };
    running.postMessage(next.task);
  }

  return {
    adapter: 'offline',
    offline: true,
    describe: () =>
      'tts: offline stand-in (espeak-ng, a robotic Russian voice, WAV); set TTS_PROVIDER=openai or elevenlabs and TTS_API_KEY for a natural voice',

    synthesize({ text, voice, signal }) {
      if (closed) return Promise.reject(new TtsError('unavailable'));
      if (signal?.aborted)
        return Promise.reject(new TtsError('unavailable', undefined, { cause: signal.reason }));
      if (queue.length >= maxQueued) return Promise.reject(new TtsError('rate_limited'));
      return new Promise<SynthesizedSpeech>((resolve, reject) => {
        const waiting: Waiting = {
          task: { id: nextId++, text, voice },
          resolve,
          reject,
          signal,
          // Still queued: leaves the queue. Being spoken: the answer is dropped when it comes.
          onAbort: () => {
            const at = queue.indexOf(waiting);
            if (at >= 0) queue.splice(at, 1);
            reject(new TtsError('unavailable', undefined, { cause: signal?.reason }));
          },
        };
        signal?.addEventListener('abort', waiting.onAbort, { once: true });
        queue.push(waiting);
        pump();
      });
    },

    async close() {
      closed = true;
      for (const waiting of queue.splice(0)) waiting.reject(new TtsError('unavailable'));
      settle()?.reject(new TtsError('unavailable'));
      clearTimeout(idleTimer);
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}
