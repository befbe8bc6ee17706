import { ruPlural } from '@podruga/shared';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 000 §4: relative up to 60 days, then a date. */
const RELATIVE_DAYS_MAX = 60;

// Made on first use: building an Intl formatter loads its locale data, tens of ms on a phone, and most
// pages never show a stamp older than 60 days (DESIGN §8).
let dateFormat: Intl.DateTimeFormat | undefined;
function formatDate(time: number): string {
  dateFormat ??= new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
  return dateFormat.format(time);
}

/**
 * The message stamp of 000 §4 "Relative time": «только что» under a minute, then minutes, hours and days
 * with Russian plurals up to 60 days, then a date. The one helper for every "… назад" in the app.
 */
export function relativeTime(at: Date | number | string, now: number = Date.now()): string {
  const time = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
  if (Number.isNaN(time)) return '';
  const diff = Math.max(0, now - time);
  if (diff < MINUTE) return 'только что';
  if (diff < HOUR) {
    const n = Math.floor(diff / MINUTE);
    return `${n} ${ruPlural(n, ['минуту', 'минуты', 'минут'])} назад`;
  }
  if (diff < DAY) {
    const n = Math.floor(diff / HOUR);
    return `${n} ${ruPlural(n, ['час', 'часа', 'часов'])} назад`;
  }
  const days = Math.floor(diff / DAY);
  if (days <= RELATIVE_DAYS_MAX) return `${days} ${ruPlural(days, ['день', 'дня', 'дней'])} назад`;
  return formatDate(time);
}
