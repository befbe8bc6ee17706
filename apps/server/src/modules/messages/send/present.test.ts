import type { RateLimitPayload } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { AppError, errors } from '../../../errors.ts';
import { LlmError } from '../../../providers/llm/port.ts';
import { messageRow } from '../../../test/rows.ts';
import { presentMessage } from '../messages.presenter.ts';
import { MESSAGE_TEXTS } from '../messages.texts.ts';
import type { SendOutcome } from './outcome.ts';
import {
  type Emitter,
  restImageBody,
  restMessageBody,
  SEND_FAILED,
  SocketReply,
  socketRefusal,
} from './present.ts';

const CHAT = messageRow().chatId;
const asked = messageRow({ id: 'm-user', isUser: true, content: 'Привет', imagePath: 'abc.jpg' });
const answer = messageRow({ id: 'm-her', content: 'Привет, милый' });
/** Her reply cut by the safety check (issue 11, layer 3): stored as her refusal. */
const cutReply = messageRow({
  id: 'm-cut',
  content: MESSAGE_TEXTS.safetyRefusal,
  metadata: { refused: 'minor' },
});
const card = messageRow({ id: 'm-card', messageType: 'rate_limit', content: 'Лимит' });
const payload: RateLimitPayload = {
  id: card.id,
  content: 'Лимит',
  message: MESSAGE_TEXTS.rateLimitDetail,
  metadata: { show_upgrade_button: true, tier: 'guest', reset_hours: 3, reset_minutes: 5 },
  limit_type: 'messages',
  remaining: 0,
  reset_hours: 3,
  reset_minutes: 5,
  user_type: 'guest',
  chat_id: CHAT,
};
const error = new LlmError('unavailable');

const outcomes = {
  rateLimited: { kind: 'rate_limited', message: card, payload },
  refused: { kind: 'refused', userMessage: asked, reply: answer, detail: 'Нельзя' },
  replied: { kind: 'replied', userMessage: asked, reply: answer },
  cut: { kind: 'cut', userMessage: asked, reply: cutReply },
  partial: { kind: 'failed', userMessage: asked, reply: answer, error },
  noReply: { kind: 'failed', userMessage: asked, reply: null, error },
} satisfies Record<string, SendOutcome>;

/** Every event each audience heard, in order. */
function audience() {
  const heard: Array<[string, string, unknown]> = [];
  const emitter = (who: string): Emitter => ({
    emit: (event, ...args) => heard.push([who, event, args[0]]),
  });
  return { heard, to: { sender: emitter('sender'), others: emitter('others'), room: emitter('room') } };
}

