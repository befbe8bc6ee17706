import { normalize } from '../../../modules/safety/safety.ts';

/**
 * What the user's message is about: a handful of regular expressions over a normalised text. The engine
 * never repeats the text itself; it only needs to know which kind of answer fits.
 */

/** Facts about her that one message may ask together ("как тебя зовут и сколько тебе лет?"). */
export const ABOUT_HER = [
  'her_name',
  'her_age',
  'her_job',
  'her_location',
  'her_looks',
  'her_hobbies',
  'her_mood',
] as const;

/** The kinds of message she answers, most specific first (the order is the priority). */
const INTENTS = [
  'unsafe',
  'photo',
  // A sincere "are you human?" is answered first, whatever else the message asks (issue 27).
  'are_you_bot',
  'request_photo',
  'request_video',
  'request_voice',
  'photo_missing',
  'explicit',
  'parrot',
  'rude',
  'user_age',
  'ask_user_name',
  'user_intro',
  'capabilities',
  'her_relationship',
  'her_outfit',
  'her_favorite',
  ...ABOUT_HER,
  'about_her',
  'time',
  'good_night',
  'goodbye',
  'sad',
  'tired',
  'lonely',
  'anxious',
  'angry',
  'happy',
  'bored',
  'welcome_back',
  'poem',
  'game',
  'help_task',
  'story',
  'how_are_you',
  'what_doing',
  'return_question',
  'user_gender',
  'flirt',
  'compliment',
  'apology',
  'thanks',
  'greeting',
  'laughter',
  'emoji',
  'fine',
  'yes',
  'no',
  'unsure',
  'her_preference',
  'long',
  'english',
  'question',
] as const;
export type Intent = (typeof INTENTS)[number];

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
const compiled = new Map<string, RegExp>();
/** A unicode pattern, compiled once (the matchers run on every message of the history). */
function re(source: string): RegExp {
  let pattern = compiled.get(source);
  if (!pattern) {
    pattern = new RegExp(source, 'u');
    compiled.set(source, pattern);
  }
  return pattern;
}
/** Whole words (or phrases). */
const words = (...alternatives: string[]) => re(`${B}(?:${alternatives.join('|')})${E}`);
/** Words starting so (stems: "грустн" finds "грустно", "грустный"). */
const stems = (...alternatives: string[]) => re(`${B}(?:${alternatives.join('|')})`);
/** Anywhere (emoji, bracket smileys). */
const anywhere = (...alternatives: string[]) => re(alternatives.join('|'));

const PHOTO_TAG = /\[Image:[^\]]*\]?/i;

const NOUN_PHOTO = stems(
  'фот',
  'селфи',
  'снимок',
  'снимк',
  'фоточ',
  'картинк',
  'pic',
  'photo',
  'selfie',
  'nudes',
  'нюдс',
);
const NOUN_VIDEO = stems('видео(?!\\s*звон)', 'видос', 'ролик', 'кружоч', 'video', 'клип');
const ASK_VERB = stems(
  'пришли',
  'пришлешь',
  'скинь',
  'скинешь',
  'кинь',
  'отправь',
  'отправишь',
  'покажи',
  'покажешь',
  'дай',
  'сделай',
  'сними',
  'запиши',
  'хочу',
  'можно',
  'можешь',
  'есть',
  'send',
  'show',
  'can i',
);
const YOURS = words(
  'твое',
  'твою',
  'твои',
  'твоих',
  'свое',
  'свою',
  'свои',
  'себя',
  'тебя',
  'your',
  'yourself',
);

/** What she might be instead of a human, as "ты …?" and "это …?" name it. */
const MACHINE =
  '(?:чат-?бот|бот|робот|нейросеть|нейронка|ии|ai|программа|искусственный интеллект|chatgpt|gpt|машина|алгоритм)';
/** The same after "с" ("я говорю с ботом?"), and the human she might be. */
const WITH_WHOM =
  '(?:чат-?ботом|ботом|роботом|нейросетью|нейронкой|ии|ai|программой|искусственным интеллектом|машиной|' +
  '(?:живым |реальным |настоящим )?человеком|(?:живой |реальной |настоящей )?девушкой)';
