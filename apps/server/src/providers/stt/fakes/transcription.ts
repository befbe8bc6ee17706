import type { IncomingMessage } from 'node:http';
import { type LocalServer, listenLocal } from '../../../test/http-server.ts';

/** What the next request gets instead of the fake's transcription. */
export interface FakeSttFailure {
  status?: number;
  /** Sent as is, with this content type (default application/json). */
  body?: string;
  contentType?: string;
  /** Never answer: the adapter's timeout fires. */
  hang?: boolean;
}

/** One request as the fake received it. */
export interface FakeSttRequest {
  path: string;
  headers: IncomingMessage['headers'];
  /** The form's text fields (model, language, response_format). */
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer } | undefined;
}

export interface FakeStt {
  /** http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  requests: FakeSttRequest[];
  /** What the next successful transcriptions answer (`verbose_json`). */
  answer: { text: string; segments?: Array<{ start: number; end: number; avg_logprob: number }> };
  failNext(failure: FakeSttFailure): void;
  /** Forgets the requests and any failures not yet used. */
  reset(): void;
  close(): Promise<void>;
}

/** The containers OpenAI's endpoint accepts, by their first bytes: it answers 400 to anything else. */
function looksLikeAudio(bytes: Buffer): boolean {
  const at = (offset: number, text: string) =>
    bytes.toString('latin1', offset, offset + text.length) === text;
  return (
    bytes.readUInt32BE(0) === 0x1a45dfa3 || at(0, 'OggS') || (at(0, 'RIFF') && at(8, 'WAVE')) || at(4, 'ftyp')
  );
}

/**
 * A local OpenAI-compatible transcription service (PROVIDERS.md §5): multipart `file, model,
 * language, response_format` at `path` (default /v1/audio/transcriptions); the bearer key checked when
 * one is given; a missing field or a file that is not audio is OpenAI's 400.
 */
export async function startFakeStt(opts: { apiKey?: string; path?: string } = {}): Promise<FakeStt> {
  const path = opts.path ?? '/v1/audio/transcriptions';
  const failures: FakeSttFailure[] = [];
  let server: LocalServer | undefined;
  const fake: FakeStt = {
    baseUrl: '',
    requests: [],
    answer: { text: 'Привет, как дела?', segments: [{ start: 0, end: 1.5, avg_logprob: -0.2 }] },
    failNext: (failure) => void failures.push(failure),
    reset: () => {
      fake.requests.length = 0;
      failures.length = 0;
    },
    close: async () => server?.close(),
  };
  server = await listenLocal(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: FakeSttRequest = {
      path: req.url ?? '',
      headers: req.headers,
      fields: {},
      file: undefined,
    };
    const json = (status: number, body: unknown) =>
      void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    try {
      const form = await new Request('http://fake', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: Buffer.concat(chunks),
      }).formData();
      for (const [name, value] of form) {
        if (typeof value === 'string') request.fields[name] = value;
        else
          request.file = {
            name: value.name,
            type: value.type,
            bytes: Buffer.from(await value.arrayBuffer()),
          };
      }
    } catch {
      // Not a form: the checks below answer 400.
    }
    fake.requests.push(request);
    const failure = failures.shift();
    if (failure?.hang) return;
    if (failure) {
      res.writeHead(failure.status ?? 500, { 'content-type': failure.contentType ?? 'application/json' });
      return void res.end(failure.body ?? '{"error":{"message":"upstream secret"}}');
    }
    if (req.method !== 'POST' || req.url !== path) return json(404, { error: { message: 'not found' } });
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      return json(401, { error: { message: 'Incorrect API key provided' } });
    }
    const { file, fields } = request;
    if (!file || !fields.model) return json(400, { error: { message: 'file and model are required' } });
    if (file.bytes.length < 12 || !looksLikeAudio(file.bytes)) {
      return json(400, { error: { message: 'Invalid file format.' } });
    }
    json(200, { task: 'transcribe', language: fields.language ?? 'russian', duration: 1.5, ...fake.answer });
  });
  fake.baseUrl = `${server.origin}/v1`;
  return fake;
}
