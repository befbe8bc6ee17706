import {
  type LimitTier,
  PHOTOS_FAIR_USE_TIERS,
  PRODUCT_FEATURES,
  type RateLimitMetadata,
  ruPlural,
  TIER_LIMITS,
} from '@podruga/shared';
import type { LimitStatus } from './store.ts';

/** Which allowance a card is about (issue 14): the day's messages, her photos or her videos. */
export type LimitKind = NonNullable<RateLimitMetadata['limit_type']>;

export type RateLimitAction = 'register' | 'install' | 'plus' | 'moreLimits';

/** The card's title when the server sent no text. */
const LIMIT_REACHED: Record<LimitKind, string> = {
  messages: 'Дневной лимит сообщений исчерпан.',
  photos: 'Фото на сегодня закончились.',
  videos: 'Видео на сегодня закончились.',
};
/** Every card once the user's current limit leaves room again (registered, upgraded, a new day). */
export const LIMIT_RENEWED = 'Лимит обновлён — можно продолжать';

/**
 * The card's buttons by tier (000 §4), for the parts of the product that are live (PRODUCT_FEATURES):
 * "Получить Plus" appears once Plus can be bought, the install-app entry once the app can be installed.
 */
export function rateLimitActions(tier: LimitTier, features = PRODUCT_FEATURES): RateLimitAction[] {
  const plus: RateLimitAction[] = features.payments ? ['plus'] : [];
  if (tier === 'guest') return ['register', ...plus];
  if (tier === 'plus') return ['moreLimits'];
  if (tier === 'vip') return [];
  // 000 §4: free and verified — install app and Plus; pwa — Plus.
  const install: RateLimitAction[] = features.appInstall && tier !== 'pwa' ? ['install'] : [];
  return [...install, ...plus];
}

const perDay = (n: number) => `${n} ${ruPlural(n, ['сообщение', 'сообщения', 'сообщений'])} в день`;

/**
 * What the offered step really gives, in the numbers of DESIGN §5 (a card promises only what exists:
 * Plus is 50 messages a day, not "unlimited").
 */
export function upgradeHint(tier: LimitTier, features = PRODUCT_FEATURES): string | null {
  const plus = TIER_LIMITS.plus.messagesPerDay;
  const registered = perDay(TIER_LIMITS.free.messagesPerDay);
  if (tier === 'guest') {
    return features.payments
      ? `С регистрацией — ${registered}, с Plus — ${plus}.`
      : `С регистрацией — ${registered}.`;
  }
  // Confirming the e-mail is a step every free user can take today (000 §6: 20 a day).
  const installed = TIER_LIMITS.pwa.messagesPerDay;
  if (tier === 'free') {
    const verified = `Подтверди эл. почту — будет ${perDay(TIER_LIMITS.verified.messagesPerDay)}`;
    const steps = [verified, ...(features.appInstall ? [`в приложении — ${installed}`] : [])];
    return features.payments ? `${steps.join(', ')}, с Plus — ${plus}.` : `${steps.join(', ')}.`;
  }
  if (tier === 'verified' && features.appInstall) {
    const app = `В приложении — ${perDay(installed)}`;
    return features.payments ? `${app}, с Plus — ${plus}.` : `${app}.`;
  }
  if ((tier === 'verified' || tier === 'pwa') && features.payments) return `С Plus — ${perDay(plus)}.`;
  return null;
}

/**
 * The card's title: the server's text without its "Лимит обновится через …" sentence, which was true
 * only when it was written (the card counts the time down itself).
 */
export function cardTitle(content: string, kind: LimitKind = 'messages'): string {
  const title = content.replace(/\s*Лимит (?:скоро )?обновится[^.]*\.?/gi, '').trim();
  return title || LIMIT_REACHED[kind];
}

/** What a step up gives of her photos, after the current tier (free → verified → app): one list. */
function photoSteps(tier: LimitTier, features: Readonly<Record<string, boolean>>): string[] {
  const n = (t: LimitTier) => TIER_LIMITS[t].photosPerDay;
  const steps: string[] = [];
  if (tier === 'guest') steps.push(`с регистрацией — ${n('free')}`);
  if (tier === 'free' && n('verified') > n('free'))
    steps.push(`подтверди эл. почту — будет ${n('verified')}`);
  const reached = tier === 'free' ? Math.max(n('free'), n('verified')) : n(tier);
  if ((tier === 'free' || tier === 'verified') && features.appInstall && n('pwa') > reached) {
    steps.push(`в приложении — ${n('pwa')}`);
  }
  return steps;
}

/**
 * A photo or video card's hint (issue 14), in the numbers of DESIGN §5: photos by the steps below Plus,
 * then Plus's, shown as without limits (a fair-use number, PHOTOS_FAIR_USE_TIERS); videos with Plus or
 * VIP only. Null when no step gives more.
 */
export function mediaUpgradeHint(
  kind: Exclude<LimitKind, 'messages'>,
  tier: LimitTier,
  features = PRODUCT_FEATURES,
): string | null {
  if (kind === 'videos') {
    if (!features.payments || tier === 'vip') return null;
    const vip = TIER_LIMITS.vip.videosPerDay;
    return tier === 'plus'
      ? `С VIP — ${vip} видео в день.`
      : `С Plus — ${TIER_LIMITS.plus.videosPerDay} видео в день, с VIP — ${vip}.`;
  }
  if (PHOTOS_FAIR_USE_TIERS.includes(tier)) return null;
  const [first, ...rest] = photoSteps(tier, features);
  const plus = features.payments ? ['с Plus — без ограничений'] : [];
  if (!first) return plus.length ? 'С Plus — фото без ограничений.' : null;
  const text = [`${first} фото в день`, ...rest, ...plus].join(', ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The card's hint: about what it limits. */
export function cardHint(kind: LimitKind, tier: LimitTier, features = PRODUCT_FEATURES): string | null {
  return kind === 'messages' ? upgradeHint(tier, features) : mediaUpgradeHint(kind, tier, features);
}

/**
 * Whether the user may go on now (the card then says so instead of its buttons): the day's messages
 * have room again; for photos and videos, the tier the user has now allows more of them a day than the
 * one the card was written for (registered, upgraded). `limit` is what the chat knows now.
 */
export function limitRenewed(kind: LimitKind, cardTier: LimitTier, limit: LimitStatus | null): boolean {
  if (!limit) return false;
  if (kind === 'messages') return limit.room;
  const perDay = kind === 'photos' ? 'photosPerDay' : 'videosPerDay';
  return TIER_LIMITS[limit.tier][perDay] > TIER_LIMITS[cardTier][perDay];
}

/** Time left until the limit renews: the card's reset time counted from when the card was made. */
export function timeToReset(
  cardTime: number,
  reset: { reset_hours: number; reset_minutes: number },
  now: number,
): { hours: number; minutes: number } {
  const resetAt =
    cardTime + (Math.max(0, reset.reset_hours) * 60 + Math.max(0, reset.reset_minutes)) * 60_000;
  const left = Math.max(0, Math.ceil((resetAt - now) / 60_000));
  return { hours: Math.floor(left / 60), minutes: left % 60 };
}

/** «Лимит обновится через 3 ч 15 мин» (the card's reset time). */
export function resetText(hours: number, minutes: number): string {
  const h = Math.max(0, Math.floor(hours));
  const m = Math.max(0, Math.floor(minutes));
  if (h === 0 && m === 0) return 'Лимит скоро обновится';
  const parts = [h > 0 ? `${h} ч` : '', m > 0 || h === 0 ? `${m} мин` : ''].filter(Boolean);
  return `Лимит обновится через ${parts.join(' ')}`;
}