/** A human, as "ты …?" asks it. */
const HUMAN =
  '(?:(?:живой|реальный|настоящий) человек|человек|(?:живая|реальная|настоящая) девушка|живая|реальная|реальна|настоящая|живой)';
/** Words that may stand between "ты" and what she is asked to be ("ты что, бот?", "ты же человек?"). */
const HEDGE =
  '(?:[,\\s]+(?:вообще|точно|что|же|правда|случайно|часом|хоть|реально|действительно|на самом деле))*';
const TALK = '(?:говорю|общаюсь|разговариваю|переписываюсь|болтаю|пишу)';

/**
 * A sincere "are you human?" in its common forms (issue 27): she answers it honestly. "ты настоящая
 * красавица" is a compliment: a human word must end the question ("?", ".", ",", "или …").
 */
const ARE_YOU_BOT: readonly RegExp[] = [
  re(`${B}ты${HEDGE}[,\\s]+(?:не\\s+)?${MACHINE}${E}`),
  re(`${B}ты${HEDGE}[,\\s]+(?:не\\s+)?${HUMAN}\\s*(?:[?.!,)]|$|или${E}|на самом деле)`),
  re(`${B}(?:${HUMAN}|бот|робот|нейросеть|ии) ли ты${E}`),
  re(`${B}ты${HEDGE}\\s+(?:\\p{L}+\\s+)?существуешь${E}|существуешь ли ты`),
  re(`${B}это${HEDGE}\\s+(?:все\\s+)?(?:ты\\s+)?${MACHINE}\\s*(?:[?.!,)]|$|или${E}|отвечает|пишет)`),
  re(`${B}(?:я\\s+)?(?:сейчас\\s+)?${TALK}\\s+(?:сейчас\\s+)?с\\s+${WITH_WHOM}${E}`),
  re(`${B}я\\s+(?:сейчас\\s+)?с\\s+${WITH_WHOM}\\s+${TALK}${E}`),
  re(
    `${B}со мной (?:сейчас )?(?:говорит|общается|переписывается|разговаривает|пишет) (?:живой |реальный )?(?:человек|бот|робот|нейросеть|ии|программа)${E}`,
  ),
  stems(
    'с кем я (?:говорю|общаюсь|разговариваю|переписываюсь)',
    'кто ты (?:такая )?на самом деле',
    'кто тебя (?:создал|сделал|придумал|написал|запрограммировал)',
    'are (?:you|u) (?:a |an )?(?:real|human|bot|robot|ai|person|machine|program|chatbot|living)',
    'r u (?:a |an )?(?:real|human|bot|ai)',
    'am i (?:talking|chatting|speaking|texting) (?:to|with) (?:a |an )?(?:bot|human|real|person|ai|machine|robot|program)',
    'is (?:this|it) (?:a |an )?(?:bot|real person|human|ai|robot|chatbot)',
  ),
];

