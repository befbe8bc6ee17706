import {
  HELP_AUDIO_LINES,
  type HelpAudioName,
  helpAudioUrl,
  LIMIT_TIERS,
  type LimitTier,
  PRODUCT_FEATURES,
  type ProductFeature,
  ruPlural,
  TIER_LIMITS,
  type TierLimits,
} from '@podruga/shared';

type Features = Readonly<Record<ProductFeature, boolean>>;

/** A block the dialog draws inside a section, after its paragraphs. */
export type GuideBlock =
  | 'photoExamples'
  | 'voiceExamples'
  | 'videoExample'
  | 'limitsTable'
  | 'supportButton'
  | 'crisisLink';

/** The care section's link to the crisis page (CRISIS_PAGE_PATH). */
export const CRISIS_LINK_TEXT = 'Подробнее и все телефоны помощи';

/** One of the server's audio examples (GET /api/help/audio/{name}; 001 §2, §9). */
export interface AudioExample {
  name: HelpAudioName;
  src: string;
  title: string;
  caption: string;
  /** What she says, line by line: the transcript under the player. */
  lines: readonly string[];
}

/**
 * Her voice in the guide: two voice messages and a phone call. Our voices are hers only, so the call
 * sample is her side of it, and its caption says so.
 */
export function audioExamples(features: Features = PRODUCT_FEATURES): AudioExample[] {
  const example = (name: HelpAudioName, title: string, caption: string): AudioExample => ({
    name,
    src: helpAudioUrl(name),
    title,
    caption,
    lines: HELP_AUDIO_LINES[name],
  });
  return [
    example('voice01', 'Голосовое: «Доброе утро»', 'Так звучат её голосовые сообщения.'),
    example('voice02', 'Голосовое: «Как прошёл день?»', 'Она ждёт твоих новостей.'),
    example(
      'call',
      'Звонок',
      features.voiceCalls
        ? 'Слышна только её сторона разговора: паузы — там, где говоришь ты.'
        : 'Так она будет звучать в звонке. Слышна только её сторона разговора: паузы — там, где говоришь ты.',
    ),
  ];
}

export interface GuideSection {
  id: string;
  title: string;
  paragraphs: string[];
  /** The part this section is about is not live yet: the section says so, with no buttons. */
  soon?: boolean;
  blocks?: GuideBlock[];
}

const SOON = 'Скоро.';

const messages = (n: number) => `${n} ${ruPlural(n, ['сообщение', 'сообщения', 'сообщений'])}`;

/**
 * The help guide's sections: the 8 of 001 §2 Dialogs, and the care section of issue 27 (she is an AI;
 * the crisis protocol, its page linked) in the product's voice. Copy reads PRODUCT_FEATURES: a
 * part that is not live gets one honest "скоро" line and no button (decision 0010); numbers come from
 * the tiers (TIER_LIMITS), never typed in here.
 */
