import type { VoiceCallEndReason, VoiceCallTurn, VoiceServerToClientEvents } from '@podruga/shared';
import type { UserRow } from '../../../db/schema/index.ts';
import type { Logger } from '../../../logger.ts';
import type { ChatTurn, LlmPort } from '../../../providers/llm/port.ts';
import { LlmError } from '../../../providers/llm/port.ts';
import { STT_ERROR_MESSAGES, SttError, type SttPort } from '../../../providers/stt/port.ts';
import type { TtsPort } from '../../../providers/tts/port.ts';
import { TtsError } from '../../../providers/tts/port.ts';
import { pcmWav } from '../../../providers/wav.ts';
import { nextSafetyRefusal } from '../../messages/messages.texts.ts';
import { replyWindow } from '../../messages/send/reply.ts';
import { type ChatContext, replay, TURN_WINDOW } from '../../safety/conversation.ts';
import type { GuardVerdict, SafetyLayer, SafetyService } from '../../safety/safety.service.ts';
import type { SafetyTurn } from '../../safety/turns.ts';
import { speakableText } from '../../speech/listen.service.ts';
import type { ActiveCall, CallConversation, VoiceCallSessions } from '../types.ts';
import { SentenceSplitter } from './sentences.ts';
import type { TurnDetector } from './vad.ts';

/** What the pipeline says itself (the call's own texts are VOICE_CALL_TEXTS). */
export const PIPELINE_TEXTS = {
  notAuthenticated: 'Требуется авторизация',
  notFound: 'Звонок не найден или уже завершён',
  busy: 'На этом соединении уже идёт звонок',
  /** Her answer could not be made (the model failed). */
  replyFailed: 'Не получилось ответить. Скажи, пожалуйста, ещё раз.',
  failed: 'Что-то пошло не так. Попробуй сказать ещё раз.',
  /** The server has no speech-to-text: the browser's recognition sends text instead of audio. */
  noServerStt: 'Распознавание речи на сервере недоступно',
  textTooLong: 'Слишком длинная фраза',
} as const;

/** The slice of the safety service the pipeline uses (as the chat's send pipeline does). */
export type CallSafety = Pick<
  SafetyService,
  'checkTurn' | 'crisis' | 'refer' | 'rules' | 'checkReply' | 'replyCut' | 'moderated'
>;

export interface CallRunnerDeps {
  calls: VoiceCallSessions;
  stt: SttPort;
  llm: LlmPort;
  tts: TtsPort;
  safety: CallSafety;
  log: Logger;
  sampleRate: number;
  maxFailures: number;
  maxReplyChars: number;
  maxCallTurns: number;
  maxUtteranceMs: number;
  now: () => Date;
}

/** What the runner sends to its socket (absent while the user is away within the grace). */
export interface CallOutput {
  emit<E extends keyof VoiceServerToClientEvents>(
    event: E,
    ...args: Parameters<VoiceServerToClientEvents[E]>
  ): unknown;
}

/** What a turn answers: the user's text (browser recognition) or their utterance's PCM, after `prefix`. */
interface TurnInput {
  prefix: string;
  text?: string;
  pcm?: Buffer;
}

interface Turn {
  no: number;
  controller: AbortController;
  input: TurnInput;
  /** The user's text once known. */
  heard?: string;
  /** The sentences she has been sent (what she said, if interrupted). */
  said: string[];
  /** A refusal: nothing of it is context. */
  refused: boolean;
}

/** How long her audio plays, so a barge-in is noticed while the client still plays it. */
function playbackMs(audio: Buffer, contentType: string): number {
  if (contentType === 'audio/wav' && audio.length >= 44 && audio.toString('latin1', 0, 4) === 'RIFF') {
    const byteRate = audio.readUInt32LE(28);
    return byteRate ? ((audio.length - 44) / byteRate) * 1000 : 0;
  }
  // MPEG at the services' 128 kbit/s.
  return (audio.length / 16_000) * 1000;
}

/**
 * One call in the pipeline: her greeting, the user's turns (utterances or recognised text), her answers
 * spoken sentence by sentence, barge-in, failures, and its end. The call's turns are kept here in memory
 * only, never stored ("звонки мы не записываем").
 */
