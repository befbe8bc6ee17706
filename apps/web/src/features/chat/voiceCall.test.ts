import { describe, expect, it } from 'vitest';
import { voiceCallDetail, voiceCallDuration, voiceCallLabel } from './voiceCall.ts';

describe('voiceCallLabel (000 §4)', () => {
  it('names the statuses the spec names', () => {
    expect(voiceCallLabel(null, null)).toBe('Завершено');
    expect(voiceCallLabel('completed', 95)).toBe('Завершено');
    expect(voiceCallLabel('missed', null)).toBe('Пропущенный');
    expect(voiceCallLabel('failed', 3)).toBe('Неудавшийся');
    expect(voiceCallLabel('limit_reached', 30)).toBe('Неудавшийся');
  });

  it('shows other statuses as a duration', () => {
    expect(voiceCallLabel('ended', 42)).toBe('42 с');
    expect(voiceCallLabel('ended', 65)).toBe('1:05');
    expect(voiceCallLabel('ended', 600)).toBe('10:00');
  });
});

describe('a call going on, and the length of a finished one', () => {
  it('an active entry says the call goes on', () => {
    expect(voiceCallLabel('active', null)).toBe('Идёт звонок');
  });

  it('a completed call or one ended at the limit shows how long it lasted', () => {
    expect(voiceCallDetail('completed', 42)).toBe('42 с');
    expect(voiceCallDetail('limit_reached', 300)).toBe('5:00');
    expect(voiceCallDetail('completed', 0)).toBeNull();
    expect(voiceCallDetail('missed', 10)).toBeNull();
    expect(voiceCallDetail('active', 10)).toBeNull();
    expect(voiceCallDuration(-1)).toBeNull();
    expect(voiceCallDuration(null)).toBeNull();
  });
});
