import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type LocalServer, listenLocal } from '../../../test/http-server.ts';

/** What the next request gets instead of the fake's answer. */
export interface FakeElevenLabsFailure {
  status?: number;
  body?: string;
  /** Never answer: the adapter's timeout fires. */
  hang?: boolean;
}

export interface FakeElevenLabsRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface FakeConversation {
  agentId: string;
  durationSeconds: number;
  startedAt: Date;
}

export interface FakeElevenLabs {
  baseUrl: string;
  requests: FakeElevenLabsRequest[];
  /** Agents made, by id, with the create request's body. */
  agents: Map<string, Record<string, unknown>>;
  /** Conversations the conversation API knows (tests add them). */
  conversations: Map<string, FakeConversation>;
  /** Every signed URL handed out. */
  signedUrls: string[];
  failNext(failure: FakeElevenLabsFailure): void;
  reset(): void;
  close(): Promise<void>;
}

/**
 * A local ElevenLabs Conversational AI (PROVIDERS.md §4), speaking its wire format: `xi-api-key` checked
 * (401 otherwise); `POST /v1/convai/agents/create` checks the fields the adapter must send and answers
 * `{agent_id}`; `GET /v1/convai/conversation/get-signed-url?agent_id=` answers a wss URL for a known
 * agent (404 otherwise); `GET /v1/convai/conversations/{id}` answers `{agent_id, status, metadata:
 * {start_time_unix_secs, call_duration_secs}}` for a conversation the test added (404 otherwise);
 * `GET /v1/convai/conversations?agent_id=&call_start_after_unix=&page_size=` lists them, newest first.
 */
export async function startFakeElevenLabs(opts: { apiKey: string }): Promise<FakeElevenLabs> {
  const failures: FakeElevenLabsFailure[] = [];
  let server: LocalServer | undefined;
  const fake: FakeElevenLabs = {
    baseUrl: '',
    requests: [],
    agents: new Map(),
    conversations: new Map(),
    signedUrls: [],
    failNext: (failure) => failures.push(failure),
    reset: () => {
      failures.length = 0;
      fake.requests.length = 0;
      fake.agents.clear();
      fake.conversations.clear();
      fake.signedUrls.length = 0;
    },
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
      return json(res, 400, { detail: 'invalid JSON' });
    }
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    fake.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
    });
    const failure = failures.shift();
    if (failure?.hang) return;
    if (failure) {
      res
        .writeHead(failure.status ?? 500, { 'content-type': 'application/json' })
        .end(failure.body ?? '{"detail":"SECRET provider detail"}');
      return;
    }
    if (req.headers['xi-api-key'] !== opts.apiKey) {
      return json(res, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    }

    if (req.method === 'POST' && url.pathname === '/v1/convai/agents/create') {
      const config = body.conversation_config as Record<string, Record<string, unknown>> | undefined;
      const agent = config?.agent;
      const prompt = agent?.prompt as Record<string, unknown> | undefined;
      const problems = [
        typeof body.name !== 'string',
        typeof agent?.first_message !== 'string',
        typeof agent?.language !== 'string',
        typeof prompt?.prompt !== 'string' || (prompt.prompt as string).length === 0,
        typeof prompt?.llm !== 'string',
        typeof prompt?.temperature !== 'number',
        typeof config?.tts?.voice_id !== 'string',
        typeof config?.tts?.model_id !== 'string',
        typeof config?.conversation?.max_duration_seconds !== 'number',
      ];
      if (problems.some(Boolean)) return json(res, 422, { detail: 'invalid agent' });
      const id = `agent_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
      fake.agents.set(id, body);
      return json(res, 200, { agent_id: id });
    }
    if (req.method === 'GET' && url.pathname === '/v1/convai/conversation/get-signed-url') {
      const agentId = url.searchParams.get('agent_id') ?? '';
      if (!fake.agents.has(agentId)) return json(res, 404, { detail: 'agent not found' });
      const signed = `wss://api.elevenlabs.io/v1/convai/conversation?agent_id=${agentId}&conversation_signature=${randomUUID()}`;
      fake.signedUrls.push(signed);
      return json(res, 200, { signed_url: signed });
    }
    if (req.method === 'GET' && url.pathname === '/v1/convai/conversations') {
      const agentId = url.searchParams.get('agent_id');
      const after = Number(url.searchParams.get('call_start_after_unix') ?? 0);
      const found = [...fake.conversations.entries()]
        .filter(([, c]) => (!agentId || c.agentId === agentId) && c.startedAt.getTime() / 1000 >= after)
        .sort(([, a], [, b]) => b.startedAt.getTime() - a.startedAt.getTime())
        .slice(0, Number(url.searchParams.get('page_size') ?? 30));
      return json(res, 200, {
        conversations: found.map(([id, c]) => ({
          agent_id: c.agentId,
          conversation_id: id,
          start_time_unix_secs: Math.floor(c.startedAt.getTime() / 1000),
          call_duration_secs: c.durationSeconds,
          message_count: 2,
          status: 'done',
        })),
        has_more: false,
        next_cursor: null,
      });
    }
    const match = /^\/v1\/convai\/conversations\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const conversation = fake.conversations.get(decodeURIComponent(match[1] ?? ''));
      if (!conversation) return json(res, 404, { detail: 'conversation not found' });
      return json(res, 200, {
        agent_id: conversation.agentId,
        conversation_id: match[1],
        status: 'done',
        transcript: [],
        metadata: {
          start_time_unix_secs: Math.floor(conversation.startedAt.getTime() / 1000),
          call_duration_secs: conversation.durationSeconds,
        },
      });
    }
    return json(res, 404, { detail: 'Not Found' });
  });
  fake.baseUrl = server.origin;
  return fake;
}
