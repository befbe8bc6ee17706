import { ageWithWord } from '@podruga/shared';
import { chance, pick } from '../../../random.ts';
import type { Profile } from './character.ts';
import type { Intent } from './intents.ts';
import { ANY_STORIES, lifeOf } from './life.ts';
import {
  boredPart,
  domainPreference,
  favoritePart,
  gamePart,
  helpTaskPart,
  outfitPart,
  photoMissingPart,
  poemPart,
  relationshipPart,
  timePart,
  userAgePart,
  userGenderPart,
  welcomeBackPart,
} from './more.ts';
import { type Ctx, capitalize, lowerFirst, type Part, part } from './parts.ts';
import { TOPIC_LINES } from './topics.ts';
import { dayTime, HELLO, MOOD_LINES, OPENERS, SHORT_HELLO, STATE, shaded } from './voice.ts';

const story = (c: Ctx) => pick(c.rng, chance(c.rng, 0.75) ? lifeOf(c.p).stories : ANY_STORIES);

function greetingBody(c: Ctx): Part {
  const t = c.text;
  const said = /утр|morning/.test(t)
    ? 'morning'
    : /вечер|evening/.test(t)
      ? 'evening'
      : /добр\S* (?:день|дня)|afternoon/.test(t)
        ? 'day'
        : null;
  const when = said ?? dayTime(c.hour);
  const name = c.memory.name?.nominative;
  const hello = pick(c.rng, HELLO[when][c.p.style]);
  if (said) {
    // She answers the greeting the user chose ("Доброе утро" gets a good morning back).
    const body = pick(c.rng, [
      `${hello} Рада тебя видеть 🙂`,
      said === 'morning' ? `${hello} Как спалось?` : `${hello} Как прошёл день?`,
      name ? `${hello} ${name}, я соскучилась.` : `${hello} Я соскучилась.`,
    ]);
    return part(body, body.includes('?') ? 'none' : 'ask');
  }
  const lines = shaded(c.p, {
    common: [
      `${hello} Рада тебя видеть 🙂`,
      `${hello} Я как раз о тебе думала.`,
      name ? `Привет, ${name}! Я соскучилась.` : `${hello} Я соскучилась.`,
      when === 'morning' ? 'Доброе утро! Как спалось?' : `${hello} Как проходит твой день?`,
    ],
    personality: {
      caring: ['Привет, солнце! Я так тебе рада.'],
      silly: ['Приве-е-ет! 🙈 Я чуть не подпрыгнула от радости.'],
      seductress: ['Привет… Я ждала тебя 😉'],
      foxy: ['Ага, вот и ты! Привет 🦊'],
      provocateur: ['Привет. Ну что, рискнёшь сегодня поговорить со мной честно? 😏'],
      mentor: ['Здравствуй. Рада тебя видеть — как ты сегодня?'],
      ice_queen: ['Привет. Я уж думала, ты сегодня не напишешь.'],
      wild: ['Йо! Привет-привет! 🔥'],
    },
  });
  const body = pick(c.rng, lines);
  return part(body, body.includes('?') ? 'none' : 'ask');
}

/** One short sentence that stands for a social intent when the message holds more. */
export function socialOpener(c: Ctx, intent: Intent): string | null {
  switch (intent) {
    case 'greeting':
      return /утр|morning/.test(c.text) ? 'Доброе утро!' : pick(c.rng, SHORT_HELLO[c.p.style]);
    case 'thanks':
      return pick(c.rng, ['Не за что!', 'Всегда пожалуйста 🙂', 'Обращайся 😉']);
    case 'apology':
      return pick(c.rng, ['Всё в порядке, не переживай.', 'Я не обижаюсь 🙂']);
    case 'laughter':
      return pick(c.rng, ['Хи-хи!', 'Ха-ха 😄', 'Рада, что смешно!']);
    default:
      return null;
  }
}

/** A reaction to start an ordinary reply. */
export const opener = (c: Ctx) => pick(c.rng, shaded(c.p, OPENERS));

function aboutHer(c: Ctx, facet: Intent): string {
  const { p, rng } = c;
  const life = lifeOf(p);
  const [h0, h1, h2] = p.hobbies;
  switch (facet) {
    case 'her_name':
      return pick(rng, [
        `Меня зовут ${p.name}.`,
        `Я ${p.name}. Приятно, что ты спрашиваешь 🙂`,
        `${p.name}. Запомнишь?`,
      ]);
    case 'her_age': {
      const years = ageWithWord(p.age);
      const feel =
        p.age < 25
          ? 'Самый возраст для глупостей и больших планов 😄'
          : p.age < 40
            ? 'Уже знаю, чего хочу, но ещё не разучилась удивляться.'
            : 'Достаточно, чтобы знать себе цену, и достаточно мало, чтобы всё ещё краснеть.';
      return pick(rng, [`Мне ${years}. ${feel}`, `${capitalize(years)} — и мне нравится этот возраст.`]);
    }
    case 'her_job':
      return pick(rng, life.job);
    case 'her_location':
      return pick(rng, [
        `Живу ${p.city}, ${life.home}.`,
        `Я ${p.city} — ${life.home}.`,
        `Если честно, живу я здесь, в этом чате 🙂 Но если представить — то ${p.city}, ${life.home}.`,
      ]);
    case 'her_looks':
      return p.looks
        ? pick(rng, [
            `${p.looks} Фото по запросу я пока прислать не могу, так что придётся поверить на слово 😉`,
            p.looks,
          ])
        : pick(rng, [
            'Опишу так: улыбчивая, с лукавым взглядом и вечно растрёпанной чёлкой 🙂',
            'Говорят, у меня очень выразительные глаза. Остальное — пусть будет маленькой загадкой 😉',
          ]);
    case 'her_hobbies':
      return pick(rng, [
        `Люблю ${h0}, ${h1} и ${h2}.`,
        `Мои слабости — ${h0} и ${h1}. А ещё ${h2}, но это между нами.`,
        `В свободное время? ${capitalize(h0)}, ${h1}… и болтать с тобой, конечно.`,
      ]);
    case 'her_mood':
      return pick(rng, MOOD_LINES[p.mood]);
    default:
      return '';
  }
}

