import { describe, expect, it } from 'vitest';
import { voiceCallLabel } from './voiceCall.ts';

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
