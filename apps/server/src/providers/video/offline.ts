import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { Logger } from '../../logger.ts';
import { type VideoErrorKind, type VideoPoll, type VideoPort, VideoProviderError } from './port.ts';
import type { RenderReply, RenderTask } from './render-protocol.ts';

/**
 * The offline stand-in: a few seconds of slow pan and zoom over her portrait, labelled «демо» in every
 * frame (clip.ts), rendered in a worker thread (render-worker.ts) one clip at a time. Jobs and finished
 * clips live in this process's memory: after a restart a job id is unknown, `poll` answers `lost`, and
 * the caller submits again.
 */

export interface OfflineVideoOptions {
  log?: Logger | undefined;
  /** The clock of the finished clips' expiry. */
  now?: (() => number) | undefined;
  /** How long a finished clip waits for `poll`/`complete`: 10 minutes. */
  keepMs?: number | undefined;
  /** At most this many finished clips are kept; the oldest goes first. */
  maxKept?: number | undefined;
  /** Clips waiting for the worker beyond this are refused as rate_limited (the caller retries later). */
  maxQueued?: number | undefined;
  /** An idle worker is stopped after this long (it holds the encoder's memory); the next clip starts one. */
  idleWorkerMs?: number | undefined;
}

export interface OfflineVideoPort extends VideoPort {
  /** Stops the worker; jobs not finished fail as unavailable. */
  close(): Promise<void>;
}

type Job =
  | { state: 'queued'; task: RenderTask }
  | { state: 'rendering' }
  | { state: 'done'; video: Buffer; at: number }
  | { state: 'failed'; kind: VideoErrorKind; at: number };

/**
 * How to start the render worker. From TypeScript source (tsx, vitest) the worker loads
 * render-worker.ts through tsx's CommonJS hook: on Node 20 an ESM loader given to a worker
 * (`--import tsx`) does not apply to the worker's own entry. In production the bundle has its own entry,
 * dist/video-render-worker.js beside dist/server.js (build.mjs).
 */
export function renderWorkerSpec(moduleUrl = import.meta.url): {
  entry: string | URL;
  options: WorkerOptions;
} {
  if (moduleUrl.endsWith('.ts')) {
    const tsx = createRequire(moduleUrl).resolve('tsx/cjs/api');
    const source = fileURLToPath(new URL('./render-worker.ts', moduleUrl));
    return {
      entry: `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`,
      options: { eval: true, execArgv: [] },
    };
  }
  return { entry: new URL('./video-render-worker.js', moduleUrl), options: {} };
}

const FINISHED_KEEP_MS = 10 * 60_000;

export function createOfflineVideo(options: OfflineVideoOptions = {}): OfflineVideoPort {
  const now = options.now ?? Date.now;
  const keepMs = options.keepMs ?? FINISHED_KEEP_MS;
  const maxKept = options.maxKept ?? 16;
  const maxQueued = options.maxQueued ?? 8;
  const idleWorkerMs = options.idleWorkerMs ?? 60_000;
  const jobs = new Map<string, Job>();
  const waiting: string[] = [];
  let worker: Worker | undefined;
  let current: string | undefined;
  let closed = false;
  let idleTimer: NodeJS.Timeout | undefined;

  const finish = (id: string, job: Job) => {
    if (!jobs.has(id)) return;
    jobs.set(id, job);
    const finished = [...jobs].filter(([, j]) => j.state === 'done' || j.state === 'failed');
    for (const [oldId] of finished.slice(0, Math.max(0, finished.length - maxKept))) jobs.delete(oldId);
  };

  const prune = () => {
    const cutoff = now() - keepMs;
    for (const [id, job] of jobs) {
      if ((job.state === 'done' || job.state === 'failed') && job.at < cutoff) jobs.delete(id);
    }
  };

  const onReply = (reply: RenderReply) => {
    if (reply.id !== current) return;
    current = undefined;
    if (reply.ok) {
      finish(reply.id, { state: 'done', video: Buffer.from(reply.video), at: now() });
    } else {
      options.log?.warn(
        { job: reply.id, reason: reply.reason, err: reply.message },
        'offline video: render failed',
      );
      finish(reply.id, {
        state: 'failed',
        kind: reply.reason === 'image' ? 'rejected' : 'unavailable',
        at: now(),
      });
    }
    pump();
  };

  /** The worker died (or could not start): the clip in hand fails, the next one gets a new worker. */
  const onCrash = (failed: Worker, error: unknown) => {
    if (worker !== failed) return;
    worker = undefined;
    if (current) {
      options.log?.error({ job: current, err: error }, 'offline video: render worker failed');
      finish(current, { state: 'failed', kind: 'unavailable', at: now() });
      current = undefined;
    }
    pump();
  };

  const startWorker = (): Worker => {
    const spec = renderWorkerSpec();
    const started = new Worker(spec.entry, spec.options);
    started.on('message', onReply);
    started.on('error', (error) => onCrash(started, error));
    started.on('exit', (code) => onCrash(started, new Error(`render worker exited with code ${code}`)));
    return started;
  };

  /** The next clip still queued (close() may have failed some meanwhile). */
  const nextQueued = (): [string, RenderTask] | undefined => {
    for (let id = waiting.shift(); id !== undefined; id = waiting.shift()) {
      const job = jobs.get(id);
      if (job?.state === 'queued') return [id, job.task];
    }
    return undefined;
  };

  /**
   * Nothing to render: the worker stays a while for the next clip, without keeping the process
   * alive, then goes with the encoder's memory.
   */
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
    const next = nextQueued();
    if (!next) {
      goIdle();
      return;
    }
    const [id, task] = next;
    clearTimeout(idleTimer);
    idleTimer = undefined;
    current = id;
    jobs.set(id, { state: 'rendering' });
    worker ??= startWorker();
    worker.ref();
    worker.postMessage(task);
  }

  return {
    adapter: 'offline',
    offline: true,
    pollIntervalMs: 1000,
    describe: () =>
      'video: offline stand-in (a slow pan and zoom over her portrait, labelled «демо»); set VIDEO_PROVIDER=venice and VIDEO_API_KEY for real clips',
    // Measured: about 2.5 s for a 5 s clip at 432x768 on one core; more on a busy machine.
    expectedMs: (seconds) => 2000 + seconds * 800,

    async submit(request) {
      if (closed) throw new VideoProviderError('unavailable');
      prune();
      if (waiting.length >= maxQueued) throw new VideoProviderError('rate_limited');
      const id = `offline_${randomUUID()}`;
      const task: RenderTask = {
        id,
        image: new Uint8Array(request.image.bytes),
        seconds: request.seconds,
        seed: request.seed,
        aspect: request.aspect,
      };
      jobs.set(id, { state: 'queued', task });
      waiting.push(id);
      pump();
      return { jobId: id };
    },

    async poll(jobId): Promise<VideoPoll> {
      prune();
      const job = jobs.get(jobId);
      if (!job) return { state: 'lost' };
      if (job.state === 'done') return { state: 'done', video: job.video, contentType: 'video/mp4' };
      if (job.state === 'failed') throw new VideoProviderError(job.kind);
      return { state: 'processing' };
    },

    async complete(jobId) {
      const job = jobs.get(jobId);
      if (job?.state === 'done' || job?.state === 'failed') jobs.delete(jobId);
    },

    async close() {
      closed = true;
      for (const [id, job] of jobs) {
        if (job.state === 'queued' || job.state === 'rendering') {
          jobs.set(id, { state: 'failed', kind: 'unavailable', at: now() });
        }
      }
      waiting.length = 0;
      current = undefined;
      clearTimeout(idleTimer);
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}
