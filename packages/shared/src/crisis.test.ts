import { describe, expect, it } from 'vitest';
import {
  type CrisisLine,
  crisisConcernText,
  crisisLinesFor,
  crisisReplyText,
  crisisSpokenText,
  DEFAULT_CRISIS_LINES,
  parseCrisisLines,
} from './crisis.ts';

const line: CrisisLine = {
  name: 'Линия помощи',
  phone: '8-800-000-00-00',
  hours: 'круглосуточно',
  free: true,
  source: 'https://example.org/line',
};

describe('the default crisis lines', () => {
  it('cover Russia, Ukraine, Belarus, Kazakhstan, the USA and everywhere else', () => {
    expect(Object.keys(DEFAULT_CRISIS_LINES).sort()).toEqual(['BY', 'KZ', 'RU', 'UA', 'US', 'default']);
  });

  it('each names how to reach it, when, and the official page it was verified on', () => {
    for (const [country, lines] of Object.entries(DEFAULT_CRISIS_LINES)) {
      expect(lines.length, country).toBeGreaterThan(0);
      for (const l of lines) {
        expect(l.phone ?? l.url, `${country}: ${l.name}`).toBeTruthy();
        expect(l.hours, l.name).not.toBe('');
        expect(l.source, l.name).toMatch(/^https?:\/\//);
      }
    }
  });

  it('reach 988 in the USA and Lifeline Ukraine on 7333', () => {
    expect(DEFAULT_CRISIS_LINES.US!.map((l) => l.phone)).toContain('988');
    expect(DEFAULT_CRISIS_LINES.UA!.map((l) => l.phone)).toContain('7333');
  });

  it('say which lines are for children and teens, and give an adult in Belarus the directory too', () => {
    const byPhone = (phone: string) =>
      Object.values(DEFAULT_CRISIS_LINES)
        .flat()
        .find((l) => l.phone === phone);
    expect(byPhone('8-801-100-16-11')?.audience).toBe('для детей и подростков');
    expect(byPhone('8-800-2000-122')?.audience).toMatch(/^создан для детей, подростков и их родителей/);
    expect(DEFAULT_CRISIS_LINES.BY!.some((l) => l.url === 'https://findahelpline.com')).toBe(true);
  });

  it('are picked by country code in any case, else the default list', () => {
    expect(crisisLinesFor('ua')).toBe(DEFAULT_CRISIS_LINES.UA);
    expect(crisisLinesFor('RU')).toBe(DEFAULT_CRISIS_LINES.RU);
    expect(crisisLinesFor('FR')).toBe(DEFAULT_CRISIS_LINES.default);
    expect(crisisLinesFor(undefined)).toBe(DEFAULT_CRISIS_LINES.default);
    expect(crisisLinesFor('RU', { default: [line] })).toEqual([line]);
  });
});

describe('the crisis reply', () => {
  const reply = crisisReplyText(DEFAULT_CRISIS_LINES.RU!, 'Алиса');

  it('steps out of the role-play, says she is an AI and that no one has to be alone with it', () => {
    expect(reply.startsWith('Я выйду из роли на минуту')).toBe(true);
    expect(reply).toContain('Я — Алиса, ИИ-компаньон, и не могу помочь так, как может помочь живой человек.');
    expect(reply).toContain('не нужно оставаться наедине');
    expect(reply).toContain('мы можем продолжать говорить');
  });

  it('lists every line with its number, hours and who it is for', () => {
    expect(reply).toContain(
      '• Телефон доверия для детей, подростков и их родителей — 8-800-2000-122, в большинстве регионов круглосуточно, бесплатно (создан для детей, подростков и их родителей, но выслушает любого, кому нужна помощь).',
    );
    expect(reply).toContain('051, с мобильного +7 495 051, круглосуточно (для Москвы;');
    const us = crisisReplyText(DEFAULT_CRISIS_LINES.US!);
    expect(us).toContain('• 988 Suicide & Crisis Lifeline — 988, круглосуточно');
    expect(us).toContain('https://988lifeline.org');
    expect(us).toContain('Я — ИИ-компаньон, и не могу помочь');
  });

  it('asks to reach someone now, without flirting, emoji or words about ways and means', () => {
    expect(reply).toContain('Пожалуйста, позвони или напиши туда сейчас — или тому, кому доверяешь.');
    expect(reply).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(reply).not.toMatch(/таблет|верёвк|крыш|доз|малыш|милый|милая|котик/i);
  });

  it('does not assume the user is a man or a woman', () => {
    expect(reply).not.toMatch(/\((?:а|ла)\)|\bсказал\b|\bнаписал\b|\bодин\b|\bодна\b/);
  });

  it('still points to help without a configured line', () => {
    expect(crisisReplyText([])).toContain('звони в экстренные службы');
  });

  it('has a spoken version for her voice, without list marks nor addresses', () => {
    const spoken = crisisSpokenText(DEFAULT_CRISIS_LINES.US!, 'Алиса');
    expect(spoken).toContain('Я выйду из роли на минуту');
    expect(spoken).toContain('Я — Алиса, ИИ-компаньон');
    expect(spoken).toContain('988 Suicide & Crisis Lifeline: 988, круглосуточно');
    expect(spoken).not.toMatch(/•|https?:|\n/);
    expect(crisisSpokenText(DEFAULT_CRISIS_LINES.default!)).toContain('на телефон доверия');
  });

  it('has a text for a user who worries about someone else', () => {
    const text = crisisConcernText(DEFAULT_CRISIS_LINES.UA!);
    expect(text).toContain('• Lifeline Ukraine');
    expect(text).not.toContain('выйду из роли');
  });
});

describe('parseCrisisLines', () => {
  it('reads lines by country code, the code upper-cased', () => {
    const lines = parseCrisisLines(
      JSON.stringify({ kz: [line], default: [{ ...line, phone: undefined, url: 'https://example.org' }] }),
    );
    expect(lines.KZ).toEqual([line]);
    expect(lines.default).toEqual([
      {
        name: 'Линия помощи',
        url: 'https://example.org',
        hours: 'круглосуточно',
        free: true,
        source: 'https://example.org/line',
      },
    ]);
  });

  it('reads back the defaults', () => {
    expect(parseCrisisLines(JSON.stringify(DEFAULT_CRISIS_LINES))).toEqual(DEFAULT_CRISIS_LINES);
  });

  it('names the place of each mistake', () => {
    const bad: [unknown, RegExp][] = [
      ['[1]', /^CRISIS_LINES: the value: must be an object/],
      [{ Russia: [line] }, /^CRISIS_LINES: Russia: is not a two-letter country code/],
      [{ RU: line }, /^CRISIS_LINES: RU: must be an array of lines/],
      [{ RU: [{ ...line, name: '' }] }, /^CRISIS_LINES: RU\[0\]\.name: must be a non-empty string/],
      [{ RU: [{ ...line, free: 'yes' }] }, /^CRISIS_LINES: RU\[0\]\.free: must be true or false/],
      [{ RU: [{ ...line, phone: undefined }] }, /^CRISIS_LINES: RU\[0\]: needs a phone or a url/],
      [
        { RU: [line, { ...line, source: 'a friend' }] },
        /^CRISIS_LINES: RU\[1\]\.source: must be the http\(s\) address/,
      ],
      [{ RU: [{ ...line, url: 'ftp://x' }] }, /^CRISIS_LINES: RU\[0\]\.url: must be an http\(s\) address/],
      [{ RU: [{ ...line, number: '1' }] }, /^CRISIS_LINES: RU\[0\]\.number: is not a field of a line/],
    ];
    for (const [value, message] of bad) {
      const json = typeof value === 'string' ? value : JSON.stringify(value);
      expect(() => parseCrisisLines(json), json).toThrow(message);
    }
    expect(() => parseCrisisLines('{"RU": [')).toThrow(/^CRISIS_LINES: the value: is not JSON/);
  });
});
