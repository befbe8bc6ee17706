import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, listenLocal } from '../../test/http-server.ts';
import { ELEVENLABS_VOICES } from '../tts/elevenlabs.ts';
import type { VoiceChoice } from '../tts/port.ts';
import { createElevenLabsVoiceAgent, elevenLabsVoiceId } from './elevenlabs.ts';
import { type FakeElevenLabs, startFakeElevenLabs } from './fakes/elevenlabs.ts';
import { createVoiceAgentPort } from './index.ts';
import { createPipelineVoiceAgent } from './pipeline.ts';
import { VoiceAgentError, type VoiceAgentSpec } from './port.ts';

const KEY = 'xi-test-key';
const VOICE: VoiceChoice = { gender: 'female', pitch: 0.1, rate: 1, timbre: 2 };
const SPEC: VoiceAgentSpec = {
  characterId: '11111111-1111-4111-8111-111111111111',
  name: 'Алиса · 11111111',
  prompt: 'Ты Алиса.',
  firstMessage: 'Привет!',
  voice: VOICE,
  maxDurationSeconds: 1800,
};
const part = (adapter: string, offline: boolean) => ({ adapter, offline, describe: () => adapter });

let fake: FakeElevenLabs;
beforeAll(async () => {
  fake = await startFakeElevenLabs({ apiKey: KEY });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const agentPort = (overrides: { apiKey?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
  createElevenLabsVoiceAgent({
    baseUrl: overrides.baseUrl ?? fake.baseUrl,
    apiKey: overrides.apiKey ?? KEY,
    llm: 'gemini-2.0-flash',
    ttsModel: 'eleven_flash_v2_5',
    timeoutMs: overrides.timeoutMs ?? 2000,
  });

describe('ElevenLabs agents', () => {
  it('creates an agent, signs a URL for it and reads a conversation’s duration', async () => {
    const port = agentPort();
    expect(port).toMatchObject({ adapter: 'elevenlabs', offline: false, mode: 'elevenlabs' });
    expect(port.describe()).not.toContain(KEY);
    const id = await port.createAgent(SPEC);
    const body = fake.agents.get(id);
    expect(body).toEqual({
      name: SPEC.name,
      conversation_config: {
        agent: {
          first_message: 'Привет!',
          language: 'ru',
          prompt: { prompt: 'Ты Алиса.', llm: 'gemini-2.0-flash', temperature: 0.8 },
        },
        tts: { voice_id: ELEVENLABS_VOICES[2], model_id: 'eleven_flash_v2_5' },
        conversation: { max_duration_seconds: 1800 },
      },
    });
    const url = await port.signedUrl(id);
    expect(url).toMatch(/^wss:\/\//);
    expect(fake.requests.at(-1)?.query.get('agent_id')).toBe(id);
    const startedAt = new Date('2025-10-01T12:00:00Z');
    fake.conversations.set('conv 1', { agentId: id, durationSeconds: 42, startedAt });
    expect(await port.conversation('conv 1')).toEqual({ agentId: id, durationSeconds: 42, startedAt });
    expect(fake.requests.at(-1)?.path).toBe('/v1/convai/conversations/conv%201');
    fake.conversations.set('conv 0', {
      agentId: id,
      durationSeconds: 5,
      startedAt: new Date('2025-10-01T11:00:00Z'),
    });
    expect(await port.conversationsSince(id, new Date('2025-10-01T11:59:00Z'))).toEqual([
      { agentId: id, durationSeconds: 42, startedAt },
    ]);
    const listed = fake.requests.at(-1);
    expect(listed?.query.get('agent_id')).toBe(id);
    expect(listed?.query.get('call_start_after_unix')).toBe(
      String(Date.parse('2025-10-01T11:59:00Z') / 1000),
    );
    for (const request of fake.requests) expect(request.headers['xi-api-key']).toBe(KEY);
    fake.failNext({ status: 200, body: '{"conversations": "none"}' });
    await expect(port.conversationsSince(id, startedAt)).rejects.toMatchObject({ kind: 'bad_response' });
  });

  it('maps her timbre to the same voices as her voice messages, or the configured ones', () => {
    expect(elevenLabsVoiceId({ ...VOICE, timbre: 0 })).toBe(ELEVENLABS_VOICES[0]);
    expect(elevenLabsVoiceId({ ...VOICE, timbre: 5 })).toBe(ELEVENLABS_VOICES[1]);
    expect(elevenLabsVoiceId({ ...VOICE, timbre: 3 }, ['a', 'b'])).toBe('b');
  });

  it('every failure is a VoiceAgentError of its kind; the provider’s words stay inside', async () => {
    const cases: Array<[Parameters<FakeElevenLabs['failNext']>[0], string]> = [
      [{ status: 500 }, 'unavailable'],
      [{ status: 429 }, 'rate_limited'],
      [{ status: 422 }, 'rejected'],
      [{ status: 404 }, 'not_found'],
      [{ status: 200, body: 'not json' }, 'bad_response'],
      [{ status: 200, body: '{"agent_id": "../../etc"}' }, 'bad_response'],
      [{ hang: true }, 'unavailable'],
    ];
    for (const [failure, kind] of cases) {
      fake.failNext(failure);
      const error = await agentPort({ timeoutMs: 300 })
        .createAgent(SPEC)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VoiceAgentError);
      expect((error as VoiceAgentError).kind).toBe(kind);
      expect(String((error as Error).message)).not.toContain('SECRET');
    }
    await expect(agentPort({ apiKey: 'wrong' }).createAgent(SPEC)).rejects.toMatchObject({
      kind: 'rejected',
    });
    fake.failNext({ status: 200, body: '{"signed_url": "javascript:alert(1)"}' });
    await expect(agentPort().signedUrl('agent_x')).rejects.toMatchObject({ kind: 'bad_response' });
    await expect(agentPort().conversation('unknown')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('an unreachable API is unavailable', async () => {
    const closed: LocalServer = await listenLocal(() => {});
    const baseUrl = closed.origin;
    await closed.close();
    await expect(agentPort({ baseUrl }).signedUrl('a')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('our pipeline', () => {
  it('needs nothing remote: her agent id is hers; offline when her words or voice are', async () => {
    const offline = createPipelineVoiceAgent({
      stt: part('offline', true),
      llm: part('offline', true),
      tts: part('espeak-ng', true),
    });
    expect(offline).toMatchObject({ adapter: 'pipeline', mode: 'pipeline', offline: true });
    expect(await offline.createAgent(SPEC)).toBe(`pipeline-${SPEC.characterId}`);
    expect(await offline.signedUrl('x')).toBeNull();
    expect(await offline.conversation('x')).toBeNull();
    expect(await offline.conversationsSince('x', new Date())).toBeNull();
    expect(offline.describe()).toMatch(/^voice calls: OFFLINE our own pipeline/);
    const real = createPipelineVoiceAgent({
      stt: part('openai', false),
      llm: part('openai', false),
      tts: part('elevenlabs', false),
    });
    expect(real.offline).toBe(false);
    expect(real.describe()).toContain('speech-to-text openai');
  });

  it('the config picks: ElevenLabs with its settings, else the pipeline', () => {
    const parts = { stt: part('offline', true), llm: part('offline', true), tts: part('espeak-ng', true) };
    expect(
      createVoiceAgentPort({ voiceCall: { provider: 'pipeline', elevenlabs: undefined } }, parts).mode,
    ).toBe('pipeline');
    const eleven = createVoiceAgentPort(
      {
        voiceCall: {
          provider: 'elevenlabs',
          elevenlabs: {
            baseUrl: fake.baseUrl,
            apiKey: KEY,
            llm: 'x',
            ttsModel: 'y',
            voices: undefined,
            timeoutMs: 1000,
          },
        },
      },
      parts,
    );
    expect(eleven.mode).toBe('elevenlabs');
  });
});