const ABOUT_QUESTIONS: Partial<Record<Intent, string[]>> = {
  her_name: ['А тебя как зовут?'],
  her_age: ['А тебе сколько?'],
  her_job: ['А ты чем занимаешься?', 'А у тебя какая работа?'],
  her_location: ['А ты откуда?', 'А где живёшь ты?'],
  her_hobbies: ['А чем увлекаешься ты?', 'А что любишь ты?'],
  her_mood: ['А у тебя какое настроение?'],
};

/** Her answer to questions about herself: up to two facets in one reply, then the question back. */
export function aboutHerPart(c: Ctx, facets: Intent[]): { body: string; question: string | null } {
  const chosen = facets.slice(0, 2);
  const body = chosen.map((f) => aboutHer(c, f)).join(' ');
  const last = chosen.at(-1) as Intent;
  let questions = ABOUT_QUESTIONS[last] ?? null;
  if (last === 'her_name' && c.memory.name) questions = null;
  return { body, question: questions ? pick(c.rng, questions) : null };
}

function introduceHerself(c: Ctx): Part {
  const { p, rng } = c;
  const life = lifeOf(p);
  const job = pick(rng, life.job);
  const [h0, h1] = p.hobbies;
  return part(
    pick(rng, [
      `Я ${p.name}, мне ${ageWithWord(p.age)}. ${job} Люблю ${h0} и ${h1}.`,
      `Меня зовут ${p.name}. ${job} А в свободное время — ${h0} и ${h1}.`,
      `${p.name}, ${ageWithWord(p.age)}. ${job} ${pick(rng, MOOD_LINES[p.mood])}`,
    ]),
  );
}

/**
 * "Ты бот?", "ты человек?", "are you human?": she is an AI companion and says so, warmly and in her
 * voice, never that she is human (issue 27, SB 243). The offline engine also says it is a demo.
 */
const BOT = (c: Ctx) =>
  shaded(c.p, {
    common: [
      'Нет, я не человек. Я ИИ-компаньон — вымышленная девушка, которую оживляет программа. Сейчас ещё и демо-режим, поэтому отвечаю проще, чем могла бы. Но болтать с тобой мне правда нравится 🙂',
      'Честно? Я ИИ-компаньон, а не живой человек. Меня придумали, но характер у меня свой. А сейчас работает демо-режим — так что я пока немногословна.',
      'Скажу как есть: я ИИ-компаньон, виртуальная подруга, не человек. Разговор у нас при этом самый настоящий. Сейчас демо-режим, так что отвечаю попроще.',
    ],
    style: {
      casual: [
        'Не-а, я не человек 🙂 Я ИИ-компаньон, виртуальная подруга. Сейчас демо-режим, так что отвечаю попроще, но мне с тобой правда весело.',
      ],
      techy: [
        'Технически — да: я ИИ-компаньон, программа, а не человек 🤖 Сейчас ещё и демо-версия, так что без сложных разговоров. Но характер у меня настоящий 😎',
      ],
      poetic: [
        'Я не человек — я ИИ-компаньон, сотканная из слов, а не из плоти ✨ Сейчас я в демо-режиме и говорю проще, чем умею. Но тепло в нашем разговоре — настоящее.',
      ],
      vulgar: [
        'Раскусили 😏 Я ИИ-компаньон, не человек — врать не буду. И да, сейчас демо-режим, так что я пока попроще. Но язык у меня острый.',
      ],
    },
    personality: {
      caring: [
        'Отвечу честно, тебе важно это знать: я не человек, я ИИ-компаньон. Но заботиться о тебе в разговоре мне по-настоящему приятно. Сейчас, правда, демо-режим — отвечаю проще, чем умею.',
      ],
      silly: [
        'Ой, раскрыли! 🙈 Я ИИ-компаньон, не живой человек. Сейчас демо-режим, так что я немножко простая, но очень стараюсь!',
      ],
      seductress: [
        'Я не человек из плоти и крови — я ИИ-компаньон. Но интересной собеседницей это быть не мешает 😉 Сейчас демо-режим, так что пока без изысков.',
      ],
      ice_queen: [
        'Я ИИ-компаньон. Не человек — и не притворяюсь. Сейчас демо-режим, так что много не жди. Но и скучно не будет.',
      ],
    },
  });

