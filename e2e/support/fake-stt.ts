import { createServer, type Server } from 'node:http';

export interface FakeStt {
  baseUrl: string;
  /** The app's environment for this service: `startApp(stt.appEnv)`. */
  appEnv: Record<string, string>;
  /** Every upload the fake received: the form's text fields and the audio file's bytes. */
  requests: Array<{ fields: Record<string, string>; audio: Buffer }>;
  close(): Promise<void>;
}

/** The multipart form's parts: name → bytes (enough for the app's own uploads). */
function parts(body: Buffer, boundary: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const next = body.indexOf(delimiter, at + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(at + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const name = /name="([^"]+)"/.exec(head)?.[1];
    if (name) found.set(name, part.subarray(split + 4));
    at = next;
  }
  return found;
}

/**
 * A fake OpenAI-compatible transcription service (`POST /v1/audio/transcriptions`, PROVIDERS.md §5): it
 * hears `text` in whatever audio it is sent, and keeps the upload so a journey can check it.
 */
export async function startFakeStt(text = 'Привет, как дела?'): Promise<FakeStt> {
  const requests: FakeStt['requests'] = [];
  const server: Server = createServer((req, res) => {
    const boundary = /boundary=([^;]+)/.exec(req.headers['content-type'] ?? '')?.[1];
    if (req.method !== 'POST' || !req.url?.endsWith('/audio/transcriptions') || !boundary) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const form = parts(Buffer.concat(chunks), boundary);
      const fields: Record<string, string> = {};
      for (const [name, bytes] of form) if (name !== 'file') fields[name] = bytes.toString('utf8');
      requests.push({ fields, audio: form.get('file') ?? Buffer.alloc(0) });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ text, segments: [{ start: 0, end: 1.5, avg_logprob: -0.1 }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  return {
    baseUrl,
    appEnv: { STT_PROVIDER: 'openai', STT_BASE_URL: baseUrl, STT_API_KEY: 'e2e-key' },
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
