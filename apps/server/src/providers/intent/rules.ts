import type { IntentPort, MediaIntent } from './port.ts';

/**
 * The offline intent adapter (issue 14): whether a message asks her for a photo or a video of
 * herself, by rules over its words, Russian and English. A request needs a request form — an
 * imperative or a "you"-future ("пришли", "скинешь", "send"), a wish ("хочу фото"), "can you …", a
 * sentence that opens with the picture ("фото на пляже?", "video of you dancing") — and the picture
 * must be of her: "фото кота", "фото моего друга", "pic of my dog" are not. What follows the request
 * words is the scene ("пришли фото на пляже" → "на пляже").
 */

/** Any suffix of a word. The patterns below run over the sentence's words joined by single spaces. */
const W = '[^ ]*';

const VIDEO_NOUNS = `видео|видос${W}|видяшк${W}|видюшк${W}|видеоролик${W}|ролик|ролика|ролики|роликов|кружоч${W}|кружок|video|videos|vid|vids|clip|clips`;
const PHOTO_NOUNS = `фото|фотк${W}|фоточк${W}|фотографи(?:ю|я|и)|фотосесси${W}|снимок|снимк${W}|картинк${W}|селфи|селфак${W}|селфач${W}|pic|pics|picture|pictures|photo|photos|selfie|selfies|image|images|snap|snaps|pix`;
const NOUN = `${VIDEO_NOUNS}|${PHOTO_NOUNS}`;

/** Request forms addressed to her: imperatives and "you"-futures. */
const SEND =
  'пришли|пришлите|присылай|присылайте|пришлешь|пришлете|вышли|вышлите|вышлешь|скинь|скиньте|скинешь|скинете|скидывай|кинь|киньте|кинешь|' +
  'отправь|отправьте|отправишь|отправите|покажи|покажите|покажешь|покажете|показывай|сделай|сделайте|сделаешь|сделаете|сними|снимите|снимешь|' +
  'засними|заснимешь|запиши|запишите|запишешь|сфоткай|сфоткаешь|сфотографируй|сфотографируешь|поделись|поделишься|' +
  'send|show|give|share|make|shoot|record|snap|drop|gimme|take|film|get me';
/** Wishes and permissions: "хочу фото", "можно видео?", "i want a pic". */
const WISH =
  'хочу|хочется|хотелось бы|хотел бы|хотела бы|жду|можно|дай|дайте|дашь|давай|давайте|надо|нужно|нужна|нужен|' +
  'i want|i need|i wanna|i d like|i would like|i d love|i would love|can i get|can i have|could i get|could i have|may i have|may i get|let me have|let me get';
/** "Can you …" with an infinitive. */
const MODAL =
  'можешь|можете|сможешь|сможете|могла бы|мог бы|могли бы|не могла бы|не можешь|прошу|попрошу|прошу тебя|хочу чтобы ты|хочу чтоб ты';
const INFINITIVE =
  'прислать|скинуть|кинуть|отправить|выслать|показать|сделать|снять|заснять|записать|сфоткать|сфотографировать|поделиться';
/** "Чтобы ты сняла видео". */
const PAST_FOR_HER =
  'прислала|скинула|кинула|отправила|показала|сделала|сняла|записала|сфоткала|сфотографировала';

/** Words that may stand between the request and the picture. */
const FILLER =
  'мне|нам|тоже|пожалуйста|плиз|плз|пжл|пж|пжлст|еще|разок|одно|одну|один|одна|хоть|хотя|бы|же|ка|быстро|быстренько|скорее|срочно|' +
  'сейчас|уже|какое|какую|какой|нибудь|какое-нибудь|какую-нибудь|какой-нибудь|свое|свою|свой|свои|своих|твое|твою|твой|твои|твоих|себя|' +
  'новое|новую|новый|новые|красивое|красивую|классное|классную|милое|милую|горячее|горячую|сексуальное|сексуальную|откровенное|' +
  'откровенную|короткое|короткий|короткую|небольшое|небольшой|свежее|свежую|свежий|ты|тебе|' +
  'a|an|the|me|us|one|another|more|new|some|your|cute|sexy|hot|nice|quick|short|please|pls|plz|fresh|recent|latest|u|you';

