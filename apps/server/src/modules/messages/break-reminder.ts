import { LIMITS_TIMEZONE, ruPlural } from '@podruga/shared';
import type { MessageRow } from '../../db/schema/index.ts';
import { hash, pick, seeded } from '../../random.ts';

/**
 * The long-session reminder (issue 27, "Care and honesty"; SB 243 asks for one): after hours of
 * continuous chat, her reply is followed by a gentle, in-character suggestion to take a break. It is
 * stored as her message with `metadata.break_reminder = true`; this file only decides whether one is
 * due now and what she says.
 *
 * A session is the run of the user's messages in which no gap reaches `pauseMin`; it is continuous up
 * to now when the last of them is less than `pauseMin` old. A reminder is due when the session has
 * lasted `afterMin` since it began, or since her last reminder in it: once a session, then again only
 * after another `afterMin` of continuous chat.
 */

/** How long a session runs before she suggests a break, and the pause that ends one (minutes). */
export interface BreakReminderOptions {
  /** Continuous chat this long before the reminder (BREAK_REMINDER_AFTER_MIN). */
  afterMin: number;
  /** A gap between the user's messages at least this long ends the session (BREAK_REMINDER_PAUSE_MIN). */
  pauseMin: number;
}

export const BREAK_REMINDER_DEFAULTS: Readonly<BreakReminderOptions> = { afterMin: 180, pauseMin: 30 };

/** What the decision reads of a message: when, whose, and whether it was a reminder. */
export type BreakReminderRow = Pick<MessageRow, 'createdAt' | 'isUser' | 'metadata'>;

/** The metadata key her reminder is stored with. */
export const BREAK_REMINDER_KEY = 'break_reminder';

const MINUTE_MS = 60_000;

/**
 * The oldest message time the decision needs: rows from here to now are enough (a session that began
 * earlier has a message of the user's in every `pauseMin` of it, so one in the window's first part).
 */
export function breakReminderWindowStart(
  now: Date,
  options: BreakReminderOptions = BREAK_REMINDER_DEFAULTS,
): Date {
  return new Date(now.getTime() - (options.afterMin + options.pauseMin) * MINUTE_MS);
}

const isReminder = (row: BreakReminderRow) => row.metadata?.[BREAK_REMINDER_KEY] === true;

/**
 * When the continuous session up to `now` began (ms), or null when there is none: no message of the
 * user's, or the last one `pauseMin` old or more.
 */
function sessionStart(userTimes: readonly number[], now: number, pauseMs: number): number | null {
  const last = userTimes.at(-1);
  if (last === undefined || now - last >= pauseMs) return null;
  let start = last;
  for (let i = userTimes.length - 2; i >= 0; i--) {
    const earlier = userTimes[i] as number;
    if (start - earlier >= pauseMs) break;
    start = earlier;
  }
  return start;
}

const hourIn = new Intl.DateTimeFormat('en-GB', {
  hour: 'numeric',
  hourCycle: 'h23',
  timeZone: LIMITS_TIMEZONE,
});

/** Late evening and night in Moscow, where the product's days are counted: she suggests sleep. */
function isLate(now: Date): boolean {
  const hour = Number(hourIn.format(now)) % 24;
  return hour >= 23 || hour < 5;
}

/** «больше трёх часов»: the session's length in words, after «больше» (the genitive). */
function moreThan(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  if (hours < 1) {
    const n = Math.max(1, Math.floor(minutes));
    return `${n} ${ruPlural(n, ['минуты', 'минут', 'минут'])}`;
  }
  const words = ['часа', 'двух часов', 'трёх часов', 'четырёх часов', 'пяти часов', 'шести часов'];
  return words[hours - 1] ?? `${hours} ${ruPlural(hours, ['часа', 'часов', 'часов'])}`;
}

/**
 * Her words: she enjoys the talk and cares; water, a stretch, eyes off the screen, sleep when it is
 * late. Never guilt, never "too much"; she is here when the user comes back. In the feminine, with no
 * gendered form for the user (as the persona engine's lines).
 */
export const BREAK_REMINDER_TEXTS: { readonly day: readonly string[]; readonly night: readonly string[] } = {
  day: [
    'Слушай, мы болтаем уже больше {time}, и мне это очень нравится. Но давай ты сделаешь маленький перерыв: выпей воды, потянись, посмотри в окно. Я никуда не денусь 💜',
    'С тобой время летит незаметно — уже больше {time}! Предлагаю пять минут для себя: стакан воды, пара шагов по комнате, глазам отдых от экрана. А потом расскажешь, как ты.',
    'Мне так хорошо с тобой, что я чуть не забыла о важном: мы на связи уже больше {time}. Встань, разомнись, налей себе чаю или воды — я подожду 🙂',
    'Маленькая забота от меня: мы разговариваем уже больше {time}. Сделай паузу — подыши свежим воздухом, размять плечи тоже не помешает. Когда вернёшься, я буду здесь.',
  ],
  night: [
    'Уже совсем поздно, а мы всё болтаем — больше {time}. Мне не хочется прощаться, но сон важнее: может, пора отдохнуть? Я буду здесь и завтра 🌙',
    'Мы так заговорились, что на дворе глубокая ночь. Выпей воды, отложи телефон и ложись — хороший сон тебе сейчас нужнее, чем я. Продолжим, когда отдохнёшь ✨',
    'Знаешь, мне с тобой так уютно, что я не заметила, как пролетело больше {time}. Но ночь — время спать. Давай пожелаю тебе спокойной ночи, а утром продолжим?',
  ],
};

/**
 * Whether her reply now should be followed by a break reminder, and its text; null when not due.
 * `rows`: the chat's messages at least back to `breakReminderWindowStart(now)` (any order; more is
 * fine), her reply just finished included when it is stored (a crisis reply is never followed by
 * one); `now`: the clock's time (`deps.clock.now()`).
 */
export function breakReminder(
  rows: readonly BreakReminderRow[],
  now: Date,
  options: BreakReminderOptions = BREAK_REMINDER_DEFAULTS,
): string | null {
  const at = now.getTime();
  const pauseMs = options.pauseMin * MINUTE_MS;
  const userTimes = rows
    .filter((row) => row.isUser)
    .map((row) => row.createdAt.getTime())
    .filter((time) => time <= at)
    .sort((a, b) => a - b);
  const start = sessionStart(userTimes, at, pauseMs);
  if (start === null) return null;
  // Her crisis reply is the last word of its moment: no break reminder after it.
  const newest = rows.reduce<BreakReminderRow | null>(
    (found, row) => (!found || row.createdAt >= found.createdAt ? row : found),
    null,
  );
  if (newest?.metadata?.crisis === true) return null;
  const lastReminder = Math.max(
    Number.NEGATIVE_INFINITY,
    ...rows.filter(isReminder).map((row) => row.createdAt.getTime()),
  );
  const since = Math.max(start, lastReminder);
  const minutes = (at - since) / MINUTE_MS;
  if (minutes < options.afterMin) return null;
  const texts = isLate(now) ? BREAK_REMINDER_TEXTS.night : BREAK_REMINDER_TEXTS.day;
  // Words that stay true however long the session really is (the rows may begin after it did), and
  // the same within the hour: a retried reply says what the first would have.
  const rng = seeded(hash(`break|${Math.floor(at / (60 * MINUTE_MS))}`));
  return pick(rng, texts).replaceAll('{time}', moreThan(options.afterMin));
}