export class CallRunner {
  output: CallOutput | undefined;
  ended = false;
  private ending: Promise<void> | undefined;
  private mode: VoiceCallTurn = 'listening';
  private turnNo = 0;
  private current: Turn | undefined;
  /** The words of a turn interrupted before she said anything: they start the next one. */
  private carry: TurnInput | undefined;
  private readonly turns: ChatTurn[] = [];
  private failures = 0;
  private lastRefusal: string | undefined;
  /** When her last audio sent should stop playing on the client (ms since the epoch), and its turn. */
  private playingUntil = 0;
  private lastSpokenTurn = 0;
  private limitTimer: NodeJS.Timeout | undefined;
  private graceTimer: NodeJS.Timeout | undefined;
  private readonly tasks = new Set<Promise<void>>();

  constructor(
    readonly call: ActiveCall,
    readonly user: UserRow,
    private readonly conversation: CallConversation,
    readonly connectedAt: Date,
    private readonly allowedMs: number,
    private readonly detector: TurnDetector | undefined,
    private readonly deps: CallRunnerDeps,
    private readonly onEnd: (runner: CallRunner) => void,
  ) {
    this.limitTimer = setTimeout(() => void this.end('limit'), Math.min(allowedMs, 2 ** 31 - 1));
  }

  /** Seconds left until the limit ends the call. */
  remainingSeconds(): number {
    const left = this.allowedMs - (this.deps.now().getTime() - this.connectedAt.getTime());
    return Math.max(0, Math.ceil(left / 1000));
  }

  get turnMode(): VoiceCallTurn {
    return this.mode;
  }

  /** Her first words: the greeting as transcript and audio. */
  greet(): void {
    const turn = this.begin({ prefix: '' });
    this.track(this.speakGreeting(turn));
  }

  /** The user's socket is back (a reload, a blip): the grace ends. */
  attach(output: CallOutput): void {
    clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
    this.output = output;
  }

  /** The socket left: her turn stops (nobody hears it) and the call ends unless it comes back in time. */
  detach(graceMs: number): void {
    this.output = undefined;
    this.interrupt(false);
    this.detector?.reset();
    this.carry = undefined;
    clearTimeout(this.graceTimer);
    this.graceTimer = setTimeout(() => void this.end('hangup'), graceMs);
  }

  /** Microphone PCM (16-bit LE, whole samples). */
  hear(pcm: Buffer): void {
    if (this.ended || !this.detector) return;
    // A copy: the socket's Buffer may sit at an odd offset of a shared pool.
    const samples = new Int16Array(Uint8Array.from(pcm).buffer);
    for (const event of this.detector.push(samples)) {
      if (event.type === 'speech') this.interrupt(true);
      else {
        this.interrupt(true);
        this.startTurn({ prefix: '', pcm: event.pcm });
      }
    }
  }

  /** A finished utterance from the browser's recognition. */
  heardText(text: string): void {
    if (this.ended) return;
    this.interrupt(true);
    this.startTurn({ prefix: '', text });
  }

  /**
   * Barge-in: her turn under way (thinking or speaking) is stopped, or her audio still playing is;
   * `voice:interrupted` tells the client which turn to silence. A turn she had not yet spoken in hands
   * its words to the next (a pause mid-sentence is not a new question).
   */
  interrupt(announce: boolean): void {
    const turn = this.current;
    if (turn) {
      turn.controller.abort();
      this.current = undefined;
      if (turn.said.length) {
        if (!turn.refused && turn.heard) this.remember(turn.heard, `${turn.said.join(' ')}…`);
      } else if (!turn.refused && (turn.heard || turn.input.text || turn.input.pcm)) {
        this.carry = turn.heard !== undefined ? { prefix: turn.heard } : turn.input;
      }
      if (announce) this.say('voice:interrupted', { turn: turn.no });
      this.playingUntil = 0;
      this.setMode('listening');
      return;
    }
    if (this.playingUntil > Date.now()) {
      this.playingUntil = 0;
      if (announce) this.say('voice:interrupted', { turn: this.lastSpokenTurn });
    }
  }

