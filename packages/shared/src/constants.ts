/**
 * Every number the spec fixes (000 §9, 001 §9, 002 §9) lives here once; both ends import it.
 */
export const REQUEST_TIMEOUT_MS = 120_000;
/** A token counts as expired this many seconds before its `exp`. */
export const TOKEN_EXPIRY_SKEW_S = 60;
export const ANONYMOUS_SESSIONS_PER_HOUR = 3;
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bounds we set where the spec is silent (protect the server, never truncate silently). */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;

export const RECOVERY_SUCCESS_VISIBLE_MS = 5_000;
export const LOADING_FADE_MS = 300;
export const NOTIFICATION_TIMEOUT_MS = 3_000;

export const REDIRECT_LOOP_MAX = 5;
export const REDIRECT_LOOP_WINDOW_MS = 5_000;
/** The installed app offers the push permission dialog this long after marking the user (001 §4, §9). */
export const PWA_PUSH_PROMPT_DELAY_MS = 2_000;
export const DEBUG_ACCESS_MS = 24 * 60 * 60 * 1000;

/** Lifetimes we set where the spec is silent. */
export const ACCESS_TOKEN_TTL_S = 30 * 24 * 60 * 60;
export const PASSWORD_RESET_TTL_S = 60 * 60;
export const EMAIL_VERIFICATION_TTL_S = 48 * 60 * 60;

export const TERMS_VERSION = '1.3';
export const PRIVACY_VERSION = '1.2';
export const LEGAL_PUBLISHED = '10.09.2025';
export const PRIVACY_CHANGE_NOTICE_DAYS = 30;
export const SUPPORT_REPLY_HOURS = 24;

/** Local storage keys (000 §3). */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  userCache: 'user_cache',
  currentChatId: 'currentChatId',
  darkMode: 'darkMode',
  debugScroll: 'debugScroll',
  lastVisitedPath: 'lastVisitedPath',
  adultConfirmed: 'adult_confirmed',
  /** The native install prompt was accepted on this device (001 §3). */
  installedPwa: 'installed_pwa',
  /** This device has run the installed app (001 §3). */
  isPwa: 'isPwa',
  /** The installed app has offered the push permission dialog once (001 §4). */
  pwaPushPrompted: 'pwa_push_notification_prompted',
} as const;

/** Session storage keys. */
export const SESSION_KEYS = {
  routerRedirectCount: 'router_redirect_count',
  debugAccessUntil: 'debug_access_until',
} as const;

export const LIMITS_TIMEZONE = 'Europe/Moscow';