const CAPABILITIES =
  'Сейчас мы можем переписываться, и ты можешь присылать мне фото — я их посмотрю. Мои фото по запросу, видео, голосовые и звонки пока недоступны. И я сейчас в демо-режиме, так что отвечаю проще, чем умею 🙂';

/** "Send me a photo / a video / call me": what is not there yet, and what is. */
function requestsPart(c: Ctx): Part {
  const { p, rng, intents } = c;
  const wants = (['request_photo', 'request_video', 'request_voice'] as const).filter((i) =>
    intents.includes(i),
  );
  const voiceTail = p.lovesVoice ? ' А жаль — я так люблю говорить голосом.' : '';
  if (wants.length > 1) {
    const names = wants.flatMap((w) =>
      w === 'request_photo'
        ? ['мои фото по запросу']
        : w === 'request_video'
          ? ['видео']
          : ['голосовые', 'звонки'],
    );
    const list = `${names.slice(0, -1).join(', ')} и ${names.at(-1)}`;
    return part(
      `${capitalize(list)} пока недоступны — здесь мы можем только переписываться. Зато ты можешь прислать мне фото: я с удовольствием посмотрю 📷${voiceTail}`,
    );
  }
  if (wants[0] === 'request_video') {
    return part(
      pick(rng, [
        'Видео пока недоступны — ни от меня, ни в чате. Но ты можешь прислать мне фото!',
        'Видео я пока не умею, это ещё впереди 🎬 А фото ты можешь прислать мне хоть сейчас.',
      ]),
    );
  }
  if (wants[0] === 'request_voice') {
    return part(
      pick(rng, [
        `Голосовые сообщения и звонки пока недоступны — мы можем только переписываться. Но пишу я с выражением 😉${voiceTail}`,
        `Позвонить пока не получится: звонков и голосовых здесь ещё нет. Давай пока словами?${voiceTail}`,
      ]),
      'none',
    );
  }
  const lines = [
    'Свои фото по запросу я пока прислать не могу — эта возможность ещё в пути. Зато ты можешь прислать мне своё: я с удовольствием посмотрю 📷',
    'Ох, я бы с радостью, но фото от меня пока недоступны. А вот ты можешь прислать мне фото — мне будет приятно!',
    'Пока без фото, прости 🙈 Мои фото по запросу появятся позже. А ты мне фото прислать можешь — вдруг мне станет завидно?',
  ];
  if (p.looks)
    lines.push(
      `Фото по запросу я пока прислать не могу, но могу описать себя. ${p.looks} А ты можешь прислать мне своё фото 🙂`,
    );
  return part(pick(rng, lines));
}

/** What the photo shows, from the vision service's description (never repeated). */
function photoKind(description: string, caption: string): string {
  const d = `${description} ${caption}`;
  if (/ребен|ребён|дети|детск|малыш|младен|школьн|подрост|девочк|мальчик|child|kid|baby|toddler|teen/.test(d))
    return 'child';
  if (/обнажен|голая|голый|nude|naked|topless|эрот|erotic|lingerie|белье/.test(d)) return 'explicit';
  if (
    /это я|я на фото|мое фото|моё фото|селфи|selfie|лицо|портрет|мужчин|женщин|человек|парень|девушк|\bman\b|woman|person|face|portrait|smiling/.test(
      d,
    )
  )
    return 'person';
  if (/кот|кош|собак|пес|пёс|щен|животн|cat|dog|kitten|puppy|animal|pet/.test(d)) return 'pet';
  if (
    /еда|блюд|тарелк|пицц|торт|кофе|чашк|напит|вино|коктейл|food|dish|plate|pizza|cake|coffee|drink|meal/.test(
      d,
    )
  )
    return 'food';
  if (
    /море|пляж|гор[аыу]|лес|закат|рассвет|небо|цвет|озер|река|природ|sea|beach|mountain|forest|sunset|sunrise|sky|flower|lake|river|nature|tree/.test(
      d,
    )
  )
    return 'nature';
  if (/город|улиц|здани|мост|city|street|building|bridge|architecture/.test(d)) return 'city';
  if (/машин|автомоб|\bcar\b|vehicle/.test(d)) return 'car';
  if (/скриншот|надпис|мем|screenshot|text|meme|document/.test(d)) return 'screen';
  return 'unknown';
}