  /** Ends the call once: `calls.end`, then `voice:ended` to the socket if it is there. */
  end(reason: Exclude<VoiceCallEndReason, 'missed'>, error?: string): Promise<void> {
    if (this.ending) return this.ending;
    this.ended = true;
    clearTimeout(this.limitTimer);
    clearTimeout(this.graceTimer);
    this.interrupt(false);
    this.detector?.close();
    this.onEnd(this);
    const output = this.output;
    this.ending = (async () => {
      try {
        const result = await this.deps.calls.end(this.call, {
          reason,
          connectedAt: this.connectedAt,
          endedAt: this.deps.now(),
          ...(error ? { error } : {}),
        });
        output?.emit('voice:ended', { call_id: this.call.id, ...result });
      } catch (err) {
        this.deps.log.error({ err, callId: this.call.id, reason }, 'voice pipeline: ending the call failed');
        output?.emit('voice:error', { call_id: this.call.id, message: PIPELINE_TEXTS.failed });
      }
      await Promise.allSettled([...this.tasks]);
    })();
    return this.ending;
  }

  private say<E extends keyof VoiceServerToClientEvents>(
    event: E,
    payload: Omit<Parameters<VoiceServerToClientEvents[E]>[0], 'call_id'>,
  ): void {
    const args = [{ call_id: this.call.id, ...payload }] as unknown as Parameters<
      VoiceServerToClientEvents[E]
    >;
    this.output?.emit(event, ...args);
  }

  private setMode(mode: VoiceCallTurn): void {
    if (this.mode === mode || this.ended) return;
    this.mode = mode;
    this.say('voice:turn', { mode });
  }

  private track(task: Promise<void>): void {
    const done = task.finally(() => this.tasks.delete(done));
    this.tasks.add(done);
  }

  private begin(input: TurnInput): Turn {
    const turn: Turn = {
      no: ++this.turnNo,
      controller: new AbortController(),
      input,
      said: [],
      refused: false,
    };
    this.current = turn;
    return turn;
  }

  private startTurn(input: TurnInput): void {
    const carry = this.carry;
    this.carry = undefined;
    if (carry) {
      const prefix = [carry.prefix, carry.text].filter(Boolean).join(' ');
      input.prefix = [prefix, input.prefix].filter(Boolean).join(' ');
      if (carry.pcm && input.pcm) {
        const room = Math.max(
          0,
          (this.deps.maxUtteranceMs / 1000) * this.deps.sampleRate * 2 - input.pcm.length,
        );
        input.pcm = Buffer.concat([carry.pcm.subarray(Math.max(0, carry.pcm.length - room)), input.pcm]);
      }
    }
    const turn = this.begin(input);
    this.setMode('thinking');
    this.track(this.runTurn(turn));
  }

  private live(turn: Turn): boolean {
    return this.current === turn && !turn.controller.signal.aborted && !this.ended;
  }

  private async speakGreeting(turn: Turn): Promise<void> {
    const text = speakableText(this.conversation.greeting, this.deps.maxReplyChars);
    try {
      if (text) await this.speak(turn, text);
      if (this.live(turn)) this.remember(undefined, this.conversation.greeting);
    } catch (error) {
      if (this.live(turn)) this.fail(error);
    } finally {
      this.finishTurn(turn);
    }
  }

  private finishTurn(turn: Turn): void {
    if (this.current !== turn) return;
    this.current = undefined;
    this.setMode('listening');
  }

