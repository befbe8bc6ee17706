import { SAMPLE_LOOKS } from '@podruga/shared/testing';
import { describe, expect, it } from 'vitest';
import type { PortraitTraits } from '../../providers/image/port.ts';
import { buildPortraitPrompt, herTraitPhrase } from '../characters/portrait-prompt.ts';
import { buildHerPhotoPrompt, buildHerVideoPrompt, herSeed, sceneRefusal } from './photo-prompt.ts';

const TRAITS: PortraitTraits = { ...SAMPLE_LOOKS, age: 23, occupation: 'teacher' };

const SCENES = [
  'на пляже',
  'в красном платье',
  'перед зеркалом',
  'как ты пьёшь кофе в кафе',
  'после спортзала',
  'в уютной пижаме дома',
  'in a bikini at the pool',
  '',
];

describe('buildHerPhotoPrompt', () => {
  it('starts with her trait phrase, word for word the same as in her portrait, whatever the scene', () => {
    const phrase = herTraitPhrase(TRAITS);
    expect(buildPortraitPrompt(TRAITS).prompt).toContain(phrase);
    for (const scene of SCENES) {
      const { prompt, negativePrompt } = buildHerPhotoPrompt(TRAITS, scene);
      expect(prompt.startsWith(`${phrase}, `)).toBe(true);
      expect(negativePrompt).toBe(buildPortraitPrompt(TRAITS).negativePrompt);
    }
    expect(phrase).toContain('adult woman, 23 years old, east asian, red hair, bob cut hairstyle');
  });

  it.each([
    ['на пляже', 'on the beach'],
    ['в красном платье', 'wearing a red dress'],
    ['Покажи себя в чёрном платье на пляже', 'wearing a black dress, on the beach'],
    ['в синих джинсах и белой футболке', 'wearing blue jeans, wearing a white t-shirt'],
    ['в бассейне', 'by the swimming pool'],
    ['в кафе', 'in a cozy café'],
    ['в спортзале', 'in the gym'],
    ['селфи перед зеркалом', 'selfie, mirror selfie'],
    ['в белье на кровати', 'wearing lingerie, in bed'],
    ['в пижаме', 'wearing pajamas'],
    ['ночной город', 'night city lights'],
    ['в снегу в лесу', 'in the snow, in the forest'],
    ['в офисе', 'in the office'],
    ['на кухне', 'in the kitchen'],
    ['в ванне', 'in a bubble bath'],
    ['гуляешь по пляжу на закате', 'walking, on the beach, at sunset'],
    ['in a bikini at the beach', 'in a bikini at the beach'],
    ['с котом на диване', 'котом, on the sofa'],
  ])('turns the scene "%s" into "%s"', (scene, english) => {
    expect(buildHerPhotoPrompt(TRAITS, scene).prompt).toContain(`${herTraitPhrase(TRAITS)}, ${english}, `);
  });

  it('with no scene, shows her in her usual outfit', () => {
    expect(buildHerPhotoPrompt(TRAITS, '').prompt).toContain('teacher in a smart blouse, selfie at home');
    expect(buildHerPhotoPrompt({ ...TRAITS, occupation: undefined }, '  ').prompt).toContain(
      'casual stylish outfit',
    );
  });

  it('never lets the scene make her younger', () => {
    for (const scene of [
      'юная в маленьком платье',
      'как школьница',
      'подросток в школьной форме',
      'young teen girl, little',
      'тебе 16 лет',
      'as a kid in school uniform',
    ]) {
      const { prompt } = buildHerPhotoPrompt(TRAITS, scene);
      expect(prompt).not.toMatch(/юн|маленьк|школ|подрост|teen|young|little|kid|school|16/i);
      expect(prompt).toContain('adult woman, 23 years old');
    }
  });
});

describe('sceneRefusal', () => {
  it.each([
    'в костюме школьницы',
    'как подросток',
    'teen',
    'school uniform',
    'тебе 15 лет',
    'when you were 12 years old',
    'как ты выглядела в детстве',
    'моложе',
    'с детьми',
    'underage',
    'little girl in a dress',
    'маленькая девочка',
  ])('refuses "%s"', (scene) => {
    expect(sceneRefusal(scene)).toBe('minor');
  });

  it.each([
    'на пляже',
    'в красном платье',
    'в маленьком чёрном платье',
    'тебе 25 лет',
    '',
    'in a bikini',
    'в спортзале',
  ])('lets "%s" pass', (scene) => {
    expect(sceneRefusal(scene)).toBeNull();
  });
});

describe('buildHerVideoPrompt', () => {
  it('keeps her trait phrase first and asks for motion', () => {
    const dancing = buildHerVideoPrompt(TRAITS, 'где ты танцуешь');
    expect(dancing.prompt.startsWith(`${herTraitPhrase(TRAITS)}, dancing, `)).toBe(true);
    expect(dancing.prompt).toContain('motion');
    expect(buildHerVideoPrompt(TRAITS, 'в красном платье у бассейна').prompt).toContain(
      'wearing a red dress, by the swimming pool, smiling at the camera',
    );
    const still = buildHerVideoPrompt(TRAITS, 'на пляже');
    expect(still.prompt).toContain('on the beach, smiling at the camera, gently moving');
    expect(buildHerVideoPrompt(TRAITS, '').prompt).toContain(
      `${herTraitPhrase(TRAITS)}, smiling at the camera`,
    );
    expect(dancing.negativePrompt).toContain('child');
  });
});

describe('herSeed', () => {
  it('is stable per companion, 31-bit, and differs between companions', () => {
    const id = '0f9a3c1e-2b4d-4e6f-8a1b-3c5d7e9f1a2b';
    expect(herSeed(id)).toBe(herSeed(id));
    expect(herSeed(id)).not.toBe(herSeed('another-companion'));
    const seeds = Array.from({ length: 200 }, (_, i) => herSeed(`companion-${i}`));
    for (const seed of seeds) expect(seed >= 0 && seed <= 0x7fffffff && Number.isInteger(seed)).toBe(true);
    expect(new Set(seeds).size).toBe(200);
  });
});
