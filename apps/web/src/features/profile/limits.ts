import { LIMIT_BAR_THRESHOLDS, type LimitsStatus, PRODUCT_FEATURES, PROFILE_MESSAGES } from '@podruga/shared';

export type LimitResource = keyof LimitsStatus['resources'];
export type BarLevel = 'positive' | 'warning' | 'negative';

const SECONDS_PER_MINUTE = 60;
const number = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** Voice time, minutes as the server counts them: under a minute in seconds (001 §9). */
function voiceAmount(minutes: number): string {
  if (minutes < 1) return `${Math.round(minutes * SECONDS_PER_MINUTE)} сек`;
  return `${number.format(minutes)} мин`;
}

/**
 * A limit as the plan shows it (001 §9): messages and videos 'N/день', voice 'N мин/день' or, under a
 * minute, seconds a day, companions a number; 'Безлимитно' for unlimited, 'Недоступно' for 0.
 */
export function formatLimit(resource: LimitResource, limit: number | null): string {
  if (limit === null) return PROFILE_MESSAGES.unlimited;
  if (limit === 0) return PROFILE_MESSAGES.unavailable;
  if (resource === 'gfs') return number.format(limit);
  if (resource === 'voice_minutes') return `${voiceAmount(limit)}/день`;
  return `${number.format(limit)}/день`;
}

/** What is used of a limit, in the limit's unit: '3 из 10', '45 сек из 1 мин'. */
export function formatUsage(resource: LimitResource, used: number, limit: number): string {
  if (resource === 'voice_minutes') return `${voiceAmount(used)} из ${voiceAmount(limit)}`;
  return `${number.format(used)} из ${number.format(limit)}`;
}

/** 001 §9: positive below 70 % of the limit, warning from 70 %, negative from 90 %. */
export function barLevel(used: number, limit: number): BarLevel {
  const share = limit > 0 ? used / limit : 1;
  if (share >= LIMIT_BAR_THRESHOLDS.negative) return 'negative';
  if (share >= LIMIT_BAR_THRESHOLDS.warning) return 'warning';
  return 'positive';
}

export const BAR_COLORS: Record<BarLevel, string> = { positive: 'teal', warning: 'yellow', negative: 'red' };

export const LIMIT_LABELS: Record<LimitResource, string> = {
  messages: 'Сообщения',
  voice_minutes: 'Голосовые звонки',
  videos: 'Видео',
  photos: 'Фото',
  gfs: 'Подруги',
};

/**
 * The rows the plan lists, in order. Voice calls and videos are listed once they exist (PRODUCT_FEATURES,
 * decision 0018): a limit for a part of the product nobody can use would promise it.
 */
export function shownResources(
  features: Readonly<Record<string, boolean>> = PRODUCT_FEATURES,
): LimitResource[] {
  return [
    'messages',
    ...(features.companionPhotos ? (['photos'] as const) : []),
    ...(features.voiceCalls ? (['voice_minutes'] as const) : []),
    ...(features.videos ? (['videos'] as const) : []),
    'gfs',
  ];
}
