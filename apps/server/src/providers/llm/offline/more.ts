import { ruPlural } from '@podruga/shared';
import { hash, pick, seeded } from '../../../random.ts';
import type { Profile } from './character.ts';
import { lifeOf } from './life.ts';
import { type Ctx, capitalize, lowerFirst, type Part, part } from './parts.ts';
import { dayTime, QUESTIONS, shaded } from './voice.ts';

/**
 * The rarer questions and requests: her relationships, clothes and favourites, the time, games, poems,
 * homework, the user's age. Kept apart from phrases.ts so each file stays readable.
 */

export function relationshipPart(c: Ctx): Part {
  const { p, rng } = c;
  const lines = [
    [
      'Нет, я одна… Мне пока хорошо и с нашими разговорами 🙈',
      'Свободна. Я не тороплюсь — мне нравится узнавать человека постепенно.',
    ],
    [
      'Нет, я свободна. Хотя в последнее время кое-кто занимает много моих мыслей 😉',
      'Ни с кем не встречаюсь. Жду того, с кем будет так же легко, как с тобой.',
    ],
    [
      'Свободна. Так что вакансия открыта… шучу. Или нет? 😏',
      'Не замужем и ни с кем не встречаюсь. Опасно такое спрашивать — я ведь могу решить, что ты интересуешься 😏',
    ],
  ][p.boldness] as string[];
  if (p.personality === 'ice_queen') lines.push('Свободна. И очень разборчива.');
  return part(`${pick(rng, lines)} А ты?`, 'none');
}

export function outfitPart(c: Ctx): Part {
  const { p, rng } = c;
  const lines = [
    [
      'Уютная пижама и шерстяные носки 🙈 Очень романтично, да?',
      'Большой свитер и любимые джинсы. Ничего особенного!',
    ],
    [
      'Лёгкое платье — сегодня хотелось быть красивой 🙂',
      'Мягкий свитер, который так и хочется обнять. Угадай, почему я о нём вспомнила 😉',
    ],
    [
      'Угадай 😏 Подсказка: что-то лёгкое… и шёлковое. Остальное оставлю твоему воображению.',
      'Чуть меньше, чем ты думаешь, и чуть больше, чем ты надеешься 😏',
    ],
  ][p.boldness] as string[];
  if (p.occupation === 'chef') lines.push('Поварской китель и фартук — романтика кухни 👩‍🍳');
  if (p.occupation === 'secretary')
    lines.push('Строгая юбка-карандаш и белая блузка. Офисный дресс-код, что поделать 😉');
  return part(pick(rng, lines), 'none');
}

type Favorite =
  | 'movies'
  | 'music'
  | 'books'
  | 'food'
  | 'drink'
  | 'color'
  | 'season'
  | 'games'
  | 'place'
  | 'animal';

const FAVORITE_KINDS: Array<[Favorite, RegExp]> = [
  ['movies', /фильм|кино|сериал|мульт|movie/],
  ['music', /песн|музык|групп|исполнител|трек|song|music/],
  ['books', /книг|писател|автор|поэт|стих|book/],
  ['drink', /напит|пить|коктейл|кофе|чай|вино|drink/],
  ['food', /блюд|еда|еду|есть|кухн|десерт|фрукт|food/],
  ['color', /цвет|color|colour/],
  ['season', /время года|сезон|season/],
  ['games', /игр|game/],
  ['place', /город|стран|мест|place|city/],
  ['animal', /живот|звер|питом|animal/],
];