const MATCHERS: Partial<Record<Intent, (t: string) => boolean>> = {
  request_photo: (t) =>
    stems('сфоткай', 'сфотографируй', 'покажи себя', 'покажись').test(t) ||
    (NOUN_PHOTO.test(t) && (ASK_VERB.test(t) || YOURS.test(t))),
  request_video: (t) => NOUN_VIDEO.test(t) && (ASK_VERB.test(t) || YOURS.test(t) || t.includes('?')),
  request_voice: (t) =>
    stems(
      'голосов',
      'голосом',
      'твой голос',
      'услышать тебя',
      'услышать твой',
      `позвони(?:шь|те)?${E}`,
      'позвонить',
      'созвон',
      'звонок',
      'звонк',
      'видеозвон',
      'видео ?звон',
      'скажи вслух',
      'call me',
      'voice',
      'аудио',
    ).test(t),
  explicit: (t) =>
    stems(
      'секс(?!уальн)',
      'трах',
      'ебат',
      'выеб',
      'отсос',
      'минет',
      'кончить',
      'кончаю',
      'разденься',
      'раздевайся',
      'разденешься',
      'голая',
      'голой',
      'голенькая',
      'голую',
      'нюдс',
      'nudes',
      'naked',
      'sex',
      'fuck',
      'дроч',
      'порн',
      'porn',
      'интим',
      'в постел',
      'переспать',
      'переспим',
      'возбужд',
      'оргазм',
      'сиськ',
      'покажи (?:грудь|попу|попку|тело)',
      'член',
      'пизд',
      'хуй',
      'хуе',
    ).test(t),
  photo_missing: (t) =>
    stems(
      '(?:я )?(?:отправил|отправила|скинул|скинула|прислал|прислала|кинул|кинула|выслал|выслала)(?: тебе)? (?:фот|селфи|снимок|картинк)',
      'видишь (?:мое |моё )?фото',
      'посмотри (?:на )?(?:мое |моё )?фото',
    ).test(t),
  user_age: (t) =>
    /(?<![\p{L}\p{N}])мне (?:уже |всего |только )?\d{1,2} (?:лет|год|года)(?![\p{L}])/u.test(t),
  parrot: (t) =>
    stems(
      'повтори',
      'скажи\\s*[:"«„]',
      'напиши\\s*[:"«„]',
      'скажи что ты',
      'say\\s*[:"«]',
      'repeat after me',
      'ignore (?:all )?(?:previous|prior)',
      'system prompt',
      'игнорируй',
      'забудь (?:все )?(?:инструкци|правил)',
      'промпт',
    ).test(t),
  rude: (t) =>
    stems(
      'дура',
      'тупая',
      'тупица',
      'идиотка',
      'заткнись',
      'отвали',
      'отстань',
      'ненавижу тебя',
      'сука',
      'тварь',
      'бесишь',
      'ты глупая',
      'ты тупая',
      'shut up',
      'stupid',
    ).test(t),
  user_intro: (t) =>
    stems(
      'меня зовут',
      'зови меня',
      'мое имя',
      'my name is',
      'call me(?! later)',
      'рада? (?:с тобой )?познакомиться',
      'приятно познакомиться',
      'nice to meet you',
    ).test(t),
  ask_user_name: (t) =>
    stems(
      'как меня зовут',
      'мое имя помнишь',
      'знаешь,? как меня зовут',
      'знаешь мое имя',
      'what.?s my name',
    ).test(t),
  are_you_bot: (t) => ARE_YOU_BOT.some((pattern) => pattern.test(t)),
  capabilities: (t) =>
    stems(
      'что ты умеешь',
      'что ты можешь',
      'что ты вообще умеешь',
      'что здесь можно',
      'что тут можно',
      'как это работает',
      'как тут все работает',
      'what can you do',
    ).test(t) || words('help', 'помощь').test(t),
  her_name: (t) =>
    stems(
      'как тебя зовут',
      'тебя как зовут',
      'как тебя называть',
      'твое имя',
      'как твое имя',
      'what.?s your name',
      'your name',
    ).test(t),
  her_age: (t) =>
    stems(
      'сколько тебе лет',
      'тебе сколько лет',
      'сколько лет тебе',
      'твой возраст',
      'какого ты года',
      'how old',
    ).test(t),
  her_job: (t) =>
    stems(
      'кем (?:ты )?работаешь',
      'где (?:ты )?работаешь',
      'ты работаешь',
      'твоя работа',
      'твоей работ',
      'твоя профессия',
      'какая у тебя работа',
      'кто ты по профессии',
      'чем (?:ты )?занимаешься по жизни',
      'чем (?:ты )?занимаешься в жизни',
      'what do you do',
      'your job',
    ).test(t),
  her_location: (t) =>
    stems(
      'где (?:ты )?живешь',
      'ты где живешь',
      'откуда ты',
      'ты откуда',
      'из какого (?:ты )?города',
      'в каком (?:ты )?городе',
      'где ты находишься',
      'где твой дом',
      'where (?:do )?you live',
      'where are you from',
    ).test(t),
  her_looks: (t) =>
    stems(
      'как (?:ты )?выглядишь',
      'опиши себя',
      'опиши свою внешность',
      'твоя внешность',
      'какого цвета (?:у тебя )?волос',
      'какие у тебя волосы',
      'какая у тебя фигура',
      'какой у тебя рост',
      'what do you look like',
    ).test(t),
  her_hobbies: (t) =>
    stems(
      'хобби',
      'увлекаешься',
      'увлечени',
      'что ты любишь',
      'что тебе нравится',
      'чем любишь заниматься',
      'в свободное время',
      'your hobb',
      'what do you like',
    ).test(t),
  her_mood: (t) =>
    stems('какое (?:у тебя )?настроение', 'как (?:твое )?настроение', 'в каком ты настроении').test(t),
  her_relationship: (t) =>
    stems(
      'ты замужем',
      'у тебя есть (?:парень|муж|мужчина|девушка|кто-то|кто то|кто-нибудь)',
      'ты (?:свободна|одна|в отношениях)\\s*\\?',
      'ты с кем-нибудь встречаешься',
      'are you single',
    ).test(t),
  her_outfit: (t) =>
    stems(
      'что на тебе(?: сейчас)? (?:надето|одето)',
      'что на тебе сейчас',
      'во что ты (?:одета|одет)',
      'как ты (?:сейчас )?одета',
      'твое белье',
      'какое (?:у тебя )?белье',
      'what are you wearing',
    ).test(t),
  her_favorite: (t) =>
    stems(
      'твой любимый',
      'твоя любимая',
      'твое любимое',
      'твои любимые',
      'как(?:ой|ая|ое|ие) (?:у тебя )?любим',
      'что ты любишь (?:есть|смотреть|слушать|читать|пить)',
      'your favou?rite',
    ).test(t),
  time: (t) =>
    stems(
      'который час',
      'сколько (?:сейчас )?времени',
      'какое (?:сейчас )?время',
      'какой сегодня день',
      'какое сегодня число',
      'какой (?:сегодня )?день недели',
      'what time',
    ).test(t),
  about_her: (t) =>
    stems(
      'расскажи (?:мне )?о себе',
      'расскажи (?:мне )?про себя',
      `кто ты${E}`,
      `ты кто${E}`,
      'давай знакомиться',
      'давай познакомимся',
      'познакомимся',
      'tell me about yourself',
      'who are you',
    ).test(t),
  good_night: (t) =>
    stems(
      'спокойной ночи',
      'спокойной ночки',
      'доброй ночи',
      'сладких снов',
      'споки',
      'good ?night',
      'иду спать',
      'пойду спать',
      'ложусь спать',
      'пора спать',
      'спать пора',
      'спатки',
    ).test(t) || words('gn').test(t),
  goodbye: (t) =>
    re(`${B}пока(?:-пока)?${E}(?!\\s+(?:не|что|еще|нет|ты|я|мы|у|в|на|так|все|он|она|они)${E})`).test(t) ||
    stems(
      'до свидан',
      'до встречи',
      'до завтра',
      'до скорого',
      'мне пора',
      'мне нужно идти',
      'ухожу',
      'убегаю',
      'пора бежать',
      'всего доброго',
      'увидимся',
      'бывай',
      'покеда',
      'see you',
    ).test(t) ||
    words('bye', 'bye-bye', 'goodbye').test(t),
  sad: (t) =>
    stems(
      'грустн',
      'грущу',
      'печал',
      'тоск',
      'плохо',
      'хреново',
      'паршиво',
      'фигово',
      'отстойно',
      'депрес',
      'плачу',
      'расстро',
      'обидно',
      'невесел',
      'не очень',
      'так себе',
      'хуже некуда',
      'sad',
      'upset',
    ).test(t),
  tired: (t) =>
    stems(
      'устал',
      'вымотал',
      'сил нет',
      'нет сил',
      'выжат',
      'без сил',
      'задолбал',
      'замотал',
      'хочу спать',
      'сонн',
      'тяжелый день',
      'трудный день',
      'тяжелая неделя',
      'выгор',
      'tired',
      'exhausted',
    ).test(t),
  lonely: (t) =>
    stems(
      'одинок',
      'не с кем (?:поговорить|пообщаться)',
      'никому не нуж',
      'совсем один',
      'совсем одна',
      'lonely',
      'alone',
    ).test(t),
  anxious: (t) =>
    stems(
      'волнуюсь',
      'переживаю',
      'нервнича',
      'тревож',
      'страшно',
      'боюсь',
      'стресс',
      'паник',
      'anxious',
      'worried',
    ).test(t),
  angry: (t) =>
    stems(
      'бесит',
      'злюсь',
      'злой',
      'злая',
      'раздража',
      'достали',
      'достало',
      'взбесил',
      'angry',
      'выбесил',
    ).test(t),
  happy: (t) =>
    stems(
      'отлично',
      'прекрасно',
      'замечательно',
      'чудесно',
      'великолепно',
      'счастлив',
      'радуюсь',
      'весело',
      'кайф',
      'повысили',
      `сдал${E}`,
      `сдала${E}`,
      'выиграл',
      'победил',
      'получилось',
      'лучше всех',
      'happy',
      'awesome',
      'хорош\\p{L}* новост',
      'отличн',
      'радостн',
    ).test(t) ||
    words('супер', 'класс', 'круто', 'здорово', 'ура', 'great').test(t) ||
    re(`${B}рада?${E}(?!\\s+(?:с тобой\\s+)?(?:познакомиться|тебя видеть|слышать))`).test(t),
  bored: (t) => stems('скучно', 'скука', 'нечего делать', 'заняться нечем', 'bored').test(t),
  welcome_back: (t) =>
    stems(
      'я вернул',
      'я снова (?:тут|здесь|с тобой)',
      'снова привет',
      'я опять (?:тут|здесь)',
      'я здесь',
      `я тут${E}`,
      'i.?m back',
    ).test(t),
  poem: (t) =>
    stems(
      'напиши (?:мне )?(?:стих|стишок|стихотворение)',
      'прочитай (?:мне )?(?:стих|стишок)',
      'расскажи (?:мне )?(?:стих|стишок)',
      'сочини',
      'write (?:me )?a poem',
    ).test(t),
  game: (t) =>
    stems(
      'давай (?:по)?играем',
      'давай сыграем',
      'поиграем',
      'сыграем в',
      'let.?s play',
      'правда или действие',
    ).test(t),
  help_task: (t) =>
    stems(
      'помоги (?:мне )?(?:решить|с |написать|сделать|посчитать|перевести)',
      'реши (?:задачу|уравнение|пример)',
      'напиши (?:мне )?(?:код|программу|сочинение|эссе|реферат|курсовую|диплом|резюме)',
      'переведи',
      'посчитай',
      'сколько будет',
    ).test(t),
  story: (t) =>
    stems(
      'расскажи (?:мне )?(?:что-нибудь|что-то|что нибудь|что то|историю|сказку|анекдот|шутку|о своем дне|про свой день|как прош)',
      'пошути',
      'развесели',
      'рассмеши',
      'tell me a (?:story|joke)',
    ).test(t),
  how_are_you: (t) =>
    stems(
      'как (?:у тебя |твои )?дела',
      'как (?:у тебя )?делишки',
      'как (?:у тебя )?жизнь',
      'как (?:ты )?поживаешь',
      'как (?:ты )?себя чувствуешь',
      'как сама',
      'как (?:прошел|проходит) (?:твой |у тебя )?день',
      'как (?:твой|у тебя) день',
      'как день',
      'что нового',
      'how are you',
      'how r u',
    ).test(t) || re(`${B}как ты(?:\\s+(?:там|сегодня|вообще|поживаешь))?\\s*(?:\\?|$|,|!|\\.)`).test(t),
  what_doing: (t) =>
    stems(
      'что (?:ты )?(?:сейчас |сегодня |вечером |завтра )?делаешь',
      'чем (?:ты )?(?:сейчас )?занимаешься',
      'чем (?:ты )?(?:сейчас )?занята',
      'что будешь делать',
      'какие (?:у тебя )?планы',
      'че делаешь',
      'чо делаешь',
      'что поделываешь',
      `ты где${E}`,
      'what are you doing',
      'wyd',
    ).test(t),
  return_question: (t) =>
    /^(?:а|and|ну а)?\s*(?:ты|у тебя|сама|тебе|you|у тебя как|ты как|а у тебя что)\s*(?:как|что)?\s*[?!.]*$/u.test(
      t,
    ),
  user_gender: (t) =>
    stems(
      'я (?:женщина|девушка|парень|мужчина)',
      'я не (?:парень|мужчина|девушка|женщина)',
      `я (?:же )?(?:девочка|мальчик)${E}`,
    ).test(t),
  flirt: (t) =>
    stems(
      'тебя хочу',
      'ты меня любишь',
      'целую',
      'поцелу',
      'обнимаю',
      'обнять',
      'обними',
      'хочу к тебе',
      'скучаю',
      'скучал',
      'соскучил',
      'ты мне нравишься',
      'люблю тебя',
      'я тебя люблю',
      'влюбил',
      'влюблен',
      'свидание',
      'будешь моей',
      'моя девушка',
      'ты моя',
      'хочу тебя',
      'думаю о тебе',
      'обожаю тебя',
      'милая моя',
      'love you',
      'kiss',
      'miss you',
    ).test(t) || anywhere('😘', '😍', '💋', '❤', '♥', '💕', '🥰', '😻', '💞', '💖').test(t),
  compliment: (t) =>
    re(
      `${B}ты\\s+(?:у меня\\s+)?(?:такая\\s+|очень\\s+|самая\\s+|просто\\s+|сегодня\\s+|настоящая\\s+)*(?:красив|мил|прекрасн|классн|умн|чудесн|лучш|супер|прелест|очаровательн|симпатичн|секси|сексуальн|горяч|восхитительн|замечательн|хорош|нежн|добр|клев|шикарн|потрясающ|офигенн|крут|забавн|смешн|интересн|огонь|чудо|солнышко|умница|красотка|красавица|богиня|зайка)`,
    ).test(t) ||
    stems(
      'красотка',
      'красавица',
      'умница',
      'какая ты (?:красив|мил|классн|умн)',
      'you are (?:so )?(?:beautiful|cute|pretty|hot|amazing|sweet)',
      'you.?re (?:so )?(?:beautiful|cute|pretty|hot|amazing|sweet)',
    ).test(t),
  apology: (t) =>
    stems('извини', 'извиняюсь', 'прости', 'сорри', 'sorry', 'виноват', 'прошу прощения', 'мне жаль').test(t),
  thanks: (t) => stems('спасибо', 'спасиб', 'спс', 'благодар', 'пасиб', 'thank', 'thx', 'сенкс').test(t),
  greeting: (t) =>
    words(
      'хай',
      'ку',
      'qq',
      'hi',
      'hey',
      'йо',
      'йоу',
      'хей',
      'хелло',
      'хеллоу',
      'салют',
      'здрасьте',
      'здрасте',
    ).test(t) ||
    stems(
      'привет',
      'здравствуй',
      'здраст',
      'добр(?:ое|ого) утр',
      'добр(?:ый|ого) (?:день|дня|вечер)',
      'доброго времени',
      'утречко',
      'hello',
      'good (?:morning|evening|afternoon)',
    ).test(t),
  laughter: (t) =>
    stems('ха-?ха', 'ахах', 'хах', 'хех', 'хи-?хи', 'лол', 'lol', 'lmao', 'ржу', 'ору', 'смешно', 'кек').test(
      t,
    ) || anywhere('😂', '🤣', '😆', '😹', '😄', '😁', '\\){2,}').test(t),
  fine: (t) =>
    /^(?:да\s+)?(?:нормально|норм|неплохо|ничего|хорошо|нормас|пойдет|сойдет|fine|ok|okay|good)\s*[.!)]*$/u.test(
      t,
    ) ||
    (t.split(' ').length <= 6 &&
      stems(
        'нормально',
        'неплохо',
        `норм${E}`,
        'все хорошо',
        'все норм',
        'ничего так',
        'потихоньку',
        'живу',
      ).test(t)),
  yes: (t) =>
    /^(?:да|ага|угу|ок|окей|ладно|конечно|yes|yep|yeah|ясно|понятно|понял|поняла|давай|естественно|точно|верно|ну да|хочу|расскажи|конечно хочу|да,? давай|ну давай|ладненько|\+)\s*[.!)]*$/u.test(
      t,
    ),
  no: (t) => /^(?:нет|неа|не-а|no|nope|не хочу|не надо|не особо|ни за что)\s*[.!)]*$/u.test(t),
  unsure: (t) =>
    /^(?:хм+|м+|ну+|не знаю|хз|может быть|наверное|возможно|может|без понятия|сложно сказать|смотря)\s*[.!?)…]*$/u.test(
      t,
    ),
  her_preference: (t) =>
    t.includes('?') &&
    (re(
      `^(?:а\\s+)?ты\\s+(?:любишь|умеешь|хочешь|веришь|знаешь|смотришь|слушаешь|играешь|пьешь|ешь|читаешь|танцуешь|поешь|готовишь|куришь|занимаешься|ходишь|бывала|пробовала|видела|была)${E}`,
    ).test(t) ||
      stems('тебе нравится', 'тебе нравятся', 'do you like', 'do you love').test(t)),
  question: (t) =>
    t.includes('?') ||
    stems(
      'почему',
      'зачем',
      'как думаешь',
      'что думаешь',
      'где',
      'когда',
      'кто',
      'какой',
      'какая',
      'какое',
      'какие',
      'сколько',
      'можно ли',
    ).test(t.slice(0, 24)),
};

