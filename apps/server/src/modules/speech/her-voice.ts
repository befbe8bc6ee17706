import { createHash } from 'node:crypto';
import { TIMBRES, type VoiceChoice } from '../../providers/tts/port.ts';

/** What her voice is chosen from: her id and the traits the user picked. */
export interface VoiceTraits {
  id: string;
  age: number;
  personality?: string | null;
  mood?: string | null;
  temperament?: string | null;
  habit?: string | null;
  languageStyle?: string | null;
}

/** How a trait moves her voice: pitch (-1…1 scale) and rate (a factor around 1). */
interface Shift {
  pitch?: number;
  rate?: number;
}

const PERSONALITY: Record<string, Shift> = {
  Sweet_Fool: { pitch: 0.05, rate: -0.03 }, // Заботливая: soft, unhurried
  supportive: { pitch: 0.2, rate: 0.05 }, // Глупышка: high and quick
  seductress: { pitch: -0.2, rate: -0.08 }, // low and slow
  foxy: { pitch: 0.05, rate: 0.03 },
  provocateur: { rate: 0.05 },
  mentor: { pitch: -0.1, rate: -0.05 },
  ice_queen: { pitch: -0.2, rate: -0.05 },
  wild: { pitch: 0.1, rate: 0.08 },
};

const MOOD: Record<string, Shift> = {
  joyful: { pitch: 0.05, rate: 0.04 },
  happy: { pitch: 0.05, rate: 0.04 },
  playful: { pitch: 0.05, rate: 0.03 },
  calm: { pitch: -0.05, rate: -0.05 },
  thoughtful: { pitch: -0.05, rate: -0.05 },
  sarcastic: { rate: 0.02 },
};

const HABIT: Record<string, Shift> = {
  shy: { pitch: 0.05, rate: -0.04 },
  dominant: { pitch: -0.1 },
  mature: { pitch: -0.05, rate: -0.02 },
};

const LANGUAGE_STYLE: Record<string, Shift> = {
  poetic: { rate: -0.05 },
  techy: { rate: 0.05 },
};

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Her voice from her traits: younger sounds higher, a seductress lower and slower, a «глупышка»
 * higher and quicker, a calm mood slower… Her id picks the timbre and a small personal offset, so two
 * companions with the same traits still sound apart, and the same companion always sounds the same
 * (nothing is stored: the same id and traits give the same voice; editing her traits moves it).
 */
export function voiceFor(character: VoiceTraits): VoiceChoice {
  const digest = createHash('sha256').update(`voice:${character.id}`).digest();
  /** A number in -1…1 from two bytes of the digest. */
  const jitter = (at: number) => (digest.readUInt16BE(at) / 0xffff) * 2 - 1;
  const shifts = [
    PERSONALITY[character.personality ?? ''],
    MOOD[character.mood ?? ''],
    HABIT[character.habit ?? ''],
    LANGUAGE_STYLE[character.languageStyle ?? ''],
  ];
  // 18 → +0.25, about 35 → 0, 70 → -0.5.
  const agePitch = clamp((35 - character.age) / 68, -0.5, 0.25);
  const pitch = shifts.reduce((sum, shift) => sum + (shift?.pitch ?? 0), agePitch) + jitter(2) * 0.15;
  const rate = shifts.reduce((sum, shift) => sum + (shift?.rate ?? 0), 1) + jitter(4) * 0.04;
  return {
    gender: 'female',
    pitch: round2(clamp(pitch, -1, 1)),
    rate: round2(clamp(rate, 0.8, 1.2)),
    timbre: (digest[0] ?? 0) % TIMBRES,
  };
}
