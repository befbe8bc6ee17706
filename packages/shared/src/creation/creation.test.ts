import { describe, expect, it } from 'vitest';
import { characterInputSchema } from '../api/characters.ts';
import { mediaUrl } from '../media.ts';
import { ageWithWord, ruPlural } from '../plural.ts';
import { SAMPLE_COMPANION } from '../testing.ts';
import { communicationStyleLabel, habitForSexuality, sexualityLabel, spinnerSize } from './rules.ts';
import { missingPersonality, missingStepOne } from './validation.ts';

describe('mappings of 001 §4', () => {
  it('maps sexuality to habit and label at the boundaries', () => {
    expect([0, 25, 26, 50, 51, 75, 76, 100].map(habitForSexuality)).toEqual([
      'asexual',
      'asexual',
      'romantic',
      'romantic',
      'dominant',
      'dominant',
      'nympho',
      'nympho',
    ]);
    expect([25, 50, 75, 76].map(sexualityLabel)).toEqual([
      'Целомудренная',
      'Сдержанная',
      'Игривая',
      'Озабоченная',
    ]);
  });

  it('labels communication style and sizes the spinner', () => {
    expect([20, 40, 60, 80, 81].map((v) => communicationStyleLabel(v).label)).toEqual([
      'Текст 80%',
      'Текст 60%',
      '50/50',
      'Голос 60%',
      'Голос 80%',
    ]);
    expect([375, 480, 600, 768, 1024].map(spinnerSize)).toEqual([80, 90, 100, 110, 120]);
  });
});

describe('Russian plurals', () => {
  it('picks год / года / лет', () => {
    expect([18, 21, 22, 25, 31, 44, 70].map(ageWithWord)).toEqual([
      '18 лет',
      '21 год',
      '22 года',
      '25 лет',
      '31 год',
      '44 года',
      '70 лет',
    ]);
    expect(ruPlural(111, ['минута', 'минуты', 'минут'])).toBe('минут');
  });
});

describe('wizard validation (001 §5)', () => {
  it('lists missing step-one fields with the labels the page shows, in the page order', () => {
    expect(missingStepOne({ name: ' ', age: 17 })).toEqual([
      'Имя',
      'Возраст (от 18 до 70)',
      'Телосложение',
      'Размер груди',
      'Форма попы',
      'Национальность',
      'Цвет волос',
    ]);
    expect(missingStepOne({ name: 'Алиса', age: 30, body_type: 'fit', ethnicity: 'asian' })).toEqual([
      'Размер груди',
      'Форма попы',
      'Цвет волос',
    ]);
    expect(
      missingStepOne({
        name: 'Алиса',
        age: 70,
        ethnicity: 'asian',
        hair_color: 'red',
        body_type: 'fit',
        breast_size: 'small',
        butt: 'fit',
      }),
    ).toEqual([]);
    expect(missingPersonality({ personality: 'wild', mood: 'calm' })).toEqual([
      'Профессия',
      'Сексуальные привычки',
      'Манера речи',
      'Прическа',
      'Оттенок кожи',
    ]);
  });

  it('refuses an age outside 18–70 and an unknown option with a Russian message', () => {
    const base = SAMPLE_COMPANION;
    expect(characterInputSchema.safeParse(base).success).toBe(true);
    const young = characterInputSchema.safeParse({ ...base, age: 17 });
    expect(young.error?.issues[0]?.message).toBe('Подруге должно быть не меньше 18 лет');
    const odd = characterInputSchema.safeParse({ ...base, hair_color: 'green' });
    expect(odd.error?.issues[0]?.message).toBe('Выберите значение поля «Цвет волос» из списка');
  });
});

describe('mediaUrl (001 §3)', () => {
  it('keeps URLs and absolute paths and maps bare names', () => {
    expect(mediaUrl('https://x.test/a.png')).toBe('https://x.test/a.png');
    expect(mediaUrl('blob:abc')).toBe('blob:abc');
    expect(mediaUrl('/pics/a.png', 'https://media.test/')).toBe('https://media.test/pics/a.png');
    expect(mediaUrl('a.png', 'https://media.test')).toBe('https://media.test/pics/a.png');
    expect(mediaUrl('vids/001.mp4')).toBe('/vids/001.mp4');
    expect(mediaUrl('clip.mp4')).toBe('/vids/clip.mp4');
    expect(mediaUrl(null)).toBeNull();
  });
});