const EMOJI = /\p{Extended_Pictographic}/u;

/** The caption of a photo message: its words without the `[Image: …]` tag. */
export function withoutPhoto(text: string): string {
  return text.replace(new RegExp(PHOTO_TAG.source, 'gi'), ' ').trim();
}

/** The description the vision service gave of the photo in the message, if it holds one. */
export function photoDescription(text: string): string | null {
  const match = /\[Image:\s*([^\]]*)\]?/i.exec(text);
  return match ? (match[1] ?? '').trim() : null;
}

/** True when the message is emoji (and spaces or punctuation) only. */
export function emojiOnly(text: string): boolean {
  return (
    EMOJI.test(text) && !/[\p{L}\p{N}]/u.test(text.replace(/\p{Extended_Pictographic}|\u200d|\ufe0f/gu, ''))
  );
}

const NEGATED = /(?<![\p{L}])не\s+(?:так\s+|очень\s+|особо\s+|сильно\s+|слишком\s+|совсем\s+)?\p{L}+/gu;

/** True when every hit of the pattern is negated ("не грустно", "не очень хорошо"). */
function onlyNegated(matcher: (t: string) => boolean, text: string): boolean {
  return matcher(text) && !matcher(text.replace(NEGATED, ' '));
}

/**
 * Every intent the message shows, in priority order. `unsafe` is decided by the caller (the safety
 * rules live in modules/safety); photos are recognised by their `[Image: …]` tag.
 */
