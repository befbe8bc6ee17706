import { describe, expect, it } from 'vitest';
import { barLevel, formatLimit, formatUsage, shownResources } from './limits.ts';

describe('the plan’s limits (001 §9)', () => {
  it('shows messages and videos a day, voice in minutes or seconds, companions as a number', () => {
    expect(formatLimit('messages', 20)).toBe('20/день');
    expect(formatLimit('videos', 5)).toBe('5/день');
    expect(formatLimit('voice_minutes', 5)).toBe('5 мин/день');
    expect(formatLimit('voice_minutes', 1)).toBe('1 мин/день');
    expect(formatLimit('voice_minutes', 0.5)).toBe('30 сек/день');
    expect(formatLimit('voice_minutes', 30)).toBe('30 мин/день');
    expect(formatLimit('gfs', 3)).toBe('3');
  });

  it('says «Безлимитно» for unlimited and «Недоступно» for 0', () => {
    expect(formatLimit('gfs', null)).toBe('Безлимитно');
    expect(formatLimit('messages', null)).toBe('Безлимитно');
    expect(formatLimit('videos', 0)).toBe('Недоступно');
    expect(formatLimit('voice_minutes', 0)).toBe('Недоступно');
  });

  it('shows what is used in the limit’s unit', () => {
    expect(formatUsage('messages', 3, 10)).toBe('3 из 10');
    expect(formatUsage('voice_minutes', 0.75, 1)).toBe('45 сек из 1 мин');
    expect(formatUsage('voice_minutes', 2.5, 5)).toBe('2,5 мин из 5 мин');
  });

  it('colours the bar positive below 70 %, warning from 70 %, negative from 90 %', () => {
    expect(barLevel(0, 10)).toBe('positive');
    expect(barLevel(6, 10)).toBe('positive');
    expect(barLevel(7, 10)).toBe('warning');
    expect(barLevel(8, 10)).toBe('warning');
    expect(barLevel(9, 10)).toBe('negative');
    expect(barLevel(10, 10)).toBe('negative');
    expect(barLevel(34, 50)).toBe('positive');
    expect(barLevel(35, 50)).toBe('warning');
    expect(barLevel(45, 50)).toBe('negative');
  });

  it('shows her photos a day, or «Безлимитно» for the fair-use tiers', () => {
    expect(formatLimit('photos', 5)).toBe('5/день');
    expect(formatLimit('photos', null)).toBe('Безлимитно');
    expect(formatUsage('photos', 2, 5)).toBe('2 из 5');
  });

  it('lists her photos, voice calls and videos only once they exist', () => {
    expect(shownResources({ voiceCalls: false, videos: false })).toEqual(['messages', 'gfs']);
    expect(shownResources({ companionPhotos: true })).toEqual(['messages', 'photos', 'gfs']);
    expect(shownResources({ companionPhotos: true, voiceCalls: true, videos: true })).toEqual([
      'messages',
      'photos',
      'voice_minutes',
      'videos',
      'gfs',
    ]);
  });
});