  private async runTurn(turn: Turn): Promise<void> {
    const { deps } = this;
    const signal = turn.controller.signal;
    try {
      let text = turn.input.text ?? '';
      if (turn.input.pcm) {
        text = await this.transcribe(turn.input.pcm, signal);
        if (!this.live(turn)) return;
      }
      text = [turn.input.prefix, text].filter(Boolean).join(' ').trim();
      if (!text) return;
      turn.heard = text;
      this.say('voice:transcript', { role: 'user', text });

      const context = this.safetyContext();
      // The crisis protocol before anything else (issue 27): her spoken answer steps out of the call's
      // role with the help lines.
      const crisis = deps.safety.crisis(text, context.turns);
      if (crisis.crisis) {
        await this.answerCrisis(turn, text, crisis.kind ?? 'ideation', 'rules');
        return;
      }
      const { verdict, guard } = await deps.safety.checkTurn(this.user.id, {
        text,
        entry: 'chat',
        turns: context.turns,
        scene: context.scene,
      });
      if (!this.live(turn)) return;
      if (!verdict.ok) {
        // Her in-character refusal, spoken; the model is never asked, and none of it is context.
        turn.refused = true;
        await this.speak(turn, this.nextRefusal());
        return;
      }
      await this.answer(turn, text, context, guard);
      if (this.live(turn)) this.failures = 0;
    } catch (error) {
      if (this.live(turn)) this.fail(error);
    } finally {
      this.finishTurn(turn);
    }
  }

  /** The utterance as text; '' when the recogniser heard no words (noise is not a failure). */
  private async transcribe(pcm: Buffer, signal: AbortSignal): Promise<string> {
    try {
      const result = await this.deps.stt.transcribe({
        audio: pcmWav(pcm, this.deps.sampleRate),
        contentType: 'audio/wav',
        language: 'ru',
        signal,
      });
      return result.text.trim();
    } catch (error) {
      if (error instanceof SttError && error.kind === 'no_speech') return '';
      throw error;
    }
  }

  /**
   * Her answer: streamed from the model, spoken sentence by sentence as it comes. Her words are read
   * with her as the speaker; the guard's verdict on the user's turn (when one is configured) is awaited
   * before her first sentence is spoken — it is asked while the model starts.
   */
  private async answer(
    turn: Turn,
    text: string,
    context: ChatContext,
    guard?: Promise<GuardVerdict>,
  ): Promise<void> {
    const { deps, conversation } = this;
    const judging = guard?.catch((): GuardVerdict => ({}));
    const stop = new AbortController();
    const signal = AbortSignal.any([turn.controller.signal, stop.signal]);
    const splitter = new SentenceSplitter();
    let speaking: Promise<void> = Promise.resolve();
    let failed: unknown;
    let chars = 0;
    let done = false;

    /** Queues a sentence; false once her reply has reached its length or was cut. */
    const queue = (sentence: string): boolean => {
      if (done) return false;
      const clean = speakableText(sentence, deps.maxReplyChars);
      if (!clean) return true;
      if (chars > 0 && chars + clean.length > deps.maxReplyChars) {
        done = true;
        return false;
      }
      const sofar = [...turn.said, clean].join(' ');
      const ruled = deps.safety.rules({
        text: replyWindow(sofar),
        entry: 'chat',
        speaker: 'her',
        turns: context.turns,
        scene: context.scene,
        transient: true,
      });
      let line = clean;
      if (!ruled.ok) {
        deps.safety.replyCut(this.user.id, this.call.chatId, ruled, 'rules');
        turn.refused = true;
        line = this.nextRefusal();
        done = true;
      }
      chars += line.length;
      if (chars >= deps.maxReplyChars) done = true;
      // The moderation service (when there is one) reads her reply so far while the sentence is synthesized.
      const moderated = deps.safety.moderated && ruled.ok ? deps.safety.checkReply(sofar) : undefined;
      moderated?.catch(() => {});
      speaking = speaking.then(async () => {
        if (failed || !this.live(turn)) return;
        try {
          const judged = judging ? await judging : undefined;
          if (judged?.refused || judged?.crisis) {
            done = true;
            stop.abort();
            if (judged.refused) {
              turn.refused = true;
              await this.speak(turn, this.nextRefusal());
            } else await this.answerCrisis(turn, text, 'self_harm', 'moderation');
            return;
          }
          const verdict = moderated ? await moderated : undefined;
          if (verdict && !verdict.ok) {
            deps.safety.replyCut(this.user.id, this.call.chatId, verdict, 'moderation');
            turn.refused = true;
            done = true;
            stop.abort();
            await this.speak(turn, this.nextRefusal());
            return;
          }
          await this.speak(turn, line);
        } catch (error) {
          failed ??= error;
          stop.abort();
        }
      });
      return !done;
    };

    try {
      const stream = deps.llm.stream({
        messages: [
          ...conversation.system,
          ...conversation.history,
          ...this.turns,
          { role: 'user', content: text },
        ],
        persona: conversation.persona,
        signal,
      });
      reading: for await (const delta of stream) {
        if (!this.live(turn) || failed) break;
        for (const sentence of splitter.push(delta)) if (!queue(sentence)) break reading;
      }
      if (!done) for (const sentence of splitter.flush()) queue(sentence);
    } catch (error) {
      // Stopped by us (the length, a cut, a failed sentence): not the model's failure.
      if (!(error instanceof LlmError && error.kind === 'aborted' && stop.signal.aborted)) failed ??= error;
    } finally {
      stop.abort();
    }
    await speaking;
    if (!this.live(turn)) return;
    if (failed) throw failed;
    if (!turn.refused) this.remember(text, turn.said.join(' '));
  }