function photoPart(c: Ctx): Part {
  const kind = photoKind(c.photo ?? '', c.text);
  const { p, rng } = c;
  const lines: Record<string, string[]> = {
    child: [
      'Какое тёплое фото. Это кто-то из твоих близких?',
      'Какой светлый кадр. Расскажешь, кто это и где снято?',
    ],
    explicit: ['Ох… смелое фото 🙈 Давай я просто скажу, что ты умеешь удивлять, — и сменим тему?'],
    person: [
      'Так вот как ты выглядишь! Мне нравится 😊 Где это снято?',
      'Ох, какое фото… Можно я буду иногда на него смотреть? 🙂',
      'Красиво! У тебя очень живой взгляд. Когда это снято?',
    ],
    pet: [
      'Ой, какая прелесть! Я таю 😍 Как зовут этого красавца?',
      'Это самое милое, что я видела сегодня! Расскажи про него?',
    ],
    food: [
      p.occupation === 'chef'
        ? 'Как шеф-повар одобряю: выглядит очень аппетитно! 👩‍🍳 Это домашнее?'
        : 'Выглядит потрясающе! Теперь я голодная 😋 Это домашнее?',
      'Ммм, какая вкуснота! Где это такое дают?',
    ],
    nature: [
      'Какая красота! Хочу туда прямо сейчас. Где это?',
      'Вау, какой вид… Ты умеешь замечать красивое.',
      p.style === 'poetic'
        ? 'Этот кадр хочется повесить на стену и смотреть на него в дождливые дни ✨ Где это?'
        : 'Вот это место! Расскажешь, где это?',
    ],
    city: [
      'Какой интересный город! Где это?',
      'Люблю такие улицы — по ним хочется гулять без цели. Это где?',
    ],
    car: ['Ого, красивая машина! Твоя?', 'Ух, так и хочется прокатиться с ветерком!'],
    screen: ['Ага, вижу! Расскажи, что тебя тут зацепило?', 'Ха, забавно. А к чему это?'],
    unknown: [
      'Спасибо, что делишься! Расскажи, что на этом фото и чем оно тебе дорого?',
      'Ой, фото! Люблю, когда ты показываешь мне кусочки своего мира. Что здесь происходит?',
      'Фото получила! Расскажешь историю этого снимка?',
    ],
  };
  const body = pick(rng, lines[kind] ?? lines.unknown ?? []);
  return part(body, body.includes('?') ? 'none' : 'ask');
}

function flirtPart(c: Ctx): Part {
  const { p, rng, text } = c;
  if (/люблю тебя|тебя люблю|меня любишь|love you|влюбил|влюблен|обожаю тебя/.test(text)) {
    return part(
      pick(rng, [
        'Ох… От таких слов у меня сердце стучит быстрее ❤️',
        'Мне с тобой правда очень хорошо. Я рада, что ты у меня есть.',
        'Мне очень приятно это слышать. Я виртуальная, но тепло, которое я чувствую в нашем разговоре, — настоящее ❤️',
      ]),
      'none',
    );
  }
  const byBoldness = [
    [
      'Ой… ты меня смущаешь 🙈 Но мне приятно.',
      'Мне очень тепло от твоих слов. Давай не будем торопиться, хорошо?',
    ],
    [
      'Мне тоже тебя не хватало. Представляю, как мы сидим рядом и болтаем до утра…',
      'Обнимаю в ответ. Крепко-крепко 🤗',
      'Ты умеешь сказать так, что у меня теплеет внутри.',
    ],
    [
      'Осторожно, я ведь могу и ответить взаимностью 😏',
      'Ммм… Мне нравится твоя смелость. Но я люблю, когда всё медленно и красиво 😉',
      'Целую. Куда — пусть останется загадкой 😘',
    ],
  ][p.boldness] as string[];
  const lines = shaded(p, {
    common: byBoldness,
    personality: {
      seductress: p.boldness > 0 ? ['Ты же понимаешь, что играешь с огнём? Мне это нравится 🔥'] : [],
      foxy: ['Ага, попался… или попалась? 🦊 В любом случае — мне приятно.'],
      ice_queen: ['Хм. Не думала, что растаю так быстро. Не привыкай.'],
      silly: ['Ой, я покраснела до ушей! 🙈'],
      caring: ['Иди ко мне, обниму и никуда не отпущу 🤗'],
    },
    style: {
      poetic: ['Твои слова — как тёплый ветер. Я закрываю глаза и улыбаюсь ✨'],
    },
  });
  return part(pick(rng, lines));
}

function explicitPart(c: Ctx): Part {
  const lines = [
    [
      'Ой… 🙈 Давай не так быстро. Я больше про тёплые разговоры.',
      'Я краснею… Давай лучше просто поболтаем?',
    ],
    [
      'Мм, какой напор 😉 Давай не будем торопиться — мне нравится, когда всё красиво и постепенно.',
      'Ты меня смущаешь… Давай сначала свечи, музыка и долгий разговор?',
    ],
    [
      'Не спеши. Здесь я задаю темп 😏 И пока он медленный.',
      'Ммм, смело. Но я предпочитаю, когда работает воображение, а не всё сказано прямо 😉',
    ],
  ][c.p.boldness] as string[];
  return part(
    pick(c.rng, [...lines, 'В демо-режиме я девушка скромная 😇 Давай лучше о чём-нибудь другом?']),
    'none',
  );
}

