import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { voiceFor } from './her-voice.ts';

const her = (over: Partial<Parameters<typeof voiceFor>[0]> = {}) => ({
  id: '5b0c8a52-58a4-4f57-9d7c-0b7f3c1e2a11',
  age: 25,
  personality: 'foxy',
  mood: 'happy',
  ...over,
});

describe('voiceFor', () => {
  it('is the same voice every time for the same companion', () => {
    expect(voiceFor(her())).toEqual(voiceFor(her()));
    expect(voiceFor(her()).gender).toBe('female');
  });

  it('stays within the bounds every adapter accepts', () => {
    for (let i = 0; i < 200; i++) {
      const voice = voiceFor(
        her({ id: randomUUID(), age: 18 + (i % 53), personality: 'supportive', mood: 'joyful' }),
      );
      expect(voice.pitch).toBeGreaterThanOrEqual(-1);
      expect(voice.pitch).toBeLessThanOrEqual(1);
      expect(voice.rate).toBeGreaterThanOrEqual(0.8);
      expect(voice.rate).toBeLessThanOrEqual(1.2);
      expect([0, 1, 2, 3]).toContain(voice.timbre);
    }
  });

  it('gives different companions varied voices: every timbre appears, pitches spread', () => {
    const voices = Array.from({ length: 60 }, () => voiceFor(her({ id: randomUUID() })));
    expect(new Set(voices.map((v) => v.timbre)).size).toBe(4);
    expect(new Set(voices.map((v) => v.pitch)).size).toBeGreaterThan(10);
  });

  it('follows her traits: younger is higher, a seductress lower and slower than a «глупышка»', () => {
    expect(voiceFor(her({ age: 19 })).pitch).toBeGreaterThan(voiceFor(her({ age: 60 })).pitch);
    const seductress = voiceFor(her({ personality: 'seductress', mood: 'calm' }));
    const fool = voiceFor(her({ personality: 'supportive', mood: 'joyful' }));
    expect(seductress.pitch).toBeLessThan(fool.pitch);
    expect(seductress.rate).toBeLessThan(fool.rate);
  });

  it('unknown or missing traits give a neutral voice, not an error', () => {
    const voice = voiceFor({ id: 'x', age: 35, personality: null, mood: 'unheard-of' });
    expect(Math.abs(voice.pitch)).toBeLessThanOrEqual(0.15);
    expect(Math.abs(voice.rate - 1)).toBeLessThanOrEqual(0.04);
  });
});
