import { LIMITS_TIMEZONE } from '@podruga/shared';

/**
 * Daily limits reset at 00:00 Europe/Moscow (000 §6). Moscow has had no DST since 2014, but Intl (the
 * runtime's time-zone data) decides: no date library needed for one zone and two questions.
 */
const DAY_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: LIMITS_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function parts(at: Date): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of DAY_FORMAT.formatToParts(at)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

const pad = (n: number | undefined) => String(n ?? 0).padStart(2, '0');

/**
 * The last minute asked about and its day: every chat message asks (issue 18's profile: Intl's
 * formatToParts twice per request), and a day cannot change within a minute (time zones move on whole
 * minutes at the least), so one format per minute serves them all.
 */
let cached = { minute: Number.NaN, day: '' };

/** The Moscow calendar day of a moment, as YYYY-MM-DD (the `daily_usage.day` key). */
export function moscowDay(at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute === cached.minute) return cached.day;
  const p = parts(at);
  const day = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  cached = { minute, day };
  return day;
}

/** Time left until the next Moscow midnight, rounded up to whole minutes: {hours, minutes}. */
export function untilMoscowMidnight(at: Date): { hours: number; minutes: number } {
  const p = parts(at);
  const secondsIntoDay = (p.hour ?? 0) * 3600 + (p.minute ?? 0) * 60 + (p.second ?? 0);
  const left = Math.max(1, Math.ceil((86_400 - secondsIntoDay) / 60));
  return { hours: Math.floor(left / 60), minutes: left % 60 };
}