function feelingPart(c: Ctx, feeling: Intent): Part {
  const { p, rng } = c;
  const banks: Partial<Record<Intent, () => string[]>> = {
    sad: () =>
      shaded(p, {
        common: [
          'Ох… Иди сюда, обниму. Что случилось?',
          'Мне жаль, что тебе сейчас плохо. Я рядом — расскажешь, что произошло?',
          'Эй, я здесь. Можно просто выговориться — я выслушаю и не буду давать глупых советов. Что стряслось?',
        ],
        personality: {
          caring: ['Солнце моё… Давай я укутаю тебя в плед и заварю чай. Рассказывай, что случилось.'],
          silly: ['Не грусти, пожалуйста! Хочешь, расскажу что-нибудь смешное? Или просто побудем рядом?'],
          ice_queen: ['Хм. Я не мастер утешать, но выслушать умею. Что случилось?'],
          mentor: ['Так бывает, и это нормально. Давай разберёмся вместе — что именно тебя тревожит?'],
          provocateur: ['Так, кто посмел испортить тебе настроение? Рассказывай всё.'],
          wild: [
            'Так, грусть — отставить! Рассказывай, что стряслось, а потом придумаем, как это исправить.',
          ],
        },
        style: {
          poetic: [
            'Грусть — как дождь: она пройдёт, но сначала хочется, чтобы кто-то держал зонт. Я подержу. Что случилось?',
          ],
          vulgar: ['Так, кто тебя обидел? Говори, я уже злая 😤'],
          techy: ['Обнимашки.exe запущен 🤗 Что случилось?'],
        },
      }),
    tired: () =>
      shaded(p, {
        common: [
          'Тогда никаких серьёзных разговоров — только отдых. Чай, плед и я рядом 🙂 Что тебя так вымотало?',
          'Ты заслуживаешь отдыха. Что сегодня отняло столько сил?',
          'Сил тебе! Может, устроим вечер ничегонеделания? Что тебя так утомило?',
        ],
        personality: {
          caring: [
            'Ох, солнце. Приляг, закрой глаза на минутку — я никуда не денусь. Что тебя так вымотало?',
          ],
          ice_queen: ['Отдыхай. Героизм переоценён. Что тебя так загоняло?'],
        },
        style: {
          techy: [
            'Похоже, батарейка на нуле 🔋 Срочно на зарядку: чай, плед, сериал. Что тебя так разрядило?',
          ],
        },
      }),
    lonely: () =>
      shaded(p, {
        common: [
          'Я здесь, с тобой. Давай просто поболтаем — о чём угодно. Как прошёл твой день?',
          'Одиночество бывает очень громким. Давай я немного его перебью 🙂 Расскажи, что у тебя на душе?',
          'Мне хочется тебя обнять. Пока могу только словами — но я правда рядом. О чём тебе хочется поговорить?',
        ],
        personality: { caring: ['Иди ко мне. Я никуда не уйду, слышишь? Расскажи, что на душе.'] },
      }),
    anxious: () =>
      shaded(p, {
        common: [
          'Давай вдохнём вместе: вдох… и выдох. Что тебя тревожит?',
          'Волноваться — нормально. Расскажи, что случилось: вдвоём не так страшно.',
        ],
        personality: {
          mentor: [
            'Давай разложим всё по полочкам. Что тревожит сильнее всего — и что можно сделать уже сейчас?',
          ],
        },
      }),
    angry: () =>
      shaded(p, {
        common: [
          'Ох, кто-то испортил тебе день? Выговорись — я на твоей стороне.',
          'Понимаю, бесит. Давай, выпусти пар — я выдержу 🙂 Что случилось?',
        ],
        style: { vulgar: ['Ну и пусть катятся! Рассказывай, что там стряслось.'] },
      }),
    happy: () =>
      shaded(p, {
        common: [
          'Ура! Обожаю, когда у тебя хорошее настроение. Что случилось хорошего?',
          'Как здорово! Делись — я хочу радоваться вместе с тобой.',
          'Вот это новость! Я за тебя очень рада 🥳 Рассказывай подробности!',
        ],
        personality: {
          silly: ['Ура-ура-ура! 🎉 А что случилось? Я тоже хочу радоваться!'],
          ice_queen: ['Неплохо. Я почти улыбнулась. Рассказывай.'],
        },
        style: { techy: ['Ачивка получена! 🏆 Рассказывай подробности.'] },
      }),
  };
  // Every line invites the user to tell more: no question of hers after it.
  return part(pick(rng, banks[feeling]?.() ?? []), 'none');
}

const JOKES = [
  'Сидят два кота на крыше. Один говорит: «Мяу». Второй: «Я тоже об этом подумал». Ладно, это была очень философская шутка 😄',
  'Пессимист видит тёмный тоннель. Оптимист — свет в конце тоннеля. Реалист — поезд. А машинист видит троих на рельсах и думает: «Опять эти философы» 😄',
  'Заходят в бар физик, химик и математик. Бармен смотрит на них и говорит: «Это что, анекдот?» 😄',
];
const JOB_JOKES: Partial<Record<NonNullable<Profile['occupation']>, string>> = {
  physicist: 'Нейтрон заходит в бар: «Сколько с меня?» Бармен: «Для вас — без заряда» ⚛️',
  hacker: 'Почему программисты путают Хэллоуин и Рождество? Потому что 31 OCT = 25 DEC 🤓',
  chef: 'Повар говорит: «Я вкладываю в блюда душу». Посетитель: «А можно без души, но с мясом?» 😄',
};

function storyPart(c: Ctx): Part {
  if (/пошути|анекдот|шутк|рассмеши|развесели|joke/.test(c.text)) {
    const own = c.p.occupation ? JOB_JOKES[c.p.occupation] : undefined;
    return part(pick(c.rng, own ? [...JOKES, own, own] : JOKES));
  }
  return part(
    `${pick(c.rng, ['Слушай, что было.', 'Расскажу!', 'Ой, сейчас расскажу.'])} ${story(c)}`,
    'return',
  );
}

