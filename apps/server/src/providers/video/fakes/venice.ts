import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type LocalServer, listenLocal } from '../../../test/http-server.ts';

/** What the next request gets instead of the fake's answer. */
export interface FakeVeniceFailure {
  status?: number;
  /** Sent as is, with this content type (default text/plain). */
  body?: string | Buffer;
  contentType?: string;
  /** Never answer: the adapter's timeout fires. */
  hang?: boolean;
}

export interface FakeVeniceJob {
  id: string;
  /** The queue request as received. */
  request: Record<string, unknown>;
  /** Retrieves answered "PROCESSING" before the video. */
  pollsLeft: number;
  completed: boolean;
}

export interface FakeVeniceVideo {
  baseUrl: string;
  requests: { path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[];
  jobs: Map<string, FakeVeniceJob>;
  /** The bytes a finished job answers with. */
  video: Buffer;
  /** How many "PROCESSING" answers each new job gives first. */
  processingPolls: number;
  failNext(failure: FakeVeniceFailure): void;
  close(): Promise<void>;
}

/** A few bytes that begin like an MP4 (an `ftyp` box), enough for the adapter's check. */
export function fakeMp4(payload = 'fake video'): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomavc1', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.from(payload)]);
}

/**
 * A local Venice video queue (PROVIDERS.md §3): bearer key checked; `/video/queue` validates the
 * fields the adapter must send; `/video/retrieve` answers PROCESSING `processingPolls` times, then the
 * MP4; an unknown or completed job is 404; `/video/complete` forgets the job.
 */
export async function startFakeVeniceVideo(opts: {
  apiKey: string;
  model: string;
}): Promise<FakeVeniceVideo> {
  const failures: FakeVeniceFailure[] = [];
  let server: LocalServer | undefined;
  const fake: FakeVeniceVideo = {
    baseUrl: '',
    requests: [],
    jobs: new Map(),
    video: fakeMp4(),
    processingPolls: 0,
    failNext: (failure) => failures.push(failure),
    close: async () => server?.close(),
  };

  const json = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  server = await listenLocal(async (req, res): Promise<void> => {
    let text = '';
    for await (const chunk of req) text += chunk;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text || '{}');
    } catch {
      return json(res, 400, { error: 'invalid JSON' });
    }
    const path = new URL(req.url ?? '/', 'http://fake.invalid').pathname;
    fake.requests.push({ path, headers: req.headers, body });
    const failure = failures.shift();
    if (failure?.hang) return;
    if (failure) {
      res
        .writeHead(failure.status ?? 500, { 'content-type': failure.contentType ?? 'text/plain' })
        .end(failure.body ?? 'SECRET provider detail');
      return;
    }
    if (req.method !== 'POST') return json(res, 405, { error: 'method' });
    if (req.headers.authorization !== `Bearer ${opts.apiKey}`)
      return json(res, 401, { error: 'Unauthorized' });
    if (body.model !== opts.model) return json(res, 400, { error: 'unknown model' });

    if (path === '/video/queue') {
      const problems = [
        typeof body.prompt !== 'string' || body.prompt.length === 0,
        body.duration !== '5s' && body.duration !== '10s',
        body.resolution !== '720p',
        !['9:16', '1:1', '16:9'].includes(String(body.aspect_ratio)),
        typeof body.image_url !== 'string' ||
          !/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/.test(body.image_url),
      ];
      if (problems.some(Boolean)) return json(res, 400, { error: 'invalid request' });
      const id = randomUUID();
      fake.jobs.set(id, { id, request: body, pollsLeft: fake.processingPolls, completed: false });
      return json(res, 200, { model: body.model, queue_id: id });
    }
    const job = typeof body.queue_id === 'string' ? fake.jobs.get(body.queue_id) : undefined;
    if (!job || job.completed) return json(res, 404, { error: 'Queue item not found' });
    if (path === '/video/retrieve') {
      if (job.pollsLeft > 0) {
        job.pollsLeft--;
        return json(res, 200, {
          status: 'PROCESSING',
          average_execution_time: 145000,
          execution_duration: 5000,
        });
      }
      res
        .writeHead(200, { 'content-type': 'video/mp4', 'content-length': fake.video.length })
        .end(fake.video);
      return;
    }
    if (path === '/video/complete') {
      job.completed = true;
      return json(res, 200, { success: true });
    }
    return json(res, 404, { error: 'not found' });
  });
  fake.baseUrl = server.origin;
  return fake;
}