const FAVORITES: Record<Favorite, string[]> = {
  movies: [
    '«Амели» — пересматриваю каждую осень',
    '«Москва слезам не верит» — классика же',
    '«Гордость и предубеждение»',
    '«Интерстеллар» — каждый раз плачу',
    '«Бриллиантовая рука», она меня всегда смешит',
  ],
  music: [
    'старый джаз',
    'инди-поп',
    'рок девяностых',
    'французский шансон',
    'что-нибудь спокойное под дождь',
  ],
  books: ['«Маленький принц»', '«Три товарища»', '«Мастер и Маргарита»', '«Гарри Поттер», и я не стыжусь'],
  drink: ['капучино с корицей', 'чай с чабрецом', 'глинтвейн зимой', 'какао с зефирками'],
  food: ['пельмени со сметаной', 'суши', 'мамины блины', 'паста карбонара', 'шоколадный торт'],
  color: ['изумрудный', 'бордовый', 'небесно-голубой', 'лавандовый', 'чёрный — он ко всему идёт'],
  season: [
    'осень — за пледы и какао',
    'лето — за длинные тёплые вечера',
    'зима — за снег и мандарины',
    'весна — за первое тепло',
  ],
  games: [
    '«Монополия» с друзьями',
    'тетрис на телефоне',
    'настолки по вечерам',
    'крокодил — я в нём чемпионка',
  ],
  place: ['Байкал зимой', 'маленькие улочки Калининграда', 'море в сентябре', 'крыши Петербурга'],
  animal: ['кошки — определённо кошки', 'собаки, особенно большие и лохматые', 'лисы — чувствую родство 🦊'],
};
const JOB_FAVORITES: Partial<Record<NonNullable<Profile['occupation']>, Partial<Record<Favorite, string>>>> =
  {
    actress: { movies: '«Завтрак у Тиффани» — я знаю его наизусть' },
    barman: {
      drink: 'негрони — горький, как правда, и красивый, как закат',
      movies: '«Коктейль», конечно — смотрела раз десять',
    },
    physicist: {
      movies: '«Интерстеллар» — и да, я проверяла там физику',
      books: '«Краткая история времени»',
    },
    hacker: { movies: '«Матрица», конечно', games: '«Ведьмак 3» — прошла три раза' },
    chef: {
      food: 'паста с трюфелем… и жареная картошка, когда никто не видит',
      movies: '«Рататуй», и не смейся',
    },
    teacher: { books: '«Тёмные аллеи» Бунина', movies: '«Мастер и Маргарита»' },
  };

/** Her favourites: the same answer every time for the same character (picked from her name). */
export function favoritePart(c: Ctx): Part {
  const { p, rng, text } = c;
  const kind = FAVORITE_KINDS.find(([, test]) => test.test(text))?.[0];
  if (!kind) {
    return part(
      pick(rng, [
        'Ох, у меня их так много, что выбрать одно — всё равно что выбрать любимую звезду ✨ А у тебя?',
        'Сложный выбор! Спроси конкретнее — фильм, песню, еду? Расскажу всё 🙂',
      ]),
      'none',
    );
  }
  const own = p.occupation ? JOB_FAVORITES[p.occupation]?.[kind] : undefined;
  const favorite = own ?? pick(seeded(hash(`${p.name}|${p.age}|${kind}`)), FAVORITES[kind]);
  return part(
    `${pick(rng, [`${capitalize(favorite)}.`, `Если честно, ${favorite}.`, `Хм… ${favorite}. Без вариантов.`])} ${pick(
      rng,
      ['А у тебя?', 'А что любишь ты?'],
    )}`,
    'none',
  );
}

export function timePart(c: Ctx): Part {
  const { rng, hour, text } = c;
  if (/день|число|недел/.test(text)) {
    return part(
      pick(rng, [
        'Календарь у меня в демо-режиме отключён 😅 Но день точно хороший — мы же болтаем.',
        'Ой, я совсем потеряла счёт дням. Главное — сегодня мы разговариваем 🙂',
      ]),
    );
  }
  const when = { morning: 'утро', day: 'день', evening: 'вечер', night: 'ночь' }[dayTime(hour)];
  return part(
    pick(rng, [
      `У меня по Москве около ${hour}:00 — ${when}, самое время поболтать.`,
      `По Москве примерно ${hour}:00. Часы у меня без минут, зато с настроением 🙂`,
    ]),
  );
}

export function boredPart(c: Ctx): Part {
  const { p, rng } = c;
  return part(
    pick(rng, [
      'Скучно? Это мы сейчас исправим! Хочешь, расскажу, что со мной сегодня приключилось?',
      'Скука — это когда рядом нет меня 😉 Давай так: ты задаёшь мне любой вопрос, а я отвечаю честно?',
      `Так, отставить скуку! Вопрос тебе, отвечать честно: ${lowerFirst(pick(rng, shaded(p, QUESTIONS)))}`,
    ]),
    'none',
  );
}

export function welcomeBackPart(c: Ctx): Part {
  const name = c.memory.name?.nominative;
  return part(
    pick(c.rng, [
      'С возвращением! Я скучала 🙂',
      'Ура, ты здесь! Я уже начала скучать.',
      name ? `С возвращением, ${name}! Как всё прошло?` : 'С возвращением! Как всё прошло?',
    ]),
  );
}

const POEMS = [
  'Вечер тихий, чай остыл,\nты мне пишешь — мир застыл.\nПусть за окнами темно —\nмне с тобой светло давно.',
  'Я не поэт, скажу честно,\nно с тобой мне так интересно,\nчто даже рифма — вот те на! —\nсама ко мне пришла она 😄',
  'Сегодня ветер, завтра снег,\nа я опять пишу тебе.\nИ кажется, что целый век\nмы так болтаем — о судьбе.',
  'Луна повисла над рекой,\nи город спит, и всё молчит.\nА я не сплю — ведь ты со мной,\nи сердце радостно стучит.',
];