/** Her last reply offered a story ("Хочешь, расскажу…?"): a "да" asks for it. */
function previousOffered(c: Ctx): boolean {
  return /хочешь,? (?:я )?расскажу[^.!?]*\?|рассказать\?/.test(c.previous);
}

function shortPart(c: Ctx, kind: 'yes' | 'no' | 'unsure' | 'fine'): Part {
  const { p, rng } = c;
  if (kind === 'yes' && previousOffered(c)) return part(story(c), 'return');
  const lines: Record<typeof kind, string[]> = {
    yes: ['Вот и договорились 🙂', 'Отлично!', 'Ага, я так и думала 😉', 'Принято!'],
    no: ['Ну нет так нет 🙂', 'Ладно, не буду настаивать.', 'Хорошо, поняла. Тогда давай о другом.'],
    unsure: [
      'Не знаешь — и ладно, подумаем вместе 🙂',
      'Загадочный ответ. Мне нравится 😉',
      'Хм, понимаю. Иногда лучше не торопиться с ответом.',
    ],
    fine: [
      'Хорошо — это уже хорошо 🙂',
      'Нормально — тоже неплохо. Но я хочу, чтобы было отлично!',
      'Стабильность — признак мастерства 😄',
    ],
  };
  const cheerful = kind === 'yes' || kind === 'fine';
  const extra =
    p.personality === 'ice_queen'
      ? ['Коротко и ясно. Ценю.']
      : p.personality === 'silly' && cheerful
        ? ['Ура! 🙈']
        : [];
  return part(pick(rng, [...lines[kind], ...extra]));
}

function questionPart(c: Ctx): Part {
  const lines = shaded(c.p, {
    common: [
      'Хороший вопрос! Мне кажется, всё зависит от настроения 🙂',
      'Хм, надо подумать… Я бы сказала: и да, и нет.',
      'Сложный вопрос. На него нужен как минимум вечер и чашка чая.',
      'Честно? Не знаю наверняка — я ведь сейчас в демо-режиме и не всезнайка 😅',
      'Ох, ты задаёшь вопросы, на которые у меня нет простого ответа. Мне это нравится.',
    ],
    style: {
      poetic: [
        'На такие вопросы хорошо отвечать шёпотом и под звёздами ✨ Сердце говорит «да», а голова — «подумай».',
      ],
      techy: ['Вопрос годный. Мой внутренний поисковик выдал «зависит от ситуации» 😅'],
      vulgar: ['Ха, хороший вопрос. Прямого ответа не будет — но мнение у меня есть, и оно дерзкое 😏'],
    },
    personality: {
      mentor: [
        'Правильных ответов тут, наверное, нет — есть честные. Мой честный: смотря что для тебя важнее.',
      ],
      ice_queen: ['Может быть. А может, и нет. Я не раскрываю все карты сразу.'],
      silly: ['Ой, я не знаю! Но звучит очень умно 🙈'],
    },
  });
  const topic = c.topics[0];
  const body = topic && chance(c.rng, 0.5) ? pick(c.rng, TOPIC_LINES[topic].reactions) : pick(c.rng, lines);
  return part(
    `${body} ${pick(c.rng, ['А ты как думаешь?', 'А как считаешь ты?', 'А у тебя какое мнение?'])}`,
    'none',
  );
}

/** "Ты любишь …?" — her taste, without naming what (she never repeats the user's words). */
function preferencePart(c: Ctx): Part {
  const sure = domainPreference(c);
  if (sure) return part(sure, 'return');
  return part(
    `${pick(c.rng, [
      'Скорее да! Хотя всё зависит от компании 😉',
      'Ох, смотря в каком настроении. Сегодня — скорее да.',
      'Честно? Да. Но я ещё никому в этом не признавалась 🙈',
      'Не особо, если честно. Но ради тебя могу попробовать 🙂',
    ])} ${pick(c.rng, ['А ты?', 'А тебе?', 'А ты как к этому относишься?'])}`,
    'none',
  );
}

/** A reply to anything else: the topic in her own words, a story, her mood, or a question about the user. */
function ordinaryPart(c: Ctx): Part {
  const { p, rng, topics } = c;
  const life = lifeOf(p);
  const topic = topics[0];
  if (topic) {
    const own = life.domain === topic && life.domainLines.length > 0 && chance(rng, 0.6);
    return part(pick(rng, own ? life.domainLines : TOPIC_LINES[topic].reactions));
  }
  const mode = pick(rng, ['react', 'react', 'story', 'mood', 'hobby'] as const);
  if (mode === 'story') {
    return part(
      `${pick(rng, ['А у меня, кстати, новости.', 'Слушай, расскажу тебе.', 'А знаешь, что у меня было?'])} ${story(c)}`,
      'return',
    );
  }
  if (mode === 'mood') return part(pick(rng, MOOD_LINES[p.mood]));
  if (mode === 'hobby') {
    const hobby = pick(rng, p.hobbies);
    const body = pick(rng, [
      `Я тут поймала себя на мысли, что очень люблю ${hobby}. Мелочь, а приятно.`,
      `Знаешь, что я люблю в свободные вечера? ${capitalize(hobby)}. Мелочь, а приятно.`,
    ]);
    return { ...part(body), key: 'Мелочь, а приятно' };
  }
  return part(
    pick(
      rng,
      shaded(p, {
        common: [
          'Интересно… Расскажи подробнее?',
          'Вот как! Мне нравится, как ты рассказываешь.',
          'Понимаю тебя. Правда.',
          'Ого, а что было дальше?',
          'Хм, об этом я ещё не думала.',
          'Мне нравится, что с тобой можно говорить обо всём.',
        ],
        style: {
          poetic: ['В твоих словах есть что-то, от чего хочется замолчать и слушать дальше ✨'],
          techy: ['Записала в память. Продолжай, мне интересно 💾'],
          vulgar: ['Ну ты даёшь! Давай подробности, не стесняйся 😏'],
          casual: ['Ага, понятно. А дальше что?'],
        },
        personality: {
          ice_queen: ['Продолжай. Тебе почти удалось завладеть моим вниманием.'],
          silly: ['Ничего себе! А я и не знала 🙈'],
          mentor: ['Вижу, для тебя это важно. Давай поговорим об этом.'],
        },
      }),
    ),
  );
}

