const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * 001 §4 "Time display" of the bell: under 60 s «только что», under an hour «N мин. назад», under a day
 * «N ч. назад», else «N дн. назад» (abbreviated, so no plurals).
 */
export function notificationTime(at: string, now: number = Date.now()): string {
  const time = Date.parse(at);
  if (Number.isNaN(time)) return '';
  const diff = Math.max(0, now - time);
  if (diff < MINUTE) return 'только что';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)} мин. назад`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)} ч. назад`;
  return `${Math.floor(diff / DAY)} дн. назад`;
}

/** 001 §9: the badge caps at '99+'. */
export function badgeText(count: number, cap: number): string {
  return count > cap ? `${cap}+` : String(count);
}
