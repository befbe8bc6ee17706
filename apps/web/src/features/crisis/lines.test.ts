import type { CrisisLine, CrisisLines } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import {
  allLines,
  countryName,
  linesByCountry,
  linesNotInText,
  linkSegments,
  telHref,
  urlHref,
} from './lines.ts';
import { crisisOf } from './metadata.ts';

/** Lines of the shape crisis.ts gives (these are test data, not the verified defaults). */
const RU: CrisisLine = {
  name: 'Линия помощи',
  phone: '8-800-000-00-00',
  url: 'https://help.example.ru/',
  hours: 'круглосуточно',
  free: true,
  source: 'https://example.ru/source',
};
const US: CrisisLine = {
  name: '988 Lifeline',
  phone: '988',
  url: 'https://988lifeline.org',
  hours: 'круглосуточно',
  free: true,
  source: 'https://988lifeline.org',
};
const CHAT_ONLY: CrisisLine = {
  name: 'Чат поддержки',
  url: 'https://chat.example.org/help',
  hours: 'с 9 до 21',
  free: true,
  source: 'https://chat.example.org',
};

const links = (text: string, lines: CrisisLine[]) =>
  linkSegments(text, lines)
    .filter((s) => s.href)
    .map((s) => [s.text, s.href]);

describe('her crisis reply’s links', () => {
  it('makes each line’s number a tel: link and its address a link, as the text writes them', () => {
    const text =
      'Мне очень важно, что ты написал. Позвони: Линия помощи 8-800-000-00-00 (help.example.ru), в США — 988. Если опасность рядом — 112.';
    expect(links(text, [RU, US])).toEqual([
      ['8-800-000-00-00', 'tel:88000000000'],
      ['help.example.ru', 'https://help.example.ru/'],
      ['988', 'tel:988'],
      ['112', 'tel:112'],
    ]);
    // The text around the links is kept whole.
    expect(
      linkSegments(text, [RU, US])
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });

  it('without a list, finds phone numbers and sites of any kind, and never a time or a date', () => {
    const text =
      'Телефон доверия: +7 (495) 989-50-50, сайт https://pomogi.example.org/chat. Работает с 9:00 до 21:00, 24/7 с 2024 года.';
    expect(links(text, [])).toEqual([
      ['+7 (495) 989-50-50', 'tel:+74959895050'],
      ['https://pomogi.example.org/chat', 'https://pomogi.example.org/chat'],
    ]);
    // Numbers on lines of their own stay apart.
    expect(links('Два номера:\n112\n8 800 000 00 00', [])).toEqual([
      ['112', 'tel:112'],
      ['8 800 000 00 00', 'tel:88000000000'],
    ]);
  });

  it('lists under the reply the lines its text does not name', () => {
    expect(linesNotInText('Позвони 8-800-000-00-00.', [RU, CHAT_ONLY])).toEqual([CHAT_ONLY]);
    expect(linesNotInText('Напиши в chat.example.org/help', [CHAT_ONLY])).toEqual([]);
  });

  it('dials digits and a leading plus; opens a bare domain over https', () => {
    expect(telHref('8 (800) 2000-122')).toBe('tel:88002000122');
    expect(telHref('+1 988')).toBe('tel:+1988');
    expect(urlHref('example.org')).toBe('https://example.org');
    expect(urlHref('http://example.org')).toBe('http://example.org');
  });
});

describe('the crisis metadata', () => {
  it('reads `crisis` and its lines; every other message is no crisis', () => {
    expect(crisisOf({ crisis: true, crisis_lines: [RU, { name: 1 }, 'x'] })).toEqual({ lines: [RU] });
    expect(crisisOf({ crisis: true })).toEqual({ lines: null });
    expect(crisisOf({ crisis: 'yes' })).toBeNull();
    expect(crisisOf(null)).toBeNull();
  });
});

describe('the lines by country', () => {
  it('names countries in Russian, `default` last, and leaves out countries without lines', () => {
    const lines: CrisisLines = { default: [CHAT_ONLY], RU: [RU], US: [US], UA: [] };
    expect(linesByCountry(lines).map((c) => [c.code, c.name])).toEqual([
      ['RU', 'Россия'],
      ['US', 'Соединенные Штаты'],
      ['default', 'Другие страны'],
    ]);
    expect(countryName('DE')).toBe('Германия');
    expect(allLines({ RU: [RU], default: [RU, US] })).toEqual([RU, US]);
  });
});