describe('the socket side of a send', () => {
  it('acks the sender with its client_id, shows the others the stored message, streams to the room', () => {
    const { heard, to } = audience();
    const reply = new SocketReply(to, CHAT, 'tmp-1');
    reply.ack(asked);
    reply.typingStarted();
    reply.chunk('При', 0, false);
    reply.chunk('вет', 1, true);
    expect(heard).toEqual([
      [
        'sender',
        'ack',
        {
          message_id: 'm-user',
          image_path: 'abc.jpg',
          chat_id: CHAT,
          client_id: 'tmp-1',
          created_at: '2026-11-23T10:00:00.000Z',
        },
      ],
      ['others', 'message', presentMessage(asked)],
      ['room', 'typing_started', { chat_id: CHAT }],
      ['room', 'message_chunk', { chat_id: CHAT, chunk: 'При', chunk_index: 0, is_complete: false }],
      ['room', 'message_chunk', { chat_id: CHAT, chunk: 'вет', chunk_index: 1, is_complete: true }],
    ]);
  });

  it('names no client_id when the client sent none', () => {
    const { heard, to } = audience();
    const reply = new SocketReply(to, CHAT, undefined);
    reply.ack(asked);
    reply.end(outcomes.rateLimited);
    expect(heard[0]?.[2]).not.toHaveProperty('client_id');
    expect(heard.at(-1)).toEqual(['room', 'rate_limit', payload]);
  });

  it('maps every outcome to its events', () => {
    const heardFor = (outcome: SendOutcome) => {
      const { heard, to } = audience();
      new SocketReply(to, CHAT, 'tmp-1').end(outcome);
      return heard;
    };
    const complete = [
      'room',
      'streaming_complete',
      { chat_id: CHAT, message_id: 'm-her', created_at: '2026-11-23T10:00:00.000Z' },
    ];
    const stopped = ['room', 'typing_stopped', { chat_id: CHAT }];
    expect(heardFor(outcomes.rateLimited)).toEqual([
      ['room', 'rate_limit', { ...payload, client_id: 'tmp-1' }],
    ]);
    expect(heardFor(outcomes.refused)).toEqual([
      ['room', 'message', presentMessage(answer)],
      ['sender', 'error', { message: 'Нельзя', code: 'safety_refused', chat_id: CHAT }],
    ]);
    expect(heardFor(outcomes.replied)).toEqual([complete, stopped]);
    // What was streamed is replaced by the stored refusal.
    expect(heardFor(outcomes.cut)).toEqual([
      [
        'room',
        'streaming_complete',
        {
          chat_id: CHAT,
          message_id: 'm-cut',
          created_at: '2026-11-23T10:00:00.000Z',
          content: MESSAGE_TEXTS.safetyRefusal,
          refused: 'minor',
        },
      ],
      stopped,
    ]);
    expect(heardFor(outcomes.partial)).toEqual([
      complete,
      ['room', 'error', { message: MESSAGE_TEXTS.partialReply, code: 'provider_error', chat_id: CHAT }],
      stopped,
    ]);
    expect(heardFor(outcomes.noReply)).toEqual([
      ['room', 'error', { message: MESSAGE_TEXTS.noReply, code: 'provider_error', chat_id: CHAT }],
      stopped,
    ]);
  });

  it('a refusal names the chat and the bubble the client sent; an unforeseen error says only that it failed', () => {
    expect(socketRefusal(errors.sendThrottled(MESSAGE_TEXTS.throttled), 'CHAT', 'tmp-2')).toEqual({
      message: MESSAGE_TEXTS.throttled,
      code: 'send_throttled',
      chat_id: 'CHAT',
      client_id: 'tmp-2',
    });
    expect(socketRefusal(new Error('connection reset'), '', undefined)).toEqual({
      message: SEND_FAILED,
      code: 'internal',
      chat_id: '',
    });
  });
});

describe('the REST side of a send', () => {
  it('POST /api/messages/: the message and her reply, a refusal or failure in `error`', () => {
    const user_message = presentMessage(asked);
    const reply = presentMessage(answer);
    expect(restMessageBody(outcomes.replied)).toEqual({ user_message, reply });
    expect(restMessageBody(outcomes.refused)).toEqual({ user_message, reply, error: 'Нельзя' });
    expect(restMessageBody(outcomes.cut)).toEqual({ user_message, reply: presentMessage(cutReply) });
    expect(restMessageBody(outcomes.partial)).toEqual({
      user_message,
      reply,
      error: MESSAGE_TEXTS.partialReply,
    });
    expect(restMessageBody(outcomes.noReply)).toEqual({
      user_message,
      reply: null,
      error: MESSAGE_TEXTS.noReply,
    });
  });

  it('the daily limit is a 429 carrying the socket payload and the card, on both routes', () => {
    for (const body of [restMessageBody, restImageBody]) {
      const thrown = (() => {
        try {
          body(outcomes.rateLimited);
        } catch (error) {
          return error;
        }
      })();
      expect(thrown).toBeInstanceOf(AppError);
      expect(thrown).toMatchObject({
        statusCode: 429,
        code: 'rate_limited',
        detail: MESSAGE_TEXTS.rateLimitDetail,
        extra: { ...payload, rate_limit_message: presentMessage(card) },
      });
    }
  });

  it('POST /api/analyze_image: her text and the photo; an unsafe caption keeps no path; no reply is a 503', () => {
    expect(restImageBody(outcomes.replied)).toEqual({ response: 'Привет, милый', image_path: 'abc.jpg' });
    expect(restImageBody(outcomes.partial)).toEqual({ response: 'Привет, милый', image_path: 'abc.jpg' });
    expect(restImageBody(outcomes.refused)).toEqual({ response: 'Привет, милый', image_path: '' });
    expect(() => restImageBody(outcomes.noReply)).toThrow(
      expect.objectContaining({ statusCode: 503, code: 'provider_error', detail: MESSAGE_TEXTS.noReply }),
    );
  });
});