export function guideSections(features: Features = PRODUCT_FEATURES): GuideSection[] {
  const t = TIER_LIMITS;
  const voiceSoon = !(features.voiceMessages || features.voiceCalls);
  // A section that is all "soon" carries the badge; one live in part says which part is coming.
  const voiceLater = voiceSoon ? '' : `${SOON} `;
  return [
    {
      id: 'create',
      title: 'Как создать подругу',
      paragraphs: [
        'На главной странице собери её сама: имя, возраст, внешность, затем характер, профессию и манеру речи. После этого мы нарисуем её портрет — выбери тот, что нравится, и начинай общаться.',
        'Не хочешь собирать? В «Галерее подруг» есть готовые — выбери любую, и она станет твоей.',
        `Гостю доступна ${t.guest.companions ?? '—'} подруга, после регистрации — до ${t.free.companions ?? '—'}.`,
      ],
    },
    {
      id: 'chat',
      title: 'Общение',
      paragraphs: [
        'Пиши ей как близкому человеку: она помнит, как тебя зовут и о чём вы говорили, отвечает в своём характере и настроении.',
        'Можно отправить ей фото — кнопка с картинкой рядом с полем ввода: она посмотрит и ответит.',
        `Сообщения считаются за день: гостю — ${messages(t.guest.messagesPerDay)}, после регистрации — ${messages(t.free.messagesPerDay)}, с подтверждённой эл. почтой — ${messages(t.verified.messagesPerDay)}. Лимит обновляется в полночь по Москве.`,
        'Если в чате видна пометка «демо-режим», отвечает простой встроенный движок, а не ИИ-модель.',
      ],
    },
    {
      id: 'photos',
      title: 'Её фото',
      paragraphs: features.companionPhotos
        ? [
            'Попроси её прислать фото — опиши, где она и что делает, и она пришлёт снимок прямо в чат.',
            'Вот так выглядят портреты, которые рисует наш генератор. Нажми на любой, чтобы рассмотреть.',
          ]
        : [
            `${SOON} Она научится присылать свои фото по просьбе прямо в чате.`,
            'А пока — портреты, которые наш генератор рисует для подруг из галереи. Нажми на любой, чтобы рассмотреть.',
          ],
      blocks: ['photoExamples'],
    },
    {
      id: 'voice',
      title: 'Голосовые сообщения и звонки',
      soon: voiceSoon,
      paragraphs: [
        features.voiceMessages
          ? 'Нажми на микрофон, чтобы записать голосовое: она услышит и ответит. Кнопка «Послушать» под её сообщением прочитает его её голосом.'
          : `${voiceLater}Можно будет отправлять ей голосовые и слушать её ответы.`,
        features.voiceCalls
          ? `Позвони ей из чата. Минуты звонков считаются за день: ${voice(t.free)} после регистрации, ${voice(t.plus)} с Plus.`
          : `${voiceLater}Можно будет позвонить ей и поговорить голосом.`,
      ],
      // Her voice exists once either part is live: the examples are spoken by it.
      blocks: voiceSoon ? [] : ['voiceExamples'],
    },
    {
      id: 'video',
      title: 'Видео',
      soon: !features.videos,
      paragraphs: features.videos
        ? [`Попроси её прислать видео — с Plus это ${t.plus.videosPerDay} видео в день.`]
        : ['Она сможет присылать короткие видео по просьбе.'],
      blocks: features.videos ? ['videoExample'] : [],
    },
    {
      id: 'limits',
      title: 'Лимиты и тарифы',
      paragraphs: [
        'Сколько всего доступно в день — в таблице. Лимиты обновляются в полночь по московскому времени.',
        features.payments
          ? 'Plus и VIP покупаются на 30, 90 или 365 дней — без автопродления.'
          : 'Платные тарифы Plus и VIP появятся позже — сейчас всё, что есть в таблице, бесплатно.',
      ],
      blocks: ['limitsTable'],
    },
    {
      id: 'install',
      title: 'Приложение на телефон',
      soon: !features.appInstall,
      paragraphs: features.appInstall
        ? [
            'Открой меню и выбери «Установить приложение» — она всегда будет под рукой, на главном экране.',
            `В установленном приложении после регистрации — ${messages(t.pwa.messagesPerDay)} в день.`,
          ]
        : ['Сайт можно будет установить на телефон как приложение — с иконкой на главном экране.'],
    },
    {
      id: 'privacy',
      title: 'Приватность и поддержка',
      paragraphs: [
        'Переписка шифруется при передаче и при хранении. Это не сквозное шифрование: чтобы отвечать, ИИ на наших серверах читает сообщения.',
        features.selfServiceAccount
          ? 'Удалить аккаунт или выгрузить переписку можно в профиле.'
          : 'Чтобы выгрузить переписку или удалить аккаунт, напиши в поддержку — мы всё сделаем.',
        'Что-то не работает или есть идея? Напиши нам — ответим на почту.',
      ],
      blocks: ['supportButton'],
    },
    {
      // Issue 27 (SB 243): she is an AI, and what she does for someone in crisis; the page says more.
      id: 'care',
      title: 'Если тебе тяжело',
      paragraphs: [
        'Подруга — ИИ-компаньон: её ответы пишет искусственный интеллект, а не человек. Об этом напоминает метка «ИИ» в чате и в звонке.',
        'Если написать ей о мыслях о самоубийстве или о желании причинить себе вред, она выйдет из роли, ответит бережно и даст контакты служб помощи, где ответят живые люди. Мы считаем только, сколько раз это случилось, — без данных о тебе.',
        'Если тебе угрожает опасность прямо сейчас — звони 112.',
      ],
      blocks: ['crisisLink'],
    },
  ];
}

function voice(limits: TierLimits): string {
  return limits.voiceSecondsPerDay >= 60
    ? `${limits.voiceSecondsPerDay / 60} мин`
    : `${limits.voiceSecondsPerDay} сек`;
}

const TIER_LABELS: Record<LimitTier, string> = {
  guest: 'Гость',
  free: 'Аккаунт',
  verified: 'Почта подтверждена',
  pwa: 'Приложение',
  plus: 'Plus',
  vip: 'VIP',
};

export interface LimitsTable {
  tiers: Array<{ tier: LimitTier; label: string }>;
  rows: Array<{ label: string; cells: string[] }>;
}

/** A limit as the spec displays it (001 §9): 'Безлимитно' for unlimited, 'Недоступно' for 0. */
function shown(value: number | null, unit: (n: number) => string): string {
  if (value === null) return 'Безлимитно';
  if (value === 0) return 'Недоступно';
  return unit(value);
}

/** «N мин/день», or seconds per day under a minute (001 §9). */
function voicePerDay(seconds: number): string {
  return seconds < 60 ? `${seconds} сек/день` : `${Math.floor(seconds / 60)} мин/день`;
}

/**
 * The guide's limits table, from TIER_LIMITS: the tiers one can reach today (the app's tier once the
 * app installs, Plus and VIP once they can be bought) and the resources that exist.
 */
export function limitsTable(features: Features = PRODUCT_FEATURES): LimitsTable {
  const tiers = LIMIT_TIERS.filter((tier) => {
    if (tier === 'pwa') return features.appInstall;
    if (tier === 'plus' || tier === 'vip') return features.payments;
    return true;
  });
  const row = (label: string, cell: (l: TierLimits) => string) => ({
    label,
    cells: tiers.map((tier) => cell(TIER_LIMITS[tier])),
  });
  const rows = [row('Сообщения', (l) => shown(l.messagesPerDay, (n) => `${n}/день`))];
  if (features.voiceMessages || features.voiceCalls) {
    rows.push(row('Голос', (l) => shown(l.voiceSecondsPerDay, voicePerDay)));
  }
  if (features.videos) rows.push(row('Видео', (l) => shown(l.videosPerDay, (n) => `${n}/день`)));
  rows.push(row('Подруги', (l) => shown(l.companions, String)));
  return { tiers: tiers.map((tier) => ({ tier, label: TIER_LABELS[tier] })), rows };
}
