import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLocal } from '../../../test/http-server.ts';

/** One request a fake received, for the tests to inspect. */
export interface FakeRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the next request gets instead of the provider's answer: a status and body, or no answer at all. */
export interface FakeFailure {
  status?: number | undefined;
  body?: string | undefined;
  /** Extra response headers (e.g. `location` for a redirect). */
  headers?: Record<string, string> | undefined;
  /** Never answer (the adapter's timeout fires); `close()` ends the connection. */
  hang?: boolean | undefined;
  /** Answer 200 and the start of a body, then nothing more (a stalled transfer). */
  stall?: boolean | undefined;
}

/** A callback as the provider would send it: for `fetch` or for Fastify's `inject`. */
export interface FakeCallback {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface FakeControls {
  baseUrl: string;
  close(): Promise<void>;
  requests: FakeRequest[];
  /** Queues an answer for the next request (several calls queue several). */
  failNext(failure: FakeFailure): void;
}

export interface FakeReply {
  status: number;
  json?: unknown;
  text?: string;
}

/** A fake provider on a loopback port: records every request, applies queued failures, else asks `route`. */
export async function startFakeServer(
  route: (request: FakeRequest, baseUrl: string) => FakeReply | Promise<FakeReply>,
): Promise<FakeControls> {
  const requests: FakeRequest[] = [];
  const failures: FakeFailure[] = [];
  let baseUrl = '';
  const server = await listenLocal(async (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      body,
    };
    requests.push(request);
    const failure = failures.shift();
    if (failure?.hang) return;
    if (failure?.stall) {
      res.writeHead(200, { 'content-type': 'application/json' }).write('{"payment_id":');
      return;
    }
    if (failure) {
      res
        .writeHead(failure.status ?? 500, { 'content-type': 'text/plain', ...failure.headers })
        .end(failure.body ?? 'fake failure');
      return;
    }
    let reply: FakeReply;
    try {
      reply = await route(request, baseUrl);
    } catch (error) {
      reply = { status: 400, json: { message: error instanceof Error ? error.message : String(error) } };
    }
    if (reply.json !== undefined) {
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.json));
    } else {
      res.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.text ?? '');
    }
  });
  baseUrl = server.origin;
  return {
    baseUrl,
    close: server.close,
    requests,
    failNext: (failure) => failures.push(failure),
  };
}

/** Sends a callback the way a provider does (one POST) and reports what our server answered. */
export async function deliverCallback(callback: FakeCallback): Promise<{ status: number; body: string }> {
  const response = await fetch(callback.url, {
    method: 'POST',
    headers: callback.headers,
    body: callback.body,
  });
  return { status: response.status, body: await response.text() };
}

/** The request's body fields, whether it came as JSON, form-urlencoded or multipart form-data. */
export async function readFields(request: FakeRequest): Promise<Record<string, unknown>> {
  const type = String(request.headers['content-type'] ?? '');
  if (type.includes('application/json')) return JSON.parse(request.body || '{}');
  if (type.includes('multipart/form-data')) {
    const form = await new Response(request.body, { headers: { 'content-type': type } }).formData();
    return Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]));
  }
  return Object.fromEntries(new URLSearchParams(request.body));
}

/** Applies header overrides: a value replaces, `undefined` removes. */
export function withHeaders(
  headers: Record<string, string>,
  overrides: Record<string, string | undefined> | undefined,
): Record<string, string> {
  const result = { ...headers };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (value === undefined) delete result[key];
    else result[key] = value;
  }
  return result;
}

/** Options every fake's `sendCallback`/`callback` takes besides the body overrides. */
export interface CallbackTampering {
  /** Header overrides: a value replaces, `undefined` removes (a forged or missing signature). */
  headers?: Record<string, string | undefined> | undefined;
  /** Replaces the body text after signing (a body changed in transit). */
  rawBody?: string | undefined;
}
