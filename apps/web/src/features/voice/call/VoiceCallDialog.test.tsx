import {
  AI_MARK,
  aiDisclosure,
  CRISIS_PAGE_PATH,
  type Message,
  VOICE_CALL,
  VOICE_CALL_TEXTS,
  type VoiceCallEnd,
  type VoiceCallMode,
  type VoiceCallStarted,
} from '@podruga/shared';
import { fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/api.ts';
import { act, render, screen, waitFor } from '../../../test/render.tsx';
import { storedMessage } from '../../chat/testing.ts';
import type { CallDeps } from './controller.ts';
import { CallError, type CallSession, type CallSessionEvents } from './session.ts';
import { VoiceCallDialog } from './VoiceCallDialog.tsx';

const CHARACTER = 'char-1';
const AGENT = 'agent-1';

function entry(status: string, duration: number | null = null): Message {
  return storedMessage({
    id: 'call-msg',
    message_type: 'voice_call',
    voice_call_status: status,
    voice_call_duration: duration,
  });
}

function startedAnswer(over: Partial<VoiceCallStarted> = {}): VoiceCallStarted {
  return {
    call_id: 'call-1',
    chat_id: 'c1',
    mode: 'pipeline',
    signed_url: null,
    stt: 'server',
    remaining_seconds: 30,
    message: entry('active'),
    ...over,
  };
}

/** A call session the test drives: it connects, speaks and breaks when told. */
function fakeSession(mode: VoiceCallMode = 'pipeline') {
  let events: CallSessionEvents | null = null;
  const session: CallSession & { start: ReturnType<typeof vi.fn>; end: ReturnType<typeof vi.fn> } = {
    mode,
    start: vi.fn(async (e: CallSessionEvents) => {
      events = e;
    }),
    end: vi.fn(async () => {}),
    conversationId: () => (mode === 'elevenlabs' ? 'conv-7' : null),
  };
  return {
    session,
    events: () => {
      if (!events) throw new Error('the session was not started');
      return events;
    },
  };
}

interface Setup {
  touch?: boolean;
  started?: () => Promise<VoiceCallStarted>;
  sessions?: CallSession[];
  microphone?: () => Promise<MediaStream>;
  plus?: boolean;
}

function show({
  touch = false,
  started = async () => startedAnswer(),
  sessions = [fakeSession().session],
  microphone,
  plus = false,
}: Setup = {}) {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  const ends: VoiceCallEnd[] = [];
  const queue = [...sessions];
  const deps: Partial<CallDeps> = {
    api: {
      start: vi.fn(async () => started()),
      end: vi.fn(async (_id: string, body: VoiceCallEnd) => {
        ends.push(body);
        return { message: entry(body.reason === 'limit' ? 'limit_reached' : 'completed', 12) };
      }),
    },
    createSession: vi.fn(() => {
      const next = queue.shift();
      if (!next) throw new Error('no more sessions');
      return next;
    }),
    openMicrophone: microphone ?? (async () => stream),
    primeAudio: () => null,
    isPlus: () => plus,
    openPaywall: vi.fn(),
  };
  const onClose = vi.fn();
  const onEntry = vi.fn();
  const onError = vi.fn();
  const view = render(
    <VoiceCallDialog
      opened
      onClose={onClose}
      agentId={AGENT}
      characterId={CHARACTER}
      characterName="Алиса"
      characterAvatar="/pics/alisa.webp"
      onEntry={onEntry}
      onError={onError}
      touch={touch}
      deps={deps}
    />,
  );
  return { ...view, deps, ends, onClose, onEntry, onError, track };
}

const status = () => screen.getByTestId('call-status').textContent;
const transcript = () => screen.getByTestId('call-transcript').textContent;
const button = (name: string) => screen.getByRole('button', { name });

afterEach(() => vi.useRealTimers());

describe('the voice call dialog (001 §2, §4)', () => {
  it('on a desktop calls at once: her avatar and name, connecting, then listening with the time left', async () => {
    const { session, events } = fakeSession();
    const { deps, onEntry } = show({ sessions: [session] });
    expect(screen.getByRole('img', { name: 'Алиса' })).toHaveProperty(
      'src',
      expect.stringContaining('alisa'),
    );
    expect(screen.getByText('Алиса')).toBeTruthy();
    await waitFor(() => expect(session.start).toHaveBeenCalled());
    expect(deps.api?.start).toHaveBeenCalledWith(CHARACTER, AGENT);
    expect(status()).toBe(VOICE_CALL_TEXTS.connecting);
    expect(onEntry).toHaveBeenCalledWith(expect.objectContaining({ voice_call_status: 'active' }));
    expect(button(VOICE_CALL_TEXTS.hangUp)).toBeTruthy();

    // Her greeting may start before the session calls itself connected: the turn is kept.
    act(() => events().onModeChange('speaking'));
    act(() => events().onConnect({ remainingSeconds: 28 }));
    expect(status()).toBe(VOICE_CALL_TEXTS.speaking);
    act(() => events().onModeChange('listening'));
    expect(status()).toBe(VOICE_CALL_TEXTS.listening);
    expect(screen.getByRole('timer', { name: 'Осталось времени' }).textContent).toBe('0:28');
    act(() => events().onModeChange('thinking'));
    expect(status()).toBe(VOICE_CALL_TEXTS.thinking);
    act(() => events().onModeChange('speaking'));
    expect(status()).toBe(VOICE_CALL_TEXTS.speaking);
    expect(document.querySelector('[data-turn="speaking"]')).not.toBeNull();
  });

  it('beside her name, the «ИИ» mark says her voice and answers are made by an AI; Escape closes only it (issue 27)', async () => {
    const { user, onClose } = show({ touch: true });
    // The dialog's focus trap places the focus first (as it does the moment a call opens).
    await waitFor(() => expect(document.activeElement?.closest('[role="dialog"]')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: AI_MARK.label }));
    const note = screen.getByRole('note');
    expect(note.textContent).toContain(aiDisclosure('Алиса', 'call'));
    const link = screen.getByRole('link', { name: AI_MARK.helpLink });
    expect(link.getAttribute('href')).toBe(CRISIS_PAGE_PATH);
    // The call goes on: the page opens in a new tab.
    expect(link.getAttribute('target')).toBe('_blank');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('note')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('on a touch device waits for «Позвонить»', async () => {
    const { session } = fakeSession();
    const { deps, user } = show({ touch: true, sessions: [session] });
    expect(status()).toBe('');
    expect(deps.api?.start).not.toHaveBeenCalled();
    await user.click(button(VOICE_CALL_TEXTS.start));
    await waitFor(() => expect(session.start).toHaveBeenCalled());
    expect(deps.api?.start).toHaveBeenCalledTimes(1);
  });

  it('shows the last transcript line for 3 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const { session, events } = fakeSession();
    show({ sessions: [session] });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    act(() => events().onConnect({}));
    act(() => events().onAgentResponse('Привет, милый! Я так ждала звонка.'));
    expect(transcript()).toBe('Привет, милый! Я так ждала звонка.');
    act(() => vi.advanceTimersByTime(2000));
    act(() => events().onUserTranscript('Привет, как дела?'));
    expect(transcript()).toBe('Привет, как дела?');
    act(() => vi.advanceTimersByTime(VOICE_CALL.transcriptDisplayMs - 1));
    expect(transcript()).toBe('Привет, как дела?');
    act(() => vi.advanceTimersByTime(1));
    expect(transcript()).toBe('');
  });

  it('a connection that fails shows the error, ends the call as missed, and «Попробовать снова» calls again', async () => {
    const first = fakeSession();
    first.session.start.mockRejectedValueOnce(new CallError(VOICE_CALL_TEXTS.connectFailed));
    const second = fakeSession();
    const { deps, ends, user, onError } = show({ sessions: [first.session, second.session] });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', VOICE_CALL_TEXTS.connectFailed);
    expect(status()).toBe(VOICE_CALL_TEXTS.connectionError);
    expect(onError).toHaveBeenCalledWith(VOICE_CALL_TEXTS.connectFailed);
    await waitFor(() => expect(ends).toEqual([{ reason: 'missed' }]));

    await user.click(button(VOICE_CALL_TEXTS.retry));
    await waitFor(() => expect(second.session.start).toHaveBeenCalled());
    act(() => second.events().onConnect({ remainingSeconds: 20 }));
    expect(status()).toBe(VOICE_CALL_TEXTS.listening);
    expect(deps.api?.start).toHaveBeenCalledTimes(2);
  });

  it('an error in a call ends it with the reason error and its text', async () => {
    const { session, events } = fakeSession();
    const { ends, onEntry } = show({ sessions: [session] });
    await waitFor(() => expect(session.start).toHaveBeenCalled());
    act(() => events().onConnect({}));
    act(() => events().onError(VOICE_CALL_TEXTS.connectionError));
    expect(screen.getByRole('alert').textContent).toBe(VOICE_CALL_TEXTS.connectionError);
    expect(button(VOICE_CALL_TEXTS.retry)).toBeTruthy();
    await waitFor(() => expect(ends).toEqual([{ reason: 'error', error: VOICE_CALL_TEXTS.connectionError }]));
    expect(session.end).toHaveBeenCalled();
    await waitFor(() =>
      expect(onEntry).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'call-msg' })),
    );
  });

  it('the microphone refused on iOS: the way to Safari’s settings, and no call is started', async () => {
    const { deps } = show({
      microphone: async () => {
        throw new CallError(VOICE_CALL_TEXTS.iosMicDenied);
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(VOICE_CALL_TEXTS.iosMicDenied);
    expect(deps.api?.start).not.toHaveBeenCalled();
  });

  it('429 voice_limit: the day’s calls are spent, and the paywall for a user without Plus', async () => {
    const limit = () =>
      Promise.reject(apiError(429, { detail: VOICE_CALL_TEXTS.limitReached, code: 'voice_limit' }));
    const free = show({ started: limit });
    expect((await screen.findByRole('alert')).textContent).toBe(VOICE_CALL_TEXTS.limitReached);
    expect(free.deps.openPaywall).toHaveBeenCalledTimes(1);
    expect(free.track.stop).toHaveBeenCalled();
    // Nothing to try again today: close, or more minutes with Plus.
    expect(screen.queryByRole('button', { name: VOICE_CALL_TEXTS.retry })).toBeNull();
    expect(screen.getByRole('link', { name: VOICE_CALL_TEXTS.moreMinutes }).getAttribute('href')).toBe(
      '/plus',
    );
    free.unmount();

    const plus = show({ started: limit, plus: true });
    expect((await screen.findByRole('alert')).textContent).toBe(VOICE_CALL_TEXTS.limitReached);
    expect(plus.deps.openPaywall).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: VOICE_CALL_TEXTS.moreMinutes })).toBeNull();
    expect(screen.queryByRole('button', { name: VOICE_CALL_TEXTS.retry })).toBeNull();
  });

  it('counts the time down, warns near the end, and hangs up at 0 with the reason limit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const { session, events } = fakeSession();
    const { ends, onEntry } = show({
      sessions: [session],
      started: async () => startedAnswer({ remaining_seconds: 12 }),
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    act(() => events().onConnect({ remainingSeconds: 12 }));
    const timer = () => screen.getByRole('timer', { name: 'Осталось времени' }).textContent;
    expect(timer()).toBe('0:12');
    expect(screen.queryByText(VOICE_CALL_TEXTS.endsSoon)).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(timer()).toBe('0:10');
    expect(screen.getByText(VOICE_CALL_TEXTS.endsSoon)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(session.end).toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(VOICE_CALL_TEXTS.endedAtLimit);
    expect(screen.queryByRole('button', { name: VOICE_CALL_TEXTS.start })).toBeNull();
    expect(ends).toEqual([{ reason: 'limit' }]);
    expect(onEntry).toHaveBeenLastCalledWith(expect.objectContaining({ voice_call_status: 'limit_reached' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(ends).toHaveLength(1);
  });

  it('«Завершить звонок» ends it once, with the conversation and its length for ElevenLabs, and closes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const { session, events } = fakeSession('elevenlabs');
    const { ends, onClose, onEntry } = show({
      sessions: [session],
      started: async () => startedAnswer({ mode: 'elevenlabs', signed_url: 'wss://example.test/x' }),
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    act(() => events().onConnect({}));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(7000);
    });
    fireEvent.click(button(VOICE_CALL_TEXTS.hangUp));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(session.end).toHaveBeenCalled();
    expect(ends).toEqual([{ reason: 'hangup', conversation_id: 'conv-7', duration_seconds: 7 }]);
    expect(onEntry).toHaveBeenLastCalledWith(expect.objectContaining({ voice_call_status: 'completed' }));
  });

  it('closing the dialog hangs up once; a call the server ended is not ended again', async () => {
    const first = fakeSession();
    const closing = show({ sessions: [first.session] });
    await waitFor(() => expect(first.session.start).toHaveBeenCalled());
    act(() => first.events().onConnect({}));
    await closing.user.click(screen.getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(closing.ends).toEqual([{ reason: 'hangup' }]));
    closing.unmount();
    expect(closing.ends).toHaveLength(1);

    const second = fakeSession();
    const ended = show({ sessions: [second.session] });
    await waitFor(() => expect(second.session.start).toHaveBeenCalled());
    act(() => second.events().onConnect({}));
    act(() => second.events().onDisconnect({ entry: entry('limit_reached', 30), limit: true }));
    expect(screen.getByRole('alert').textContent).toBe(VOICE_CALL_TEXTS.endedAtLimit);
    expect(ended.onEntry).toHaveBeenLastCalledWith(
      expect.objectContaining({ voice_call_status: 'limit_reached' }),
    );
    ended.unmount();
    expect(ended.ends).toEqual([]);
  });
});