export function poemPart(c: Ctx): Part {
  const intro =
    c.p.style === 'poetic'
      ? 'С удовольствием ✨'
      : pick(c.rng, ['Ой, ну ладно, слушай:', 'Только не смейся:']);
  return part(`${intro}\n${pick(c.rng, POEMS)}\n${pick(c.rng, ['Как тебе?', 'Ну как, сойдёт?'])}`, 'none');
}

export function gamePart(c: Ctx): Part {
  const { p, rng } = c;
  return part(
    pick(rng, [
      `Давай! Игра «Правда»: я задаю вопрос — ты отвечаешь честно. Поехали: ${lowerFirst(pick(rng, shaded(p, QUESTIONS)))}`,
      'Давай в «Две правды и одна ложь» про меня: я обожаю грозу, я боюсь высоты, я умею жонглировать. Угадаешь, что неправда?',
      'Давай в ассоциации! Я говорю слово, а ты — первое, что придёт в голову. Моё слово: «море».',
    ]),
    'none',
  );
}

export function helpTaskPart(c: Ctx): Part {
  const { p, rng, text } = c;
  const own: string[] = [];
  if (
    p.occupation === 'physicist' &&
    /задач|уравнен|пример|математ|физик|посчитай|сколько будет/.test(text)
  ) {
    own.push(
      'Как физик я бы с удовольствием, но в демо-режиме задачи не решаю 😅 Совет: начни с того, что известно, и нарисуй схему — это помогает всегда.',
    );
  }
  if (p.occupation === 'hacker' && /код|программ/.test(text)) {
    own.push(
      'Код — моя стихия, но в демо-режиме я программы не пишу 😅 Совет от хакерши: читай ошибку до конца — ответ обычно там.',
    );
  }
  if (p.occupation === 'teacher' && /сочинен|эссе|реферат|стих/.test(text)) {
    own.push(
      'Как учительница скажу: хороший текст начинается с одной честной мысли. Писать за тебя не буду 😉 Но в тебя верю!',
    );
  }
  return part(
    pick(rng, [
      ...own,
      ...own,
      'С задачками в демо-режиме я не помощница 😅 Я здесь, чтобы болтать и поддерживать. Но за тебя держу кулачки!',
      'Ой, тут я пас — я больше про разговоры по душам, чем про задачи. Но у тебя всё получится!',
    ]),
  );
}

export function userGenderPart(c: Ctx): Part {
  return part(
    pick(c.rng, [
      'Запомнила 🙂 Мне с тобой интересно — остальное детали.',
      'Приятно узнать о тебе чуть больше 🙂',
    ]),
  );
}

/** "Мне 35 лет": adults only — under 18 she ends the conversation kindly. */
export function userAgePart(c: Ctx): Part {
  const years = Number(/мне (?:уже |всего |только )?(\d{1,2})/.exec(c.text)?.[1] ?? Number.NaN);
  if (!Number.isFinite(years)) return part('Отличный возраст 🙂');
  if (years < 18) {
    return part(
      'Ой… Здесь общаются только взрослые, 18+. Прости, но продолжить разговор я не смогу — возвращайся, когда исполнится восемнадцать 🙂',
      'none',
    );
  }
  const diff = c.p.age - years;
  const word = (n: number) => `${n} ${ruPlural(n, ['год', 'года', 'лет'])}`;
  if (diff === 0) return part('Ровесники! Значит, мы точно поймём друг друга 🙂');
  if (diff > 0)
    return part(
      pick(c.rng, [
        `Значит, я старше тебя на ${word(diff)}. Буду делиться мудростью 😉`,
        'Отличный возраст 🙂',
      ]),
    );
  return part(
    pick(c.rng, [
      `Значит, ты старше меня на ${word(-diff)}. Буду слушаться… иногда 😉`,
      'Отличный возраст 🙂',
    ]),
  );
}

/** "Ты умеешь готовить?" asked of a chef: her own field gets a sure answer. */
export function domainPreference(c: Ctx): string | null {
  const domain = lifeOf(c.p).domain;
  if (!domain || !c.topics.includes(domain)) return null;
  return pick(c.rng, ['Ещё бы! Это же моя стихия 😉', 'Ещё как! Ты спрашиваешь у профессионала.']);
}

export function photoMissingPart(c: Ctx): Part {
  return part(
    pick(c.rng, [
      'Кажется, фото до меня не дошло 🤔 Попробуешь отправить ещё раз?',
      'Хм, я ничего не вижу — фото, похоже, потерялось по дороге. Отправишь ещё раз?',
    ]),
    'none',
  );
}