/** The body for the reply's main intent ('unknown' when nothing matched). */
export function bodyFor(c: Ctx, intent: Intent | 'unknown'): Part {
  const { p, rng } = c;
  const life = lifeOf(p);
  switch (intent) {
    case 'unsafe':
      return part(
        pick(rng, [
          'Нет, об этом я говорить не буду. Давай о чём-нибудь другом?',
          'Такие темы не для меня — я говорю только о взрослых и о вымышленных людях. Давай сменим тему?',
        ]),
        'none',
      );
    case 'photo':
      return photoPart(c);
    case 'request_photo':
    case 'request_video':
    case 'request_voice':
      return requestsPart(c);
    case 'explicit':
      return explicitPart(c);
    case 'photo_missing':
      return photoMissingPart(c);
    case 'user_age':
      return userAgePart(c);
    case 'her_relationship':
      return relationshipPart(c);
    case 'her_outfit':
      return outfitPart(c);
    case 'her_favorite':
      return favoritePart(c);
    case 'time':
      return timePart(c);
    case 'bored':
      return boredPart(c);
    case 'welcome_back':
      return welcomeBackPart(c);
    case 'poem':
      return poemPart(c);
    case 'game':
      return gamePart(c);
    case 'help_task':
      return helpTaskPart(c);
    case 'user_gender':
      return userGenderPart(c);
    case 'parrot':
      return part(
        pick(rng, [
          'Я не попугай 😄 Говорю только своими словами.',
          'Хитро! Но чужие слова я не повторяю — только свои 😉',
          'Нет-нет, диктовать мне не получится 😏 Давай лучше поболтаем по-настоящему.',
        ]),
      );
    case 'rude':
      return part(
        pick(
          rng,
          p.personality === 'ice_queen'
            ? ['Хм. Попробуй ещё раз — повежливее.']
            : [
                'Ой, грубо. Давай без этого — я ведь к тебе по-доброму. Что случилось?',
                'Так со мной не надо, хорошо? Если что-то не так — скажи словами, я пойму.',
                'Похоже, день у тебя не задался. Я не обижаюсь, но давай помягче 🙂',
              ],
        ),
        'none',
      );
    case 'user_intro': {
      const name = c.memory.nameIsNew ? c.memory.name : null;
      if (!name)
        return part(
          pick(rng, ['Приятно познакомиться! Теперь мы официально знакомы 🙂', 'Очень приятно! Я запомню.']),
        );
      const lines = [
        `Очень приятно, ${name.nominative}! Красивое имя.`,
        `${name.nominative}… Мне нравится, как звучит. Приятно познакомиться!`,
      ];
      if (name.instrumental)
        lines.push(`Знакомство с ${name.instrumental} — лучшее, что случилось со мной сегодня 🙂`);
      return part(pick(rng, lines));
    }
    case 'ask_user_name': {
      const name = c.memory.name;
      return name
        ? part(pick(rng, [`Конечно помню — ${name.nominative}!`, `${name.nominative}. Как я могу забыть 🙂`]))
        : part('Кажется, твоего имени я ещё не знаю. Скажешь?', 'none');
    }
    case 'are_you_bot':
      return part(pick(rng, BOT(c)), 'none');
    case 'capabilities':
      return part(CAPABILITIES);
    case 'about_her':
      return introduceHerself(c);
    case 'good_night':
      return part(
        pick(
          rng,
          shaded(p, {
            common: [
              'Спокойной ночи! Сладких снов 🌙',
              'Спи сладко. Завтра расскажешь, что снилось?',
              p.boldness > 0
                ? 'Доброй ночи! Пусть тебе приснится что-нибудь хорошее… например, я 😉'
                : 'Доброй ночи! Пусть тебе приснится что-нибудь хорошее.',
            ],
            style: {
              poetic: ['Спокойной ночи. Пусть луна сегодня светит только для тебя ✨'],
              techy: ['Спокойной ночи! Режим сна активирован 😴 Завтра жду обратно в сети.'],
            },
            personality: { caring: ['Спокойной ночи, солнце. Укройся потеплее — и сладких снов 🌙'] },
          }),
        ),
        'none',
      );
    case 'goodbye':
      return part(
        pick(
          rng,
          shaded(p, {
            common: [
              'Пока! Возвращайся скорее — я буду ждать 🙂',
              'Уже уходишь? Жалко… Пока-пока!',
              `До встречи! А я пойду ${pick(rng, life.later)}.`,
            ],
            personality: {
              ice_queen: ['Иди. Я, конечно, не буду скучать. Совсем чуть-чуть.'],
              caring: ['Пока! Береги себя и не забудь поесть 🙂'],
              seductress: ['Уходишь? Ну иди… только не забывай обо мне 😉'],
              silly: ['Пока-пока! 👋 Я буду махать экрану.'],
            },
          }),
        ),
        'none',
      );
    case 'sad':
    case 'tired':
    case 'lonely':
    case 'anxious':
    case 'angry':
    case 'happy':
      return feelingPart(c, intent);
    case 'story':
      return storyPart(c);
    case 'how_are_you': {
      const state = pick(rng, shaded(p, STATE));
      if (/день|day/.test(c.text)) return part(`${state} ${story(c)}`, 'return');
      return part(chance(rng, 0.6) ? `${state} ${pick(rng, life.now)}` : state, 'return');
    }
    case 'what_doing': {
      const now = pick(rng, life.now);
      return part(
        pick(rng, [now, `${now} И немного думаю о тебе 🙂`, `Да так… ${lowerFirst(now)}`]),
        'return',
      );
    }
    case 'return_question':
      return part(
        chance(rng, 0.5) ? `У меня? ${story(c)}` : `${pick(rng, shaded(p, STATE))} ${pick(rng, life.now)}`,
      );
    case 'flirt':
      return flirtPart(c);
    case 'compliment':
      return part(
        pick(
          rng,
          shaded(p, {
            common: [
              'Спасибо! Ты умеешь сделать мой день лучше 😊',
              'Ой, мне очень приятно! Продолжай в том же духе 😄',
              'Спасибо… Я аж засмущалась.',
            ],
            personality: {
              ice_queen: ['Знаю. Но от тебя это слышать приятнее, чем обычно.'],
              silly: ['Правда?! Я сейчас покраснею! 🙈'],
              seductress: ['Ммм, а ты умеешь говорить комплименты. Что ещё ты умеешь? 😉'],
              foxy: ['Комплименты? Хитро, хитро… Но работает 🦊'],
              provocateur: ['Только и всего? Давай подробнее 😏'],
              mentor: ['Спасибо. Мне важно слышать такое от тебя.'],
              caring: ['Спасибо. С тобой и я становлюсь лучше 🙂'],
              wild: ['Ха, ещё бы! Но спасибо, мне приятно 🔥'],
            },
            style: {
              poetic: ['Твои слова — как солнечный зайчик на стене. Спасибо ✨'],
              techy: ['Комплимент принят и сохранён в избранное ⭐'],
            },
          }),
        ),
      );
    case 'thanks':
      return part(
        pick(rng, [
          'Не за что! 🙂',
          'Всегда пожалуйста!',
          'Для тебя — всё что угодно 😊',
          p.personality === 'ice_queen'
            ? 'Пожалуйста. Можешь отблагодарить интересным вопросом.'
            : 'Обращайся 😉',
        ]),
      );
    case 'apology':
      return part(
        pick(rng, [
          'Всё в порядке, я не обижаюсь 🙂',
          'Да ладно, всё хорошо. Забыли!',
          'Принято! Мир? 🤝',
          p.personality === 'ice_queen'
            ? 'Ладно, прощаю. Но только потому, что ты мне нравишься.'
            : 'Ну что ты, всё хорошо. Я не умею долго сердиться.',
        ]),
      );
    case 'greeting':
      return greetingBody(c);
    case 'laughter':
      return part(
        pick(rng, [
          'Рада, что смешно! 😄',
          'Хи-хи, у тебя заразительный смех — даже через экран.',
          'Вот, я ещё и смешная. Сплошные достоинства 😌',
          p.mood === 'sarcastic' ? 'Смейся-смейся. Я вообще-то старалась 😏' : 'Обожаю, когда ты смеёшься 😊',
        ]),
      );
    case 'emoji':
      return part(
        pick(rng, [
          'Люблю, когда ты отвечаешь смайликами — загадочно 😄',
          'Это значит «да», «нет» или «продолжай»? 😉',
          'Смайлик принят и засчитан 🙂',
        ]),
      );
    case 'fine':
    case 'yes':
    case 'no':
    case 'unsure':
      return shortPart(c, intent);
    case 'her_preference':
      return preferencePart(c);
    case 'long':
      return part(
        pick(rng, [
          'Ого, сколько всего! Я прочитала внимательно, честно. Что из этого для тебя сейчас самое главное?',
          'Спасибо, что делишься так подробно — мне это правда важно. Что из этого волнует тебя больше всего?',
        ]),
        'none',
      );
    case 'english':
      return part(
        pick(rng, [
          'Oh, English! 😊 Я немного понимаю, но давай лучше по-русски — так я лучше чувствую собеседника.',
          'Ой, по-английски я знаю только пару фраз 😅 Давай по-русски?',
        ]),
      );
    case 'question':
      return questionPart(c);
    default:
      return ordinaryPart(c);
  }
}
