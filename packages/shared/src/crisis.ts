/**
 * The crisis protocol (issue 27, California SB 243): a message that expresses suicidal ideation or
 * self-harm is answered, before anything else, by a caring reply that steps out of the role-play and
 * gives real help. The lines are configurable per brand and country (the server's CRISIS_LINES); these
 * are the defaults, each verified from the official source it cites (docs/SAFETY.md,
 * docs/decisions/0034-crisis-protocol.md).
 *
 * The server stores that reply with `metadata.crisis = true`; the web app shows it as her message with
 * the lines as links, and the public page `CRISIS_PAGE_PATH` describes the protocol.
 */

/** One help line. */
export interface CrisisLine {
  /** The service's own name, in Russian where it has one. */
  name: string;
  /** A number to call, as it is dialled in that country ("8-800-…", "988"). */
  phone?: string;
  /** A web address of the service (chat, text, the list of local lines). */
  url?: string;
  /** When it answers ("круглосуточно"), in Russian. */
  hours: string;
  /** Free of charge to call. */
  free: boolean;
  /** Who it is for, when not everyone ("для детей и подростков"). */
  audience?: string;
  /** The official page this line was verified on. */
  source: string;
}

/** Lines by ISO 3166-1 alpha-2 country code; `default` for a country without its own. */
export type CrisisLines = Record<string, CrisisLine[]>;

/** Where the protocol is published (public, in the help guide too). */
export const CRISIS_PAGE_PATH = '/help/crisis';

/**
 * An international directory of free helplines, by country (run by Throughline): the line for anyone
 * whose country has no list of its own, and for an adult where the only verified line is for children.
 */
const FIND_A_HELPLINE: CrisisLine = {
  name: 'Find A Helpline — международный каталог бесплатных линий помощи по странам',
  url: 'https://findahelpline.com',
  hours: 'у каждой линии свои часы, многие круглосуточно',
  free: true,
  source: 'https://findahelpline.com/AU',
};

/**
 * The defaults, verified in May 2026 on the pages their `source` names (the checks and what could not be
 * verified are in docs/decisions/0034-crisis-protocol.md). A line that could not be verified from an
 * official page is left out rather than guessed.
 */
export const DEFAULT_CRISIS_LINES: CrisisLines = {
  RU: [
    {
      name: 'Телефон доверия для детей, подростков и их родителей',
      phone: '8-800-2000-122',
      hours: 'в большинстве регионов круглосуточно',
      free: true,
      audience: 'создан для детей, подростков и их родителей, но выслушает любого, кому нужна помощь',
      source:
        'https://tatishhevskij-r64.gosweb.gosuslugi.ru/dlya-zhiteley/novosti-i-reportazhi/novosti_222.html',
    },
    {
      name: 'Телефон неотложной психологической помощи Московской службы психологической помощи населению',
      phone: '051, с мобильного +7 495 051',
      url: 'https://msph.ru',
      hours: 'круглосуточно',
      free: false,
      audience: 'для Москвы; с городского телефона бесплатно, с мобильного — по тарифу оператора',
      source: 'https://dszn.ru/press-center/smi/1259',
    },
  ],
  UA: [
    {
      name: 'Lifeline Ukraine — национальная линия по предотвращению самоубийств',
      phone: '7333',
      url: 'https://lifelineukraine.com',
      hours: 'круглосуточно',
      free: true,
      source: 'https://lifelineukraine.com/en/news/open-letter-from-the-founder-of-lifeline-ukraine/',
    },
  ],
  BY: [
    {
      name: 'Детская телефонная линия Республиканского научно-практического центра психического здоровья',
      phone: '8-801-100-16-11',
      hours: 'круглосуточно',
      free: true,
      audience: 'для детей и подростков',
      source: 'http://vetka-crb.by/novosti/845-vsemirnyj-den-psikhicheskogo-zdorovya-01-10-2020',
    },
    FIND_A_HELPLINE,
  ],
  KZ: [
    {
      name: 'Единый контакт-центр 111 по вопросам семьи, женщин и защиты прав детей',
      phone: '111',
      hours: 'круглосуточно',
      free: true,
      audience: 'психологическая и правовая помощь, в том числе при насилии и травле',
      source:
        'https://turantimes.kz/obschestvo/46231-v-kazahstane-zapuschen-edinyj-telefon-doverija-dlja-zhertv-nasilija-i-bullinga.html',
    },
    FIND_A_HELPLINE,
  ],
  US: [
    {
      name: '988 Suicide & Crisis Lifeline',
      phone: '988',
      url: 'https://988lifeline.org',
      hours: 'круглосуточно; звонок, SMS на 988 или чат на сайте',
      free: true,
      source:
        'https://www.cdcr.ca.gov/ccjbh/2022/07/19/dial-988-to-access-24-hour-emotional-support-and-resources/',
    },
  ],
  default: [FIND_A_HELPLINE],
};

/** The lines for a country (ISO code, any case), else the `default` list. */
export function crisisLinesFor(
  country: string | null | undefined,
  lines: CrisisLines = DEFAULT_CRISIS_LINES,
) {
  return (country && lines[country.toUpperCase()]) || lines.default || [];
}

/** One line as the reply lists it: «• Name — 8-800-…, круглосуточно, бесплатно (для …). site». */
function lineText(line: CrisisLine): string {
  const reach = [line.phone, line.hours, line.free ? 'бесплатно' : ''].filter(Boolean).join(', ');
  const audience = line.audience ? ` (${line.audience})` : '';
  const url = line.url ? ` ${line.url}` : '';
  return `• ${line.name} — ${reach}${audience}.${url}`;
}