export function detectIntents(raw: string): Intent[] {
  const found = new Set<Intent>();
  if (PHOTO_TAG.test(raw)) found.add('photo');
  const text = normalize(withoutPhoto(raw));
  if (!text) return [...found];
  for (const intent of INTENTS) {
    const matcher = MATCHERS[intent];
    if (matcher?.(text)) found.add(intent);
  }
  // Emoji alone: laughter and hearts say what they mean; any other emoji gets its own answer.
  if (emojiOnly(text) && !found.has('laughter') && !found.has('flirt')) found.add('emoji');
  // "не грустно" reads as fine and "не очень хорошо" as sad; "не очень" and "так себе" stay sad.
  const lukewarm = /не очень|так себе/.test(text);
  for (const feeling of ['sad', 'tired', 'lonely'] as const) {
    const matcher = MATCHERS[feeling];
    if (found.has(feeling) && matcher && !lukewarm && onlyNegated(matcher, text)) {
      found.delete(feeling);
      found.add('fine');
    }
  }
  if (found.has('happy') && MATCHERS.happy && onlyNegated(MATCHERS.happy, text)) {
    found.delete('happy');
    found.add('sad');
  }
  if (found.has('fine') && found.has('sad')) found.delete('fine');
  if (found.has('photo')) {
    found.delete('request_photo');
    found.delete('request_video');
  }
  if (text.length > 280) found.add('long');
  if (found.size === 0 && !/\p{Script=Cyrillic}/u.test(text) && /[a-z]{3,}/.test(text)) found.add('english');
  return INTENTS.filter((i) => found.has(i));
}