/** A request's scene may open with these ("фото на пляже", "video of you dancing"). */
const SCENE_START =
  'в|во|на|у|около|возле|перед|после|с|со|где|как|когда|из|под|тебя|себя|твое|свое|пожалуйста|плиз|плз|пжл|сейчас|еще|' +
  'of you|of yourself|of u|where|with|in|at|on|wearing|while|from|please|pls|plz|now|again|doing|dancing|smiling';
/** A sentence that opens with the picture may start with these. */
const LEAD =
  'а|ну|и|еще|так|ок|окей|теперь|тогда|одно|новое|твое|твою|твои|свое|and|so|now|ok|okay|another|one more|a|an|some|your|more';

/** Whose picture: a possessive of someone else, or a thing, makes it not a picture of her. */
const POSSESSIVE =
  /^(своего|своей|своих|твоего|твоей|твоих|моего|моей|моих|его|ее|их|этого|этой|этих|того|той|тех|нашего|нашей|наших|вашего|вашей|чужого|чужой|your|my|his|her|their|the|a|an|this|that|some|our)$/;
/** Her body and looks: "фото своих ног", "pic of your outfit" are pictures of her. */
const HER_PART_WORDS =
  'ног|ножек|ножк|рук|ручек|лиц|глаз|губ|волос|тел|фигур|груд|поп|живот|плеч|спин|улыбк|причес|наряд|образ|плать|купальник|бель|маникюр|педикюр|татуир|тату|' +
  'face|body|legs|feet|hands|eyes|lips|hair|smile|outfit|dress|look|figure|tattoo|nails';
const HER_PARTS = new RegExp(`^(?:${HER_PART_WORDS})`);
/** Things and other people a picture may be of. */
const OTHER_SUBJECTS =
  /^(кот|кота|коту|котов|кошки|кошек|котика|котенка|собак|собаки|собачки|пса|щенка|питомца|животн|еды|обеда|ужина|завтрака|блюда|заката|рассвета|неба|природы|города|улицы|дома|квартиры|комнаты|кухни|машины|друга|подруги|мамы|папы|брата|сестры|парня|мужа|бывшего|ребенка|детей|цветов|букета|документ|паспорта|экрана|чека|скрин|моря|океана|пейзажа|здания|которое|которую|который|которые|что|cat|dog|dogs|cats|pet|food|sunset|sky|city|house|room|car|friend|passport|screen|document|which|that|i)$/;

/** "Видео с концерта было классное": a sentence about a picture, not a request for one. */
const SAID_OF_A_PICTURE = /^(было|был|были|is|was|were|has|had|получилось|вышло|вышел)$/;

/**
 * English words before a request verb that make the user its subject: "I'll send", "I can take",
 * "I want to send" (but "I want you to send", "can you send" ask her).
 */
function theUserDoes(before: readonly string[]): boolean {
  const [previous, earlier] = [before[before.length - 1], before[before.length - 2]];
  if (previous === undefined) return false;
  if (/^(i|we|he|she|they|ll|ve)$/.test(previous)) return true;
  if (/^(will|shall|can|could|would|gonna|might|to)$/.test(previous)) {
    return earlier !== undefined && /^(i|we|he|she|they|want|need|going|have|ll)$/.test(earlier);
  }
  return false;
}

const CALL = /^(звон|созвон|позвон|видеозвон|видеосвяз|call|calls|calling|facetime|videocall)/;
const WATCH = /^(смотр|посмотр|глян|гляд|видел|видела|видали|watch|saw|seen)/;
const SEE_HER_CANCEL =
  /^(вживую|в реале|реале|реальности|лично|завтра|скоро|снова|tomorrow|later|soon|again|in person|irl|tonight|next)$/;

