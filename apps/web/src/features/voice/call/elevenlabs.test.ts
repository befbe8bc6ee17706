import { VOICE_CALL_TEXTS } from '@podruga/shared';
import { describe, expect, it, vi } from 'vitest';
import { ElevenLabsSession, type StartElevenLabs } from './elevenlabs.ts';
import { CallError, type CallSessionEvents } from './session.ts';

type Options = Parameters<StartElevenLabs>[0];

function events() {
  return {
    onConnect: vi.fn<CallSessionEvents['onConnect']>(),
    onDisconnect: vi.fn<CallSessionEvents['onDisconnect']>(),
    onError: vi.fn<CallSessionEvents['onError']>(),
    onModeChange: vi.fn<CallSessionEvents['onModeChange']>(),
    onUserTranscript: vi.fn<CallSessionEvents['onUserTranscript']>(),
    onAgentResponse: vi.fn<CallSessionEvents['onAgentResponse']>(),
  };
}

function fakeStart() {
  let options: Options | null = null;
  const endSession = vi.fn(async () => {});
  const start = vi.fn<StartElevenLabs>(async (o) => {
    options = o;
    o.onConnect({ conversationId: 'conv-1' });
    return { endSession };
  });
  return {
    start,
    endSession,
    options: () => {
      if (!options) throw new Error('not started');
      return options;
    },
  };
}

describe('the ElevenLabs session (001 §4 events from @elevenlabs/client)', () => {
  it('starts with the signed URL over a websocket, worklets from this origin, and maps the callbacks', async () => {
    const fake = fakeStart();
    const e = events();
    const session = new ElevenLabsSession('wss://api.example.test/convai?token=x', fake.start);
    await session.start(e);
    const o = fake.options();
    expect(o).toMatchObject({
      signedUrl: 'wss://api.example.test/convai?token=x',
      connectionType: 'websocket',
    });
    expect(o.workletPaths.rawAudioProcessor).toMatch(/rawAudioProcessor/);
    expect(e.onConnect).toHaveBeenCalled();
    expect(session.conversationId()).toBe('conv-1');

    o.onModeChange({ mode: 'speaking' });
    o.onMessage({ role: 'user', message: 'Привет' });
    o.onMessage({ role: 'agent', message: 'Привет, милый' });
    o.onModeChange({ mode: 'listening' });
    expect(e.onModeChange.mock.calls).toEqual([['speaking'], ['thinking'], ['listening']]);
    expect(e.onUserTranscript).toHaveBeenCalledWith('Привет');
    expect(e.onAgentResponse).toHaveBeenCalledWith('Привет, милый');

    o.onDisconnect({ reason: 'agent' });
    expect(e.onDisconnect).toHaveBeenCalledWith({});
  });

  it('an error is the client’s text, else «Ошибка соединения»; our own end is no event', async () => {
    const fake = fakeStart();
    const e = events();
    const session = new ElevenLabsSession('wss://x', fake.start);
    await session.start(e);
    fake.options().onError('');
    expect(e.onError).toHaveBeenCalledWith(VOICE_CALL_TEXTS.connectionError);
    expect(fake.endSession).toHaveBeenCalledTimes(1);

    const other = fakeStart();
    const e2 = events();
    const s2 = new ElevenLabsSession('wss://x', other.start);
    await s2.start(e2);
    await s2.end();
    await s2.end();
    other.options().onDisconnect({ reason: 'user' });
    expect(other.endSession).toHaveBeenCalledTimes(1);
    expect(e2.onDisconnect).not.toHaveBeenCalled();
    expect(e2.onError).not.toHaveBeenCalled();
  });

  it('a refused microphone or a failed connection rejects with 001 §8’s text', async () => {
    const denied = vi.fn<StartElevenLabs>(async () => {
      throw Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    });
    await expect(new ElevenLabsSession('wss://x', denied).start(events())).rejects.toBeInstanceOf(CallError);
    const broken = vi.fn<StartElevenLabs>(async () => {
      throw new Error('socket closed');
    });
    await expect(new ElevenLabsSession('wss://x', broken).start(events())).rejects.toEqual(
      new CallError(VOICE_CALL_TEXTS.connectFailed),
    );
  });
});
