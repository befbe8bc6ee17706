import {
  type ErrorBody,
  type LimitsStatus,
  VOICE_CALL,
  VOICE_CALL_TEXTS,
  type VoiceAgentInfo,
  type VoiceCallStarted,
  voiceAgentCreatedSchema,
  voiceCallEndedSchema,
  voiceCallStartedSchema,
} from '@podruga/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { characters, dailyUsage, messages } from '../../db/schema/index.ts';
import { elevenLabsVoiceId } from '../../providers/voice-agent/elevenlabs.ts';
import { type FakeElevenLabs, startFakeElevenLabs } from '../../providers/voice-agent/fakes/elevenlabs.ts';
import { useTestApp } from '../../test/app.ts';
import { createCharacter } from '../../test/characters.ts';
import { chatClient } from '../../test/chat.ts';
import { bearer, expectError, guest } from '../../test/http.ts';
import { SAFETY_RULES } from '../messages/prompt.ts';
import { voiceFor } from '../speech/her-voice.ts';
import { CALL_MANNER } from './voice-call.prompt.ts';
import { COMPANION_NOT_FOUND } from './voice-call.service.ts';

const KEY = 'xi-secret-key-0123456789';
let fake: FakeElevenLabs;
/** Filled in once the fake listens (before the first app is built). */
const env: Record<string, string> = {};
/** The delayed jobs the app scheduled: run by hand once the test clock has moved. */
const waits: Array<{ ms: number; run: () => void }> = [];
const t = useTestApp({ env, deps: { jobs: { schedule: (ms, run) => void waits.push({ ms, run }) } } });

beforeAll(async () => {
  fake = await startFakeElevenLabs({ apiKey: KEY });
  Object.assign(env, { ELEVENLABS_API_KEY: KEY, ELEVENLABS_BASE_URL: fake.baseUrl });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  waits.length = 0;
});

let addresses = 0;
async function newGuest() {
  const session = await guest(t.app, `10.15.0.${++addresses}`);
  const character = await createCharacter(t.app, session.access_token);
  return { token: session.access_token, userId: session.user_id, characterId: character.id };
}