/** Words around a scene that are not the scene: "где ты", "пожалуйста", "of you". */
const SCENE_LEADING =
  /^(мне|нам|пожалуйста|плиз|плз|пжл|пж|сейчас|срочно|скорее|please|pls|plz|now|right|me|of|you|yourself|u|where|when|как|где|когда|чтобы|чтоб|котором|которой|ты|тебя|себя|с тобой|тобой|re|are|is|youre|while|чем|сама|свое|твое|just|a|an|уже|сегодня|теперь|today|tonight)$/;
const SCENE_TRAILING =
  /^(пожалуйста|плиз|плз|пжл|пж|please|pls|plz|мне|me|now|for|для|меня|сейчас|ок|ok|ладно|уже|сегодня|теперь|today)$/;

interface Word {
  text: string;
  start: number;
  end: number;
}

const VIDEO_WORD = new RegExp(`^(?:${VIDEO_NOUNS}|record|film|записать|запиши|запишешь)$`);

/** Text whose characters each lower-case to one character, the same alone as in context. */
const SIMPLE_CASE = /^[\t\n\r\x20-\x7Eа-яА-ЯёЁ]*$/;

/** Lower case, ё → е, one character for one: positions stay those of the original text. */
function normalize(text: string): string {
  // ASCII and Russian letters (most messages): the whole string at once, as the loop would make it.
  if (SIMPLE_CASE.test(text)) return text.toLowerCase().replaceAll('ё', 'е');
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    out += lower.length === ch.length ? lower : ch;
  }
  return out.replaceAll('ё', 'е');
}

function wordsOf(normalized: string, from: number, to: number): Word[] {
  const words: Word[] = [];
  for (const m of normalized.slice(from, to).matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu)) {
    words.push({ text: m[0], start: from + m.index, end: from + m.index + m[0].length });
  }
  return words;
}

const any = (words: readonly string[], pattern: RegExp) => words.some((w) => pattern.test(w));

interface Rule {
  pattern: RegExp;
  /** The picture is named in the match: the words after it must not say it is someone else's. */
  noun?: boolean;
  /** The match must be the sentence's opening and be followed by a scene (or nothing). */
  opening?: boolean;
  /** "Хочу тебя увидеть": not a meeting ("вживую", "завтра"). */
  seeing?: boolean;
}

const phrase = (source: string, flags = '') => new RegExp(`(?:^| )(?:${source})(?= |$)`, flags);
const VERB_GROUP = `(?:${MODAL})(?: (?:${FILLER})){0,2} (?:${INFINITIVE})|(?:чтобы|чтоб) ты (?:${PAST_FOR_HER})|${SEND}|${WISH}`;

