/**
 * Affiliate links (issue 16; 002 §2 `/aff/:code`, `/gfs/aff/:code`). The device keeps the first code it
 * arrived with (first touch) for 30 days and sends it, with the visit the server recorded, on
 * registration, on the guest session's creation and on every payment; the server keeps the account's
 * first touch and attributes the account's sign-up and payments made within 30 days of it.
 */
export const AFFILIATE = {
  /** A payment is the code's when made within this many days of the first touch. */
  attributionDays: 30,
  /** Letters, digits, `_` and `-`, up to 64: anything else in a link is ignored. */
  codePattern: /^[A-Za-z0-9_-]{1,64}$/,
  /** The request headers the web app sends the stored touch in (registration, guests, payments). */
  codeHeader: 'x-affiliate-code',
  visitHeader: 'x-affiliate-visit',
  /** Device storage: the code (the original's key) and the visit the server recorded for it. */
  storageKey: 'affiliate_code',
  visitStorageKey: 'affiliate_visit',
} as const;

/** Whether a touch made at `at` (ms) still counts at `now`: within the 30-day window. */
export function affiliateTouchFresh(at: number, now: number): boolean {
  return now - at <= AFFILIATE.attributionDays * 86_400_000;
}

/** The code as stored and counted: trimmed and lower-cased, or null when it is not a code. */
export function normalizeAffiliateCode(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const code = raw.trim();
  return AFFILIATE.codePattern.test(code) ? code.toLowerCase() : null;
}

export const AFFILIATE_TEXTS = {
  title: 'Партнёрские ссылки',
  empty: 'Переходов по партнёрским ссылкам пока не было.',
  loadFailed: 'Не удалось загрузить отчёт',
} as const;