const api = (token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/voice-call${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function agentOf(token: string, characterId: string): Promise<string> {
  const res = await api(token, 'POST', `/create-agent/${characterId}`);
  expect(res.statusCode, res.body).toBe(200);
  return voiceAgentCreatedSchema.parse(res.json()).agent_id;
}

async function startCall(token: string, characterId: string): Promise<VoiceCallStarted> {
  const agentId = await agentOf(token, characterId);
  const res = await api(token, 'POST', `/start/${characterId}`, { agent_id: agentId });
  expect(res.statusCode, res.body).toBe(200);
  return voiceCallStartedSchema.parse(res.json());
}

async function voiceUsed(userId: string): Promise<number> {
  const rows = await t.database.db.select().from(dailyUsage).where(eq(dailyUsage.userId, userId));
  return rows.find((r) => r.resource === 'voice_seconds')?.count ?? 0;
}

/** Every response body of the test, to check the key never leaves the server. */
function expectNoKey(...bodies: string[]): void {
  for (const body of bodies) expect(body).not.toContain(KEY);
}

describe('voice agents (ElevenLabs)', () => {
  it('her agent is made once, from her call persona, with the key only in the header', async () => {
    const { token, characterId } = await newGuest();
    const before = await api(token, 'GET', `/agent-info/${characterId}`);
    expect(before.json<VoiceAgentInfo>()).toEqual({ has_agent: false, agent_id: null });

    const created = await api(token, 'POST', `/create-agent/${characterId}`);
    expect(created.statusCode, created.body).toBe(200);
    const agentId = created.json<{ agent_id: string }>().agent_id;
    expect(fake.agents.has(agentId)).toBe(true);

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/convai/agents/create');
    expect(sent?.headers['xi-api-key']).toBe(KEY);
    expect(JSON.stringify(sent?.body)).not.toContain(KEY);
    const [character] = await t.database.db.select().from(characters).where(eq(characters.id, characterId));
    if (!character) throw new Error('no character');
    const config = sent?.body.conversation_config as Record<string, Record<string, unknown>>;
    const agent = config.agent as {
      first_message: string;
      language: string;
      prompt: Record<string, unknown>;
    };
    expect(agent.language).toBe('ru');
    expect(agent.first_message).toMatch(/[А-Яа-я]/);
    expect(agent.prompt.prompt).toContain(SAFETY_RULES);
    expect(agent.prompt.prompt).toContain(CALL_MANNER);
    expect(agent.prompt.prompt).toContain(character.name);
    expect(agent.prompt.llm).toBe('gemini-2.0-flash');
    expect(config.tts).toEqual({
      voice_id: elevenLabsVoiceId(voiceFor(character)),
      model_id: 'eleven_flash_v2_5',
    });
    expect(config.conversation).toEqual({ max_duration_seconds: 1800 });

    const after = await api(token, 'GET', `/agent-info/${characterId}`);
    expect(after.json()).toEqual({ has_agent: true, agent_id: agentId });
    // Asked again: the same agent, nothing new made.
    const again = await api(token, 'POST', `/create-agent/${characterId}`);
    expect(again.json()).toEqual({ agent_id: agentId });
    expect(fake.requests).toHaveLength(1);
    expectNoKey(before.body, created.body, after.body, again.body);
  });

  it('editing her makes a new agent: the old one no longer answers for her', async () => {
    const { token, characterId } = await newGuest();
    const first = await agentOf(token, characterId);
    await t.database.db.update(characters).set({ name: 'Вера' }).where(eq(characters.id, characterId));
    expect((await api(token, 'GET', `/agent-info/${characterId}`)).json()).toEqual({
      has_agent: false,
      agent_id: null,
    });
    const second = await agentOf(token, characterId);
    expect(second).not.toBe(first);
    const res = await api(token, 'POST', `/start/${characterId}`, { agent_id: first });
    expectError(res, 400, 'validation_failed', VOICE_CALL_TEXTS.noAgent);
  });

  it('another user’s companion, an unknown one and a malformed id are 404; no session is 401', async () => {
    const owner = await newGuest();
    const other = await newGuest();
    const agentId = await agentOf(owner.token, owner.characterId);
    for (const [method, url, body] of [
      ['GET', `/agent-info/${owner.characterId}`, undefined],
      ['POST', `/create-agent/${owner.characterId}`, undefined],
      ['POST', `/start/${owner.characterId}`, { agent_id: agentId }],
      ['GET', '/agent-info/00000000-0000-4000-8000-000000000000', undefined],
      ['POST', '/create-agent/not-a-uuid', undefined],
    ] as const) {
      const res = await api(other.token, method, url, body);
      expectError(res, 404, 'not_found', COMPANION_NOT_FOUND);
    }
    expect((await api(null, 'GET', `/agent-info/${owner.characterId}`)).statusCode).toBe(401);
    expect((await api(null, 'POST', `/create-agent/${owner.characterId}`)).statusCode).toBe(401);
    expect(fake.requests).toHaveLength(1);
  });

  it('a provider that refuses: 503 with our text, never its words or the key', async () => {
    const { token, characterId } = await newGuest();
    fake.failNext({ status: 500 });
    const res = await api(token, 'POST', `/create-agent/${characterId}`);
    expectError(res, 503, 'provider_error', VOICE_CALL_TEXTS.unavailable);
    expect(res.body).not.toContain('SECRET');
    expectNoKey(res.body);
    expect((await api(token, 'GET', `/agent-info/${characterId}`)).json<VoiceAgentInfo>().has_agent).toBe(
      false,
    );
  });
});

describe('a call through ElevenLabs', () => {
  it('start: a signed URL, the chat’s active entry, the day’s seconds; a second call is 409', async () => {
    const { token, characterId, userId } = await newGuest();
    const agentId = await agentOf(token, characterId);
    const res = await api(token, 'POST', `/start/${characterId}`, { agent_id: agentId });
    expect(res.statusCode, res.body).toBe(200);
    const started = voiceCallStartedSchema.parse(res.json());
    expect(started).toMatchObject({ mode: 'elevenlabs', stt: 'server', remaining_seconds: 30 });
    expect(started.signed_url).toBe(fake.signedUrls[0]);
    expect(fake.requests.at(-1)?.query.get('agent_id')).toBe(agentId);
    expect(fake.requests.at(-1)?.headers['xi-api-key']).toBe(KEY);
    expect(started.message).toMatchObject({
      id: started.call_id,
      chat_id: started.chat_id,
      content: '',
      message_type: 'voice_call',
      voice_call_status: 'active',
      voice_call_duration: null,
    });
    expect(started.message.voice_call_started_at).toBe(t.clock.now().toISOString());
    expectNoKey(res.body);
    // The entry is in her chat, as the chat reads it.
    const chat = await t.app.inject({ url: `/api/messages/${started.chat_id}`, headers: bearer(token) });
    expect(chat.json<Array<{ id: string }>>().map((m) => m.id)).toContain(started.call_id);

    const second = await api(token, 'POST', `/start/${characterId}`, { agent_id: agentId });
    expectError(second, 409, 'conflict', VOICE_CALL_TEXTS.alreadyActive);
    expect(await voiceUsed(userId)).toBe(0);
    const wrong = await api(token, 'POST', `/start/${characterId}`, { agent_id: 'agent_someone_else' });
    expectError(wrong, 400, 'validation_failed', VOICE_CALL_TEXTS.noAgent);
  });

  it('end: the conversation API’s duration, capped at what was left; idempotent; 429 once spent', async () => {
    const { token, characterId, userId } = await newGuest();
    const started = await startCall(token, characterId);
    const agentId = (await api(token, 'GET', `/agent-info/${characterId}`)).json<VoiceAgentInfo>().agent_id;
    fake.conversations.set('conv_1', {
      agentId: agentId ?? '',
      durationSeconds: 12,
      startedAt: t.clock.now(),
    });
    t.clock.advanceSeconds(15);
    const end = await api(token, 'POST', `/${started.call_id}/end`, {
      reason: 'hangup',
      conversation_id: 'conv_1',
      duration_seconds: 3,
    });
    expect(end.statusCode, end.body).toBe(200);
    const ended = voiceCallEndedSchema.parse(end.json()).message;
    expect(ended).toMatchObject({ voice_call_status: 'completed', voice_call_duration: 12 });
    expect(ended.voice_call_ended_at).toBe(t.clock.now().toISOString());
    expect(fake.requests.at(-1)?.path).toBe('/v1/convai/conversations/conv_1');
    expect(await voiceUsed(userId)).toBe(12);

    // Ending it again answers the stored entry and charges nothing more.
    const again = await api(token, 'POST', `/${started.call_id}/end`, {
      reason: 'hangup',
      conversation_id: 'conv_1',
    });
    expect(again.json()).toEqual(end.json());
    expect(await voiceUsed(userId)).toBe(12);

    // 18 s left: a conversation of 40 s is charged 18, up to the limit.
    const next = await startCall(token, characterId);
    expect(next.remaining_seconds).toBe(18);
    fake.conversations.set('conv_2', {
      agentId: agentId ?? '',
      durationSeconds: 40,
      startedAt: t.clock.now(),
    });
    t.clock.advanceSeconds(45);
    const capped = await api(token, 'POST', `/${next.call_id}/end`, {
      reason: 'limit',
      conversation_id: 'conv_2',
    });
    expect(
      capped.json<{ message: { voice_call_status: string; voice_call_duration: number } }>().message,
    ).toMatchObject({
      voice_call_status: 'limit_reached',
      voice_call_duration: 18,
    });
    expect(await voiceUsed(userId)).toBe(30);

    const status = await t.app.inject({ url: '/api/user/limits/status', headers: bearer(token) });
    expect(status.json<LimitsStatus>().resources.voice_minutes).toEqual({ limit: 0.5, used: 0.5 });

    const spent = await api(token, 'POST', `/start/${characterId}`, { agent_id: agentId });
    expect(spent.statusCode).toBe(429);
    expect(spent.json<ErrorBody>()).toMatchObject({
      code: 'voice_limit',
      detail: VOICE_CALL_TEXTS.limitReached,
    });
    // The next Moscow day has its seconds again.
    t.clock.advanceSeconds(24 * 3600);
    expect((await api(token, 'POST', `/start/${characterId}`, { agent_id: agentId })).statusCode).toBe(200);
  });

  it('end without a conversation: the client’s seconds, never more than the server’s clock', async () => {
    const { token, characterId, userId } = await newGuest();
    const started = await startCall(token, characterId);
    t.clock.advanceSeconds(8);
    const end = await api(token, 'POST', `/${started.call_id}/end`, {
      reason: 'hangup',
      duration_seconds: 25,
    });
    expect(end.json<{ message: { voice_call_duration: number } }>().message.voice_call_duration).toBe(8);
    expect(await voiceUsed(userId)).toBe(8);
  });

  it('a conversation of another agent, or older than the call, is not believed', async () => {
    const { token, characterId, userId } = await newGuest();
    const agentId = await agentOf(token, characterId);
    const started = await startCall(token, characterId);
    fake.conversations.set('conv_other', {
      agentId: 'agent_other',
      durationSeconds: 1,
      startedAt: t.clock.now(),
    });
    t.clock.advanceSeconds(20);
    const end = await api(token, 'POST', `/${started.call_id}/end`, {
      reason: 'hangup',
      conversation_id: 'conv_other',
      duration_seconds: 20,
    });
    expect(end.json<{ message: { voice_call_duration: number } }>().message.voice_call_duration).toBe(20);
    expect(await voiceUsed(userId)).toBe(20);

    // Her own earlier conversation, short, named for a new call: the client's seconds count instead.
    const next = await startCall(token, characterId);
    fake.conversations.set('conv_old', {
      agentId,
      durationSeconds: 1,
      startedAt: new Date(t.clock.now().getTime() - 3600_000),
    });
    t.clock.advanceSeconds(9);
    const old = await api(token, 'POST', `/${next.call_id}/end`, {
      reason: 'hangup',
      conversation_id: 'conv_old',
      duration_seconds: 6,
    });
    expect(old.json<{ message: { voice_call_duration: number } }>().message.voice_call_duration).toBe(6);
    expect(await voiceUsed(userId)).toBe(26);
  });

  it('a "missed" call the provider says was talked through is charged', async () => {
    const { token, characterId, userId } = await newGuest();
    const agentId = await agentOf(token, characterId);
    const started = await startCall(token, characterId);
    fake.conversations.set('conv_talk', { agentId, durationSeconds: 14, startedAt: t.clock.now() });
    t.clock.advanceSeconds(16);
    const end = await api(token, 'POST', `/${started.call_id}/end`, {
      reason: 'missed',
      conversation_id: 'conv_talk',
    });
    expect(end.json<{ message: object }>().message).toMatchObject({
      voice_call_status: 'completed',
      voice_call_duration: 14,
    });
    expect(await voiceUsed(userId)).toBe(14);
  });

  it('the chat’s room hears the entry: active at the start, then as it ended', async () => {
    const { token, characterId } = await newGuest();
    const first = await startCall(token, characterId);
    await api(token, 'POST', `/${first.call_id}/end`, { reason: 'missed' });
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await chatClient(url, token, first.chat_id);
    try {
      const started = await startCall(token, characterId);
      t.clock.advanceSeconds(5);
      await api(token, 'POST', `/${started.call_id}/end`, { reason: 'hangup', duration_seconds: 5 });
      await client.waitFor(() => client.count('message') >= 2);
      const heard = client.payloads<{
        id: string;
        voice_call_status: string;
        voice_call_duration: number | null;
      }>('message');
      expect(heard.map((m) => [m.id, m.voice_call_status, m.voice_call_duration])).toEqual([
        [started.call_id, 'active', null],
        [started.call_id, 'completed', 5],
      ]);
    } finally {
      client.socket.disconnect();
    }
  });

  it('the CSP lets the browser reach ElevenLabs (the signed URL’s host), and nothing else new', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const host = new URL(fake.baseUrl).host;
    expect(csp).toContain(`http://${host} ws://${host}`);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('livekit');
  });

  it('missed and error: status by reason, nothing charged; the error text kept', async () => {
    const { token, characterId, userId } = await newGuest();
    const first = await startCall(token, characterId);
    const missed = await api(token, 'POST', `/${first.call_id}/end`, { reason: 'missed' });
    expect(missed.json<{ message: { voice_call_status: string } }>().message.voice_call_status).toBe(
      'missed',
    );
    const second = await startCall(token, characterId);
    const failed = await api(token, 'POST', `/${second.call_id}/end`, {
      reason: 'error',
      error: VOICE_CALL_TEXTS.connectFailed,
      duration_seconds: 0,
    });
    expect(
      failed.json<{ message: { voice_call_status: string; metadata: Record<string, unknown> } }>().message,
    ).toMatchObject({
      voice_call_status: 'failed',
      metadata: { error: VOICE_CALL_TEXTS.connectFailed, end_reason: 'error' },
    });
    expect(await voiceUsed(userId)).toBe(0);
  });

  it('another user’s call, an unknown one and bad bodies: 404 and 400, never a 500', async () => {
    const owner = await newGuest();
    const other = await newGuest();
    const started = await startCall(owner.token, owner.characterId);
    expectError(
      await api(other.token, 'POST', `/${started.call_id}/end`, { reason: 'hangup' }),
      404,
      'not_found',
    );
    expectError(
      await api(owner.token, 'POST', '/00000000-0000-4000-8000-000000000000/end', { reason: 'hangup' }),
      404,
      'not_found',
    );
    expectError(await api(owner.token, 'POST', '/nonsense/end', { reason: 'hangup' }), 404, 'not_found');
    for (const body of [
      {},
      { reason: 'bye' },
      { reason: 'hangup', duration_seconds: -1 },
      { reason: 'hangup', conversation_id: 'x'.repeat(201) },
    ]) {
      expect((await api(owner.token, 'POST', `/${started.call_id}/end`, body)).statusCode).toBe(400);
    }
    // Still the owner's to end.
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, started.call_id));
    expect(row?.voiceCallStatus).toBe('active');
  });

  it('no signed URL: 503, the entry failed and nothing charged; the next call may start', async () => {
    const { token, characterId, userId } = await newGuest();
    const agentId = await agentOf(token, characterId);
    fake.failNext({ status: 503 });
    const res = await api(token, 'POST', `/start/${characterId}`, { agent_id: agentId });
    expectError(res, 503, 'provider_error', VOICE_CALL_TEXTS.unavailable);
    const rows = await t.database.db.select().from(messages).where(eq(messages.messageType, 'voice_call'));
    expect(rows.map((r) => r.voiceCallStatus)).toEqual(['failed']);
    expect(await voiceUsed(userId)).toBe(0);
    expect((await api(token, 'POST', `/start/${characterId}`, { agent_id: agentId })).statusCode).toBe(200);
  });

  it('a call its client never ends is closed by the delayed job, charged what the provider lists', async () => {
    const { token, characterId, userId } = await newGuest();
    const agentId = await agentOf(token, characterId);
    const started = await startCall(token, characterId);
    const wait = waits.at(-1);
    expect(wait?.ms).toBe((30 + VOICE_CALL.endGraceSeconds) * 1000);
    // Early: nothing happens (and it waits again).
    wait?.run();
    await t.app.jobs.idle();
    const [early] = await t.database.db.select().from(messages).where(eq(messages.id, started.call_id));
    expect(early?.voiceCallStatus).toBe('active');

    // She talked 22 s (a conversation of an earlier call does not count).
    fake.conversations.set('conv_before', {
      agentId,
      durationSeconds: 9,
      startedAt: new Date(t.clock.now().getTime() - 60_000),
    });
    fake.conversations.set('conv_this', { agentId, durationSeconds: 22, startedAt: t.clock.now() });
    t.clock.advanceSeconds(30 + VOICE_CALL.endGraceSeconds);
    waits.at(-1)?.run();
    await t.app.jobs.idle();
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, started.call_id));
    expect(row).toMatchObject({ voiceCallStatus: 'completed', voiceCallDuration: 22 });
    expect(await voiceUsed(userId)).toBe(22);
    const listed = fake.requests.find((r) => r.path === '/v1/convai/conversations');
    expect(listed?.query.get('agent_id')).toBe(agentId);
    expect(listed?.headers['xi-api-key']).toBe(KEY);
  });

  it('a stale call the provider cannot tell about is charged its allowance; one with no conversation is missed', async () => {
    const { token, characterId, userId } = await newGuest();
    const first = await startCall(token, characterId);
    await t.database.db
      .update(messages)
      .set({ metadata: { ...(await callMeta(first.call_id)), allowance_seconds: 10 } })
      .where(eq(messages.id, first.call_id));
    t.clock.advanceSeconds(10 + VOICE_CALL.endGraceSeconds);
    // The next start closes it; the provider's list fails.
    fake.failNext({ status: 503 });
    const second = await startCall(token, characterId);
    expect(second.remaining_seconds).toBe(20);
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, first.call_id));
    expect(row).toMatchObject({ voiceCallStatus: 'limit_reached', voiceCallDuration: 10 });
    expect(await voiceUsed(userId)).toBe(10);

    // Never talked (no conversation listed): missed, nothing charged.
    t.clock.advanceSeconds(20 + VOICE_CALL.endGraceSeconds);
    await t.app.voiceCalls.resume();
    const [stale] = await t.database.db.select().from(messages).where(eq(messages.id, second.call_id));
    expect(stale).toMatchObject({ voiceCallStatus: 'missed', voiceCallDuration: 0 });
    expect(await voiceUsed(userId)).toBe(10);
  });

  it('an end with no conversation named: the agent’s conversations since the start are charged', async () => {
    const { token, characterId, userId } = await newGuest();
    const agentId = await agentOf(token, characterId);
    const started = await startCall(token, characterId);
    fake.conversations.set('conv_a', { agentId, durationSeconds: 6, startedAt: t.clock.now() });
    fake.conversations.set('conv_b', { agentId, durationSeconds: 7, startedAt: t.clock.now() });
    t.clock.advanceSeconds(20);
    // The client says it never connected and talked 0 s: the provider says 13 s.
    const end = await api(token, 'POST', `/${started.call_id}/end`, {
      reason: 'missed',
      duration_seconds: 0,
    });
    expect(end.json<{ message: object }>().message).toMatchObject({
      voice_call_status: 'completed',
      voice_call_duration: 13,
    });
    expect(await voiceUsed(userId)).toBe(13);
  });
});

async function callMeta(id: string): Promise<Record<string, unknown>> {
  const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
  return row?.metadata ?? {};
}