const RULES: Rule[] = [
  // "сфоткайся на пляже", "сними себя на видео", "take a selfie".
  {
    pattern: phrase(
      'сфоткайся|сфотографируйся|сфоткаешься|сфотографируешься|щелкнись|сфоткай себя|сфотографируй себя|щелкни себя|' +
        `(?:сними|засними|запиши|снимешь|запишешь) себя(?: на (?:${VIDEO_NOUNS}|камеру|телефон))?|` +
        'take a selfie|snap a selfie|take a (?:pic|photo|picture) of yourself|record yourself|film yourself',
    ),
  },
  // "пришли фото", "можешь скинуть видео", "хочу твое селфи", "send me a pic".
  { pattern: phrase(`(?:${VERB_GROUP})(?: (?:${FILLER})){0,4} (?:${NOUN})`), noun: true },
  // "фотку скинь", "видео пришлешь?".
  { pattern: phrase(`(?:${NOUN})(?: (?:${FILLER})){0,3} (?:${SEND})`), noun: true },
  // "покажи себя", "покажись", "покажи, как ты выглядишь", "show me yourself".
  {
    pattern: phrase(
      'покажись|покажешься|покажитесь|' +
        '(?:покажи|покажите|покажешь|show)(?: (?:мне|нам|me|us|ка|же|пожалуйста|please)){0,2} (?:себя|yourself|you(?! (?:how|what|the|a|my|this|that|to)(?: |$)))' +
        '(?: (?:как ты|what you|how you) (?:выглядишь|look|look like))?|' +
        '(?:покажи|покажите|покажешь|show)(?: (?:мне|me|ка))? (?:как|где|what|how) (?:ты|you)(?: (?:сейчас|сегодня|теперь|now|today|are))?(?: (?:выглядишь|look like|look))?|' +
        `(?:покажи|покажите|покажешь|show)(?: (?:мне|me))?(?= (?:свое|свою|свои|твое|твою|твои|your) (?:${HER_PART_WORDS}))`,
    ),
  },
  // "хочу тебя увидеть", "можно на тебя посмотреть", "can I see you".
  {
    pattern: phrase(
      '(?:хочу|хотел бы|хотела бы|хочется|можно|дай|дайте|давай|мечтаю|жду)(?: (?:мне|тебя|на тебя|еще|разок|хоть|бы|же|ка|уже)){0,3} (?:увидеть|посмотреть|взглянуть|глянуть)(?: (?:тебя|на тебя))?|' +
        '(?:can i|could i|may i|let me|i want to|i wanna|i d like to|i would like to|i d love to|i need to|i would love to)(?: just| finally)? see you',
    ),
    seeing: true,
  },
  // "как ты выглядишь?", "what do you look like".
  {
    pattern: phrase(
      'как ты(?: (?:сейчас|сегодня|теперь))? выглядишь(?: (?:сейчас|сегодня|теперь))?|what do you look like|how do you look|what you look like',
    ),
  },
  // "у тебя есть фото?", "есть фото в купальнике?".
  {
    pattern: new RegExp(
      `^(?:а )?(?:у тебя )?есть(?: (?:еще|твое|твои|свое|свои|какое-нибудь|какие-нибудь|какие|новые|новое))* (?:${PHOTO_NOUNS}|${VIDEO_NOUNS})(?= |$)`,
    ),
    noun: true,
    opening: true,
  },
  // "фото на пляже?", "селфи!", "а видео?", "video of you dancing".
  { pattern: new RegExp(`^(?:(?:${LEAD}) ){0,2}(?:${NOUN})(?= |$)`), noun: true, opening: true },
];

/** The scene: the words after the request, without leading request words and trailing politeness. */
function sceneOf(text: string, words: Word[]): string {
  let from = 0;
  let to = words.length;
  while (from < to && SCENE_LEADING.test(words[from]!.text)) from += 1;
  while (to > from && SCENE_TRAILING.test(words[to - 1]!.text)) to -= 1;
  if (from >= to) return '';
  return text.slice(words[from]!.start, words[to - 1]!.end).trim();
}

/** Whether the words after the picture say it is someone else's or a thing ("кота", "of my dog"). */
function ofSomeoneElse(after: string[]): boolean {
  let [first, second] = after;
  if (first === 'of' && second !== undefined) {
    if (/^(you|yourself|u)$/.test(second)) return false;
    [first, second] = after.slice(1);
  }
  if (first === undefined) return false;
  if (POSSESSIVE.test(first)) return second === undefined || !HER_PARTS.test(second);
  return OTHER_SUBJECTS.test(first);
}

const OPENS_A_SCENE = new RegExp(`^(?:${SCENE_START})(?: |$)`);
const PREPOSITION = /^(в|во|на|у|около|возле|перед|после|in|at|on|wearing)$/;

/** One rule's match in a sentence's words: what was said, and the words before and after it. */
interface Found {
  rule: Rule;
  said: string[];
  before: string[];
  after: string[];
  /** The index of the first word after the match. */
  end: number;
}

