import type { Logger } from '../../logger.ts';
import { type VideoErrorKind, type VideoPoll, type VideoPort, VideoProviderError } from './port.ts';

/**
 * Venice's video queue (PROVIDERS.md §3), bearer key: `POST /video/queue` → `{queue_id}`;
 * `POST /video/retrieve` → JSON `{status: "PROCESSING", …}` while running, the MP4's bytes once done,
 * 404 when the job is gone; `POST /video/complete` lets Venice delete its copy. Her portrait is the
 * first frame (`image_url` as a data URL). The provider's bodies never leave this file.
 */

export interface VeniceVideoOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  log?: Logger | undefined;
}

/** A finished video larger than this is refused rather than held in memory. */
const MAX_VIDEO_BYTES = 200 * 1024 * 1024;

export function videoErrorKindForStatus(status: number): VideoErrorKind {
  if (status === 402) return 'balance';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'rejected';
}

/** Venice's duration values: a clip of 5 s or less is "5s", anything longer "10s". */
export function veniceDuration(seconds: number): '5s' | '10s' {
  return seconds <= 5 ? '5s' : '10s';
}

const isTimeout = (error: unknown) =>
  error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** An MP4 starts with a box whose type is `ftyp`. */
export function looksLikeMp4(bytes: Buffer): boolean {
  return bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp';
}

export function createVeniceVideo(opts: VeniceVideoOptions): VideoPort {
  /** One POST with the key; a network failure or a timeout before the answer is `unavailable`. */
  async function post(path: string, body: unknown, signal: AbortSignal): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${opts.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${opts.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json, video/mp4',
        },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      throw new VideoProviderError('unavailable', undefined, { cause: error });
    }
    return response;
  }

  async function fail(response: Response): Promise<never> {
    await response.body?.cancel().catch(() => {});
    throw new VideoProviderError(videoErrorKindForStatus(response.status), response.status);
  }

  async function readJson(response: Response): Promise<Record<string, unknown>> {
    let answer: unknown;
    try {
      answer = await response.json();
    } catch (error) {
      throw new VideoProviderError(isTimeout(error) ? 'unavailable' : 'bad_response', undefined, {
        cause: error,
      });
    }
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
      throw new VideoProviderError('bad_response');
    }
    return answer as Record<string, unknown>;
  }

  async function readVideo(response: Response): Promise<Buffer> {
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_VIDEO_BYTES) {
      await response.body?.cancel().catch(() => {});
      throw new VideoProviderError('bad_response');
    }
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw new VideoProviderError(isTimeout(error) ? 'unavailable' : 'bad_response', undefined, {
        cause: error,
      });
    }
    if (bytes.length > MAX_VIDEO_BYTES || !looksLikeMp4(bytes)) throw new VideoProviderError('bad_response');
    return bytes;
  }

  const mediaType = (response: Response) =>
    (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

  return {
    adapter: 'venice',
    offline: false,
    // Venice asks clients to poll every few seconds; a clip takes minutes.
    pollIntervalMs: 5000,
    describe: () => `video: Venice-style queue at ${new URL(opts.baseUrl).origin} (model ${opts.model})`,
    // Image-to-video models on Venice take about 2–4 minutes for 5 s; longer clips take longer.
    expectedMs: (seconds) => 90_000 + seconds * 20_000,

    async submit(request) {
      const signal = AbortSignal.timeout(opts.timeoutMs);
      const response = await post(
        '/video/queue',
        {
          model: opts.model,
          prompt: request.prompt,
          negative_prompt: request.negativePrompt,
          duration: veniceDuration(request.seconds),
          resolution: '720p',
          aspect_ratio: request.aspect,
          image_url: `data:${request.image.contentType};base64,${request.image.bytes.toString('base64')}`,
        },
        signal,
      );
      if (!response.ok) return fail(response);
      const answer = await readJson(response);
      const queueId = answer.queue_id;
      if (typeof queueId !== 'string' || queueId.length === 0 || queueId.length > 500) {
        throw new VideoProviderError('bad_response');
      }
      return { jobId: queueId };
    },

    async poll(jobId): Promise<VideoPoll> {
      const signal = AbortSignal.timeout(opts.timeoutMs);
      const response = await post('/video/retrieve', { model: opts.model, queue_id: jobId }, signal);
      if (response.status === 404) {
        await response.body?.cancel().catch(() => {});
        return { state: 'lost' };
      }
      if (!response.ok) return fail(response);
      const type = mediaType(response);
      if (type === 'video/mp4')
        return { state: 'done', video: await readVideo(response), contentType: 'video/mp4' };
      if (type !== 'application/json') {
        await response.body?.cancel().catch(() => {});
        throw new VideoProviderError('bad_response');
      }
      const answer = await readJson(response);
      if (answer.status === 'PROCESSING' || answer.status === 'QUEUED') return { state: 'processing' };
      throw new VideoProviderError('bad_response');
    },

    async complete(jobId) {
      try {
        const response = await post(
          '/video/complete',
          { model: opts.model, queue_id: jobId },
          AbortSignal.timeout(opts.timeoutMs),
        );
        await response.body?.cancel().catch(() => {});
        if (!response.ok) {
          opts.log?.warn({ job: jobId, status: response.status }, 'video: complete refused by the provider');
        }
      } catch (error) {
        opts.log?.warn({ job: jobId, err: error }, 'video: complete failed');
      }
    },
  };
}
