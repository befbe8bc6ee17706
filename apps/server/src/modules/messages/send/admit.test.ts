import { CONTROL_CHARS_MESSAGE } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS } from '../messages.texts.ts';
import { checkMessage, refuseControlChars, SendGate } from './admit.ts';

const send = (content: string, more: { imagePath?: string | null; image?: Buffer } = {}) => ({
  chatId: 'c',
  content,
  ...more,
});

describe('admit or refuse', () => {
  it('the gate: 503 once the server shuts down, 429 past the throttle, else through', async () => {
    const state = { accepting: true, allowed: true };
    const taken: string[] = [];
    const gate = new SendGate(state, {
      take: async (userId) => {
        taken.push(userId);
        return state.allowed;
      },
    });
    await expect(gate.admit('u-1')).resolves.toBeUndefined();
    state.allowed = false;
    await expect(gate.admit('u-1')).rejects.toMatchObject({ statusCode: 429, code: 'send_throttled' });
    state.accepting = false;
    await expect(gate.admit('u-1')).rejects.toMatchObject({
      statusCode: 503,
      code: 'service_unavailable',
      detail: MESSAGE_TEXTS.shuttingDown,
    });
    // A shutting-down server does not spend the user's throttle.
    expect(taken).toEqual(['u-1', 'u-1']);
    await expect(new SendGate({ accepting: true }, undefined).admit('u-2')).resolves.toBeUndefined();
  });

  it('control characters in the text or the media name are refused; newlines and tabs are not', () => {
    const refused = { statusCode: 400, code: 'invalid_characters', detail: CONTROL_CHARS_MESSAGE };
    expect(() => refuseControlChars(send('при\u0000вет'))).toThrow(expect.objectContaining(refused));
    expect(() => refuseControlChars(send('bidi \u202e'))).toThrow(expect.objectContaining(refused));
    expect(() => refuseControlChars(send('фото', { imagePath: 'a\u0007.jpg' }))).toThrow(
      expect.objectContaining(refused),
    );
    expect(() => refuseControlChars(send('строка\n\tещё строка'))).not.toThrow();
  });

  it('the text is trimmed; nothing at all, or more than 4000 characters, is a 400', () => {
    expect(checkMessage(send('  Привет \n'))).toEqual({ content: 'Привет', imagePath: null });
    expect(checkMessage(send(' ', { imagePath: 'abc.jpg' }))).toEqual({ content: '', imagePath: 'abc.jpg' });
    expect(checkMessage(send('', { image: Buffer.from('x') }))).toEqual({ content: '', imagePath: null });
    expect(checkMessage(send('я'.repeat(4000))).content).toHaveLength(4000);
    expect(() => checkMessage(send(' \n ', { imagePath: '' }))).toThrow(
      expect.objectContaining({ statusCode: 400, detail: MESSAGE_TEXTS.empty }),
    );
    expect(() => checkMessage(send('я'.repeat(4001)))).toThrow(
      expect.objectContaining({ statusCode: 400, detail: MESSAGE_TEXTS.tooLong }),
    );
  });
});