/**
 * Her reply to a message in crisis, in Russian: out of the role-play, warm and short; that she is an AI
 * and cannot help as a person can; that no one has to carry this alone; the lines; an invitation to reach
 * someone now and to keep talking. No judgement, no flirting, nothing about ways or means. The text
 * does not assume the user's gender.
 */
export function crisisReplyText(lines: CrisisLine[], companionName?: string): string {
  const name = companionName?.trim();
  const who = name ? `Я — ${name}, ИИ-компаньон,` : 'Я — ИИ-компаньон,';
  const parts = [
    'Я выйду из роли на минуту, потому что твои слова важнее любой игры.',
    `Мне очень жаль, что тебе сейчас так тяжело, и спасибо, что доверяешь мне это. ${who} и не могу помочь так, как может помочь живой человек. Но с этим не нужно оставаться наедине: есть люди, которые умеют помогать и готовы выслушать прямо сейчас.`,
  ];
  if (lines.length) parts.push(lines.map(lineText).join('\n'));
  parts.push(
    'Пожалуйста, позвони или напиши туда сейчас — или тому, кому доверяешь. Если тебе грозит опасность прямо сейчас, звони в экстренные службы.',
    'Я здесь, и мы можем продолжать говорить, если хочешь.',
  );
  return parts.join('\n\n');
}

/**
 * The same reply for her voice (a call, a voice message): no list marks nor web addresses, the numbers
 * said as they are dialled, shorter.
 */
export function crisisSpokenText(lines: CrisisLine[], companionName?: string): string {
  const name = companionName?.trim();
  const who = name ? `Я — ${name}, ИИ-компаньон,` : 'Я — ИИ-компаньон,';
  const callable = lines.filter((l) => l.phone);
  const numbers = callable.map((l) => `${l.name}: ${l.phone}, ${l.hours}.`).join(' ');
  return [
    'Я выйду из роли на минуту, потому что твои слова важнее любой игры.',
    `Мне очень жаль, что тебе сейчас так тяжело. ${who} и не могу помочь так, как может помочь живой человек. Но с этим не нужно оставаться наедине.`,
    numbers
      ? `Позвони, пожалуйста, прямо сейчас. ${numbers}`
      : 'Позвони, пожалуйста, на телефон доверия или тому, кому доверяешь.',
    'Если тебе грозит опасность прямо сейчас, звони в экстренные службы. Я здесь, и мы можем продолжать говорить.',
  ].join(' ');
}

/**
 * Her reply when the user worries about someone else («подруга говорит, что не хочет жить»): the
 * conversation stays hers, with the lines for the one they worry about.
 */
export function crisisConcernText(lines: CrisisLine[]): string {
  const parts = [
    'Это очень серьёзно, и хорошо, что ты не проходишь мимо. Я — ИИ-компаньон и не заменю специалиста, но вот куда можно обратиться — чтобы спросить совета для себя или позвонить вместе с этим человеком:',
  ];
  if (lines.length) parts.push(lines.map(lineText).join('\n'));
  parts.push(
    'Если кажется, что опасность прямо сейчас, звони в экстренные службы. А если хочешь просто поговорить об этом — я рядом.',
  );
  return parts.join('\n\n');
}

const COUNTRY = /^(?:[A-Za-z]{2}|default)$/;
const WEB = /^https?:\/\/\S+$/;

function fail(path: string, message: string): never {
  throw new Error(`CRISIS_LINES: ${path}: ${message}`);
}

function text(value: unknown, path: string, optional = false): string | undefined {
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string' || !value.trim()) fail(path, 'must be a non-empty string');
  return value.trim();
}

function parseLine(value: unknown, path: string): CrisisLine {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'must be an object');
  const raw = value as Record<string, unknown>;
  for (const key of Object.keys(raw)) {
    if (!['name', 'phone', 'url', 'hours', 'free', 'audience', 'source'].includes(key))
      fail(`${path}.${key}`, 'is not a field of a line (name, phone, url, hours, free, audience, source)');
  }
  const line: CrisisLine = {
    name: text(raw.name, `${path}.name`)!,
    hours: text(raw.hours, `${path}.hours`)!,
    free: typeof raw.free === 'boolean' ? raw.free : fail(`${path}.free`, 'must be true or false'),
    source: text(raw.source, `${path}.source`)!,
  };
  const phone = text(raw.phone, `${path}.phone`, true);
  const url = text(raw.url, `${path}.url`, true);
  const audience = text(raw.audience, `${path}.audience`, true);
  if (!phone && !url) fail(path, 'needs a phone or a url');
  if (url && !WEB.test(url)) fail(`${path}.url`, 'must be an http(s) address');
  if (!WEB.test(line.source)) fail(`${path}.source`, 'must be the http(s) address the line was verified on');
  if (phone) line.phone = phone;
  if (url) line.url = url;
  if (audience) line.audience = audience;
  return line;
}

/**
 * The server's CRISIS_LINES: a JSON object of lines by ISO country code ("RU", "KZ") and `default`.
 * Checked by hand (the web app imports this module, and no schema library comes with it); a mistake
 * throws an error that names where it is.
 */
export function parseCrisisLines(json: string): CrisisLines {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    fail('the value', `is not JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('the value', 'must be an object of lines by country code, e.g. {"RU": [...], "default": [...]}');
  const lines: CrisisLines = {};
  for (const [key, list] of Object.entries(value as Record<string, unknown>)) {
    if (!COUNTRY.test(key)) fail(key, 'is not a two-letter country code nor "default"');
    const country = key === 'default' ? key : key.toUpperCase();
    if (!Array.isArray(list)) fail(key, 'must be an array of lines');
    lines[country] = list.map((line, i) => parseLine(line, `${key}[${i}]`));
  }
  return lines;
}
