import { type LimitsStatus, VOICE_CALL, voiceCallStartedSchema } from '@podruga/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dailyUsage, messages, type UserRow } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { createCharacter } from '../../test/characters.ts';
import { findUser } from '../../test/factories.ts';
import { bearer, guest } from '../../test/http.ts';
import { SAFETY_RULES } from '../messages/prompt.ts';
import { voiceFor } from '../speech/her-voice.ts';
import { CALL_MANNER, callGreeting } from './voice-call.prompt.ts';

/** The default deployment: no ElevenLabs key, every speech port offline: calls on our own pipeline. */
const waits: Array<{ ms: number; run: () => void }> = [];
const t = useTestApp({ deps: { jobs: { schedule: (ms, run) => void waits.push({ ms, run }) } } });

let addresses = 0;
async function newGuest() {
  const session = await guest(t.app, `10.16.0.${++addresses}`);
  const character = await createCharacter(t.app, session.access_token);
  const user = (await findUser(t.database, session.user_id)) as UserRow;
  return { token: session.access_token, user, characterId: character.id };
}

async function start(token: string, characterId: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/voice-call/create-agent/${characterId}`,
    headers: bearer(token),
  });
  expect(created.json()).toEqual({ agent_id: `pipeline-${characterId}` });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/voice-call/start/${characterId}`,
    headers: bearer(token),
    payload: { agent_id: `pipeline-${characterId}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return voiceCallStartedSchema.parse(res.json());
}

async function voiceUsed(userId: string): Promise<number> {
  const rows = await t.database.db.select().from(dailyUsage).where(eq(dailyUsage.userId, userId));
  return rows.find((r) => r.resource === 'voice_seconds')?.count ?? 0;
}

describe('a call on our own pipeline', () => {
  it('says so: the boot log line and the config’s providers', async () => {
    const port = t.app.providers.voiceCall;
    expect(port).toMatchObject({ adapter: 'pipeline', offline: true });
    expect(port?.describe()).toMatch(/OFFLINE our own pipeline.*browser's own speech recognition/);
    const config = await t.app.inject({ url: '/api/config' });
    expect(config.json<{ providers: Record<string, unknown> }>().providers.voiceCall).toEqual({
      adapter: 'pipeline',
      offline: true,
    });
    // No ElevenLabs in the CSP when calls are ours.
    expect(String(config.headers['content-security-policy'])).not.toContain('elevenlabs');
  });

  it('start: no signed URL; the browser hears (no server speech-to-text); the agent is hers', async () => {
    const { token, characterId } = await newGuest();
    const info = await t.app.inject({
      url: `/api/voice-call/agent-info/${characterId}`,
      headers: bearer(token),
    });
    expect(info.json()).toEqual({ has_agent: false, agent_id: null });
    const started = await start(token, characterId);
    expect(started).toMatchObject({
      mode: 'pipeline',
      signed_url: null,
      stt: 'browser',
      remaining_seconds: 30,
    });
    const again = await t.app.inject({
      url: `/api/voice-call/agent-info/${characterId}`,
      headers: bearer(token),
    });
    expect(again.json()).toEqual({ has_agent: true, agent_id: `pipeline-${characterId}` });
  });

  it('through the sessions: connected, her conversation, ended at the limit charging exactly the allowance', async () => {
    const { token, user, characterId } = await newGuest();
    const other = await newGuest();
    const started = await start(token, characterId);
    const calls = t.app.voiceCalls;

    expect(await calls.activePipelineCall(other.user, started.call_id)).toBeNull();
    expect(await calls.activePipelineCall(user, 'nonsense')).toBeNull();
    const call = await calls.activePipelineCall(user, started.call_id);
    expect(call).toMatchObject({
      id: started.call_id,
      userId: user.id,
      chatId: started.chat_id,
      characterId,
      mode: 'pipeline',
      allowanceSeconds: 30,
    });
    if (!call) throw new Error('no call');

    const conversation = await calls.conversationFor(call);
    expect(conversation.character.id).toBe(characterId);
    expect(conversation.user.id).toBe(user.id);
    expect(conversation.system[0]?.content).toContain(SAFETY_RULES);
    expect(conversation.system[0]?.content).toContain(CALL_MANNER);
    expect(conversation.voice).toEqual(voiceFor(conversation.character));
    expect(conversation.greeting).toBe(callGreeting(conversation.character));
    expect(conversation.persona.name).toBe(conversation.character.name);
    // Her chat so far (the call's own blank entry is not a turn).
    expect(conversation.history.every((turn) => turn.content.trim().length > 0)).toBe(true);

    const connectedAt = new Date(t.clock.now().getTime() + 2000);
    expect(await calls.connected(call, connectedAt)).toBe(30);
    // A second join (a reconnect) gets what is left, from the first connect.
    expect(await calls.connected(call, new Date(connectedAt.getTime() + 10_000))).toBe(20);

    const ended = await calls.end(call, {
      reason: 'limit',
      connectedAt,
      endedAt: new Date(connectedAt.getTime() + 31_500),
    });
    expect(ended.status).toBe('limit_reached');
    expect(ended.message).toMatchObject({ voice_call_status: 'limit_reached', voice_call_duration: 30 });
    expect(await voiceUsed(user.id)).toBe(30);
    // Once: the client's end and a second end answer the stored entry.
    const again = await calls.end(call, { reason: 'hangup' });
    expect(again).toEqual(ended);
    const byRoute = await t.app.inject({
      method: 'POST',
      url: `/api/voice-call/${call.id}/end`,
      headers: bearer(token),
      payload: { reason: 'hangup' },
    });
    expect(byRoute.json()).toEqual({ message: ended.message });
    expect(await calls.activePipelineCall(user, call.id)).toBeNull();

    const status = await t.app.inject({ url: '/api/user/limits/status', headers: bearer(token) });
    expect(status.json<LimitsStatus>().resources.voice_minutes).toEqual({ limit: 0.5, used: 0.5 });
  });

  it('hung up by the route: the server’s clock from the connect; never connected is missed', async () => {
    const { token, user, characterId } = await newGuest();
    const first = await start(token, characterId);
    const call = await t.app.voiceCalls.activePipelineCall(user, first.call_id);
    if (!call) throw new Error('no call');
    await t.app.voiceCalls.connected(call, t.clock.now());
    t.clock.advanceSeconds(7);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/voice-call/${first.call_id}/end`,
      headers: bearer(token),
      payload: { reason: 'hangup', duration_seconds: 1 },
    });
    expect(res.json<{ message: object }>().message).toMatchObject({
      voice_call_status: 'completed',
      voice_call_duration: 7,
    });
    const second = await start(token, characterId);
    const missed = await t.app.voiceCalls.end({ id: second.call_id, userId: user.id }, { reason: 'hangup' });
    expect(missed.status).toBe('missed');
    expect(missed.message.voice_call_duration).toBe(0);
    expect(await voiceUsed(user.id)).toBe(7);
  });

  it('a call that never connects blocks the next one only until its connect timeout and grace', async () => {
    const { token, user, characterId } = await newGuest();
    const first = await start(token, characterId);
    expect(waits.at(-1)?.ms).toBe(VOICE_CALL.connectTimeoutMs + VOICE_CALL.endGraceSeconds * 1000);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/voice-call/start/${characterId}`,
      headers: bearer(token),
      payload: { agent_id: `pipeline-${characterId}` },
    });
    expect(again.statusCode).toBe(409);
    t.clock.advanceSeconds(VOICE_CALL.connectTimeoutMs / 1000 + VOICE_CALL.endGraceSeconds);
    const second = await start(token, characterId);
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, first.call_id));
    expect(row).toMatchObject({ voiceCallStatus: 'missed', voiceCallDuration: 0 });

    // Connected, the close waits for the allowance from the connect.
    const call = await t.app.voiceCalls.activePipelineCall(user, second.call_id);
    if (!call) throw new Error('no call');
    t.clock.advanceSeconds(5);
    await t.app.voiceCalls.connected(call, t.clock.now());
    expect(waits.at(-1)?.ms).toBe((30 + VOICE_CALL.endGraceSeconds) * 1000);
    t.clock.advanceSeconds(30 + VOICE_CALL.endGraceSeconds);
    waits.at(-1)?.run();
    await t.app.jobs.idle();
    const [closed] = await t.database.db.select().from(messages).where(eq(messages.id, second.call_id));
    expect(closed).toMatchObject({ voiceCallStatus: 'limit_reached', voiceCallDuration: 30 });
  });

  it('another user cannot end a call through the sessions', async () => {
    const { token, characterId } = await newGuest();
    const other = await newGuest();
    const started = await start(token, characterId);
    await expect(
      t.app.voiceCalls.end({ id: started.call_id, userId: other.user.id }, { reason: 'hangup' }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('at start-up: a connected call past its end is closed at the limit; one never connected is missed', async () => {
    const a = await newGuest();
    const b = await newGuest();
    const connectedCall = await start(a.token, a.characterId);
    const neverConnected = await start(b.token, b.characterId);
    const call = await t.app.voiceCalls.activePipelineCall(a.user, connectedCall.call_id);
    if (!call) throw new Error('no call');
    await t.app.voiceCalls.connected(call, t.clock.now());
    t.clock.advanceSeconds(VOICE_CALL.connectTimeoutMs / 1000 + 30 + VOICE_CALL.endGraceSeconds);
    await t.app.voiceCalls.resume();
    const rows = await t.database.db.select().from(messages).where(eq(messages.messageType, 'voice_call'));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(connectedCall.call_id)).toMatchObject({
      voiceCallStatus: 'limit_reached',
      voiceCallDuration: 30,
    });
    expect(byId.get(neverConnected.call_id)).toMatchObject({
      voiceCallStatus: 'missed',
      voiceCallDuration: 0,
    });
    expect(await voiceUsed(a.user.id)).toBe(30);
    expect(await voiceUsed(b.user.id)).toBe(0);
  });

  it('deleting her ends her calls with her chat', async () => {
    const { token, user, characterId } = await newGuest();
    const started = await start(token, characterId);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/characters/${characterId}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(await t.app.voiceCalls.activePipelineCall(user, started.call_id)).toBeNull();
    const rows = await t.database.db.select().from(messages).where(eq(messages.id, started.call_id));
    expect(rows).toHaveLength(0);
  });
});