/** The first rule that matches decides. */
function firstMatch(texts: string[]): Found | undefined {
  const joined = texts.join(' ');
  for (const rule of RULES) {
    const match = rule.pattern.exec(joined);
    if (!match) continue;
    const matchStart = match.index + (match[0].startsWith(' ') ? 1 : 0);
    const start = joined.slice(0, matchStart).split(' ').length - 1;
    const end = joined.slice(0, match.index + match[0].length).split(' ').length;
    return {
      rule,
      said: texts.slice(start, end),
      before: texts.slice(0, start),
      after: texts.slice(end),
      end,
    };
  }
  return undefined;
}

/** Whether what the rule found is not a request after all; `texts` is the whole sentence. */
function notARequest({ rule, said, before, after }: Found, texts: string[]): boolean {
  const previous = before[before.length - 1];
  // "не присылай фото", "не надо видео" (a "you"-future stays a polite request: "не пришлешь фото?").
  if ((previous === 'не' || previous === 'нельзя') && !/шь$/.test(said[0] ?? '')) return true;
  if (/^[a-z]/.test(said[0] ?? '') && said[0] !== 'i' && theUserDoes(before)) return true;
  if (any(texts, WATCH) && !/ (на тебя|at you|see you)( |$)/.test(` ${texts.join(' ')} `)) return true;
  if (rule.noun && ofSomeoneElse(after)) return true;
  if (
    rule.opening &&
    (any(after, SAID_OF_A_PICTURE) || (after.length > 0 && !OPENS_A_SCENE.test(after.slice(0, 2).join(' '))))
  ) {
    return true;
  }
  const next = after.slice(0, 2);
  return Boolean(
    rule.seeing && next.length > 0 && (SEE_HER_CANCEL.test(next[0]!) || SEE_HER_CANCEL.test(next.join(' '))),
  );
}

function detectInSentence(text: string, words: Word[]): MediaIntent | null {
  const texts = words.map((w) => w.text);
  if (any(texts, CALL)) return null;
  // A match that turns out not to be a request ends the search: no later rule overrules it.
  const found = firstMatch(texts);
  if (!found || notARequest(found, texts)) return null;
  const { said, after, end } = found;
  const kind = any(said, VIDEO_WORD) || any(after.slice(0, 2), VIDEO_WORD) ? 'video' : 'photo';
  // "покажи себя на видео": the medium is not the scene.
  const skip = after[0] === 'на' && VIDEO_WORD.test(after[1] ?? '') ? 2 : 0;
  let scene = sceneOf(text, words.slice(end + skip));
  // "В красном платье покажись": the scene before the request.
  const start = end - said.length;
  if (!scene && start > 0 && PREPOSITION.test(texts[0] ?? '')) scene = sceneOf(text, words.slice(0, start));
  return { kind, scene };
}

/** Cheap and broad: false means the message cannot be a request (the model is not asked). */
const MIGHT_BE =
  /(фот|селфи|видео|видос|видяш|видюш|ролик|кружоч|кружок|снимок|снимк|картинк|покаж|увид|посмотр|взглян|выгляд|сфот|щелкн|сними|сним|засним|запиш|pic|photo|selfie|video|vid|clip|image|snap|pix|show|see you|look like|how do you look)/;

export function mightBeMediaRequest(text: string): boolean {
  return MIGHT_BE.test(normalize(text));
}

/** The request in a message, or null: the first sentence that asks wins. */
export function detectMediaRequest(text: string): MediaIntent | null {
  const normalized = normalize(text);
  if (!MIGHT_BE.test(normalized)) return null;
  for (const sentence of normalized.matchAll(/[^.!?\n]+/g)) {
    const words = wordsOf(normalized, sentence.index, sentence.index + sentence[0].length);
    const found = detectInSentence(text, words);
    if (found) return found;
  }
  return null;
}

export function createRulesIntent(): IntentPort {
  return {
    adapter: 'rules',
    offline: true,
    describe: () =>
      'intent: OFFLINE rules recognise photo and video requests (set LLM_PROVIDER=openai to let the model decide)',
    detect: async (text) => detectMediaRequest(text),
  };
}