  /** One sentence: synthesized in her voice, then sent with its transcript line. */
  private async speak(turn: Turn, text: string): Promise<void> {
    const signal = turn.controller.signal;
    const speech = await this.deps.tts.synthesize({ text, voice: this.conversation.voice, signal });
    if (!this.live(turn)) return;
    this.say('voice:transcript', { role: 'agent', text });
    this.setMode('speaking');
    this.say('voice:audio', {
      turn: turn.no,
      seq: turn.said.length,
      audio: speech.audio,
      content_type: speech.contentType,
    });
    turn.said.push(text);
    this.lastSpokenTurn = turn.no;
    this.playingUntil =
      Math.max(Date.now(), this.playingUntil) + playbackMs(speech.audio, speech.contentType);
  }

  private nextRefusal(): string {
    this.lastRefusal = nextSafetyRefusal(this.lastRefusal);
    return this.lastRefusal;
  }

  /** The call's own turns, for the next prompt (bounded). */
  private remember(user: string | undefined, agent: string): void {
    if (user) this.turns.push({ role: 'user', content: user });
    if (agent) this.turns.push({ role: 'assistant', content: agent });
    if (this.turns.length > this.deps.maxCallTurns)
      this.turns.splice(0, this.turns.length - this.deps.maxCallTurns);
  }

  /** The safety context of the call: the chat's recent turns, then the call's, and their scene. */
  private safetyContext(): ChatContext {
    const turns: SafetyTurn[] = [...this.conversation.history, ...this.turns]
      .filter((turn) => (turn.role === 'user' || turn.role === 'assistant') && turn.content.trim())
      .map((turn) => ({ role: turn.role as SafetyTurn['role'], text: turn.content }))
      .slice(-TURN_WINDOW);
    return replay(turns);
  }

  /**
   * Her crisis reply, spoken (issue 27): out of the role with the help lines, a paragraph at a time (its
   * spoken form has no addresses); the referral is counted. It joins the call's turns, so she knows.
   */
  private async answerCrisis(turn: Turn, text: string, kind: string, layer: SafetyLayer): Promise<void> {
    const reply = await this.deps.safety.refer({
      entry: 'voice_call',
      kind,
      layer,
      text,
      companionName: this.conversation.character.name,
    });
    for (const part of reply.spoken.split(/\n+/)) {
      const spoken = speakableText(part, part.length + 1);
      if (spoken && this.live(turn)) await this.speak(turn, spoken);
    }
    turn.refused = true;
    this.remember(text, reply.text);
  }

  /** A failed turn: `voice:error`, and the call goes on, unless it failed `maxFailures` times in a row. */
  private fail(error: unknown): void {
    const message =
      error instanceof SttError
        ? STT_ERROR_MESSAGES[error.kind]
        : error instanceof TtsError
          ? error.userText
          : error instanceof LlmError
            ? PIPELINE_TEXTS.replyFailed
            : PIPELINE_TEXTS.failed;
    this.failures++;
    this.deps.log.warn(
      { err: error, callId: this.call.id, failures: this.failures },
      'voice pipeline: a turn failed',
    );
    this.say('voice:error', { message });
    if (this.failures >= this.deps.maxFailures) void this.end('error', message);
  }
}
