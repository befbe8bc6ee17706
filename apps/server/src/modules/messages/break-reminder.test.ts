import { describe, expect, it } from 'vitest';
import {
  BREAK_REMINDER_DEFAULTS,
  BREAK_REMINDER_KEY,
  BREAK_REMINDER_TEXTS,
  type BreakReminderRow,
  breakReminder,
  breakReminderWindowStart,
} from './break-reminder.ts';

const MIN = 60_000;
/** 15:00 in Moscow (UTC+3). */
const NOW = new Date('2025-10-01T12:00:00Z');
const at = (minutesAgo: number, now = NOW) => new Date(now.getTime() - minutesAgo * MIN);

const user = (minutesAgo: number, now = NOW): BreakReminderRow => ({
  createdAt: at(minutesAgo, now),
  isUser: true,
  metadata: null,
});
const her = (minutesAgo: number, metadata: Record<string, unknown> | null = null, now = NOW) => ({
  createdAt: at(minutesAgo, now),
  isUser: false,
  metadata,
});

/** A conversation: the user writes every `every` minutes from `from` minutes ago to now, she answers. */
function chat(from: number, every = 10, now = NOW): BreakReminderRow[] {
  const rows: BreakReminderRow[] = [];
  for (let m = from; m >= 0; m -= every) rows.push(user(m, now), her(Math.max(0, m - 0.5), null, now));
  return rows;
}

const ALL_TEXTS = [...BREAK_REMINDER_TEXTS.day, ...BREAK_REMINDER_TEXTS.night];
/** One of the texts, its time filled in as she says it. */
const isOneOf = (text: string | null, texts: readonly string[], time = 'трёх часов') =>
  texts.some((t) => t.replaceAll('{time}', time) === text);

describe('the long-session break reminder (issue 27)', () => {
  it('is due after three hours of continuous chat, not before', () => {
    expect(BREAK_REMINDER_DEFAULTS).toEqual({ afterMin: 180, pauseMin: 30 });
    expect(breakReminder(chat(170), NOW)).toBeNull();
    const text = breakReminder(chat(180), NOW);
    expect(isOneOf(text, BREAK_REMINDER_TEXTS.day)).toBe(true);
  });

  it('a pause of 30 minutes or more starts a new session', () => {
    // Four hours in all, but a 40-minute pause two hours ago.
    const rows = [...chat(240, 10).filter((r) => r.createdAt < at(160)), ...chat(120, 10)];
    expect(breakReminder(rows, NOW)).toBeNull();
    // A 29-minute gap does not end it.
    const gap = [...chat(240, 10).filter((r) => r.createdAt <= at(150)), ...chat(121, 10)];
    expect(breakReminder(gap, NOW)).not.toBeNull();
    // The user gone quiet for half an hour: no session now, nothing to remind.
    expect(
      breakReminder(
        chat(240, 10).filter((r) => r.createdAt <= at(30)),
        NOW,
      ),
    ).toBeNull();
  });

  it('once a session: not again after her reminder until another full stretch', () => {
    const reminded = [...chat(200), her(10, { [BREAK_REMINDER_KEY]: true })];
    expect(breakReminder(reminded, NOW)).toBeNull();
    const later = new Date(NOW.getTime() + 180 * MIN);
    const goingOn = [...reminded, ...chat(179, 10, later)];
    expect(breakReminder(goingOn, later)).not.toBeNull();
    // A reminder of an earlier session does not count in this one.
    const earlier = [her(400, { [BREAK_REMINDER_KEY]: true }), ...chat(185)];
    expect(breakReminder(earlier, NOW)).not.toBeNull();
  });

  it('is configurable', () => {
    const options = { afterMin: 60, pauseMin: 5 };
    expect(breakReminder(chat(60, 4), NOW, options)).not.toBeNull();
    expect(breakReminder(chat(60, 6), NOW, options)).toBeNull();
    expect(breakReminder(chat(50, 4), NOW, options)).toBeNull();
    const hourAndHalf = breakReminder(chat(90, 10), NOW, { afterMin: 90, pauseMin: 30 });
    expect(isOneOf(hourAndHalf, BREAK_REMINDER_TEXTS.day, 'часа')).toBe(true);
    const short = breakReminder(chat(45, 10), NOW, { afterMin: 45, pauseMin: 30 });
    expect(isOneOf(short, BREAK_REMINDER_TEXTS.day, '45 минут')).toBe(true);
  });

  it('suggests sleep late at night in Moscow, water and a stretch by day', () => {
    const night = new Date('2025-10-01T21:30:00Z'); // 00:30 in Moscow
    expect(isOneOf(breakReminder(chat(200, 10, night), night), BREAK_REMINDER_TEXTS.night)).toBe(true);
    expect(isOneOf(breakReminder(chat(200), NOW), BREAK_REMINDER_TEXTS.day)).toBe(true);
    for (const text of BREAK_REMINDER_TEXTS.night) expect(text).toMatch(/сп(?:ать|окойной)|сон|отдох/);
    for (const text of BREAK_REMINDER_TEXTS.day) expect(text).toMatch(/вод|потяни|размя|разомни|воздух/);
  });

  it('speaks gently, in the feminine, with no guilt and no gendered form for the user', () => {
    for (const text of ALL_TEXTS) {
      expect(text).not.toMatch(/слишком|хватит|зависим|должен|должна|виноват|сколько можно/i);
      expect(text).not.toMatch(
        /(?<!\p{L})ты\s+(?:\p{L}+(?:ал|ял|ел|ил|ыл|ул|ла)|сам|сама|один|одна|рад|рада|готов|готова)(?!\p{L})/u,
      );
    }
    expect(BREAK_REMINDER_TEXTS.day.length).toBeGreaterThanOrEqual(3);
    expect(BREAK_REMINDER_TEXTS.night.length).toBeGreaterThanOrEqual(3);
  });

  it('varies between sessions, and is the same for the same moment', () => {
    const texts = new Set<string | null>();
    for (let hour = 0; hour < 12; hour++) {
      const now = new Date(NOW.getTime() + hour * 60 * MIN);
      texts.add(breakReminder(chat(180 + hour * 7, 10, now), now));
    }
    expect(texts.size).toBeGreaterThan(1);
    expect(breakReminder(chat(200), NOW)).toBe(breakReminder(chat(200), NOW));
  });

  it('never follows her crisis reply', () => {
    expect(breakReminder([...chat(200), her(0, { crisis: true })], NOW)).toBeNull();
  });

  it('needs only the rows from breakReminderWindowStart on', () => {
    const start = breakReminderWindowStart(NOW);
    expect(start).toEqual(at(210));
    const all = chat(400);
    const window = all.filter((r) => r.createdAt >= start);
    expect(breakReminder(window, NOW)).toBe(breakReminder(all, NOW));
    expect(breakReminder(window, NOW)).not.toBeNull();
    // In any order.
    expect(breakReminder([...window].reverse(), NOW)).toBe(breakReminder(window, NOW));
  });
});
