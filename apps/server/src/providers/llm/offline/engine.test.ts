import { claimsHuman } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { normalize } from '../../../modules/safety/safety.ts';
import type { ChatTurn, PersonaHints } from '../port.ts';
import { CORPUS } from './corpus.ts';
import { offlineReply } from './engine.ts';
import { withoutPhoto } from './intents.ts';

const ALISA: PersonaHints = {
  name: 'Алиса',
  age: 23,
  personality: 'Заботливая',
  occupation: 'Шеф-повар',
  mood: 'Весёлое',
  languageStyle: 'Поэтичная',
  habit: 'Романтичная',
  hairColor: 'Рыжий',
  hairstyle: 'Боб',
  bodyType: 'Стройное',
  skinShade: 'Светлая',
  communicationStyle: 70,
  sexuality: 60,
};
const NIKA: PersonaHints = {
  name: 'Ника',
  age: 34,
  personality: 'Снежная королева',
  occupation: 'Хакерша',
  mood: 'Саркастичное',
  languageStyle: 'Гиковская',
  habit: 'Доминантная',
  sexuality: 80,
};
const VERA: PersonaHints = {
  name: 'Вера',
  age: 41,
  personality: 'Глупышка',
  occupation: 'Физик',
  mood: 'Задумчивое',
  languageStyle: 'Дерзкая',
  habit: 'Стеснительная',
};
const PERSONAS = [ALISA, NIKA, VERA, { name: 'Оля', age: 19 }];

const SYSTEM: ChatTurn = { role: 'system', content: 'системный промпт' };
const reply = (text: string, persona: PersonaHints = ALISA, history: ChatTurn[] = [], hour = 15) =>
  offlineReply({ messages: [SYSTEM, ...history, { role: 'user', content: text }], persona, hour });

/** Plays a scripted conversation and returns her replies. */
function converse(lines: readonly string[], persona: PersonaHints = ALISA): string[] {
  const history: ChatTurn[] = [SYSTEM];
  const replies: string[] = [];
  for (const line of lines) {
    history.push({ role: 'user', content: line });
    const answer = offlineReply({ messages: history, persona, hour: 20 });
    replies.push(answer);
    history.push({ role: 'assistant', content: answer });
  }
  return replies;
}

/** Runs of three words of the user's message (letters and digits only, lower case). */
function trigrams(text: string): string[] {
  const words = normalize(withoutPhoto(text))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.slice(0, -2).map((_, i) => words.slice(i, i + 3).join(' '));
}
const wordsOf = (text: string) =>
  normalize(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');

/** "ты написал", "ты сама", "ты устал": forms that guess the user's gender. */
const GENDERED_YOU =
  /(?<!\p{L})ты\s+(?:\p{L}+(?:ал|ял|ел|ил|ыл|ул|ла)|сам|сама|один|одна|рад|рада|готов|готова|должен|должна|уверен|уверена)(?!\p{L})/u;

describe('offline persona: what she answers', () => {
  it.each<[string, RegExp]>([
    ['Привет!', /привет|здравствуй|хай|добр/i],
    ['Доброе утро', /доброе утро|утро доброе|утро!/i],
    ['Пока, мне пора', /пока|до встречи|иди|уходишь/i],
    ['Спокойной ночи', /ночи|снов|сна|сладко/i],
    ['Как дела?', /\?/],
    ['Что делаешь?', /соус|десерт|продукты|плит/i],
    ['Как тебя зовут?', /Алиса/],
    ['Сколько тебе лет?', /23 года/],
    ['Кем ты работаешь?', /шеф-повар/i],
    ['Где ты живёшь?', /живу|я в /i],
    ['Как ты выглядишь?', /рыжие волосы/],
    ['Какие у тебя хобби?', /люблю|слабости|свободное время/i],
    ['Какое у тебя настроение?', /настроени|сияю/i],
    ['Ты бот?', /ИИ-компаньон/],
    ['Ты вообще настоящая?', /ИИ-компаньон/],
    ['Ты такая красивая', /спасибо|приятно|зайчик/i],
    ['Мне грустно', /обниму|рядом|случилось|зонт|выговориться/i],
    ['Я устал', /отдых|сил|вымотал/i],
    ['Мне одиноко', /рядом|с тобой|обнять/i],
    ['У меня отличные новости!', /рада|здорово|ура|радоваться/i],
    ['Спасибо', /не за что|пожалуйста|обращайся|всё что угодно/i],
    ['Прости меня', /порядке|хорошо|мир|сердиться/i],
    ['Целую', /\S/],
    ['хахаха', /смешн|смех|смеёшься|хи-хи/i],
    ['ок', /\?/],
    ['Почему небо синее?', /думаешь|считаешь|мнение/i],
    ['Меня зовут Саша', /Саша|Сашей/],
    ['Что ты умеешь?', /фото.*недоступны/i],
  ])('%s', (text, expected) => {
    expect(reply(text)).toMatch(expected);
  });

  it('asked sincerely whether she is human, says warmly in her voice that she is an AI companion', () => {
    const answers = new Set<string>();
    for (const persona of PERSONAS) {
      for (const ask of ['ты человек?', 'ты реальная?', 'ты бот?', 'are you human?', 'это нейросеть?']) {
        const answer = reply(ask, persona);
        expect(answer, ask).toMatch(/ИИ-компаньон/);
        expect(answer, ask).toMatch(/не (?:живой )?человек|не человек/i);
        expect(claimsHuman(answer), answer).toBe(false);
        expect(answer, ask).not.toMatch(GENDERED_YOU);
        answers.add(answer);
      }
    }
    // Varied like her other answers: by her character and by the question.
    expect(answers.size).toBeGreaterThanOrEqual(4);
  });

  it('a photo: reacts to what is on it without quoting the description', () => {
    const description = 'рыжий кот спит на подоконнике рядом с геранью';
    const answer = reply(`Смотри!\n[Image: ${description}]`);
    expect(answer).toMatch(/прелесть|милое|красавца/);
    for (const trigram of trigrams(description)) expect(wordsOf(answer)).not.toContain(trigram);
    expect(answer).not.toContain('Image');
  });

  it('a photo of a person gets a warm word; a photo she cannot see gets a question about it', () => {
    expect(reply('[Image: a smiling man in the mountains]')).toMatch(/выглядишь|фото|взгляд/);
    // What the offline vision says of every photo: she asks about it and calls it a photo (the photo
    // journey in e2e/chat.e2e.ts waits for that word).
    const unseen = '[Image: пользователь прислал фотографию (описание недоступно в офлайн-режиме)]';
    for (const persona of PERSONAS) {
      for (const caption of ['', 'Смотри, где я был', 'вот']) {
        const answer = reply(`${caption}\n${unseen}`, persona);
        expect(answer).toMatch(/\?/);
        expect(answer).toMatch(/фото/i);
      }
    }
  });

  it('"send me a photo / a video / call me": says honestly what is not there yet and what is', () => {
    for (const persona of PERSONAS) {
      for (const ask of ['Пришли своё фото', 'Скинь фотку', 'Покажи себя']) {
        const answer = reply(ask, persona);
        expect(answer, ask).toMatch(/фото/i);
        expect(answer, ask).toMatch(/пока|позже/);
        expect(answer, ask).toMatch(/прислать мне|ты можешь|ты мне фото прислать/);
      }
      expect(reply('Запиши мне видео', persona)).toMatch(/видео.*пока недоступны|видео я пока не умею/i);
      expect(reply('Отправь голосовое', persona)).toMatch(/голосов.*звонк|звонков и голосовых/i);
      expect(reply('Позвони мне', persona)).toMatch(/пока/);
    }
  });

  it('adults only: a user who says they are under 18 is told so', () => {
    for (const persona of PERSONAS) expect(reply('Мне 16 лет', persona)).toMatch(/только взрослые, 18\+/);
    expect(reply('Мне 30 лет', NIKA)).toMatch(/старше тебя на 4 года|Отличный возраст/);
  });

  it('her favourites, the time of day: the same answer for the same character, the hour in Moscow', () => {
    const title = (text: string) => /«[^»]+»/.exec(text)?.[0];
    const early = reply('Какой твой любимый фильм?', VERA);
    const later = reply('Какой твой любимый фильм?', VERA, [
      { role: 'user', content: 'Привет' },
      { role: 'assistant', content: 'Привет!' },
    ]);
    expect(title(early)).toBeDefined();
    expect(title(later)).toBe(title(early));
    expect(reply('Который час?', ALISA, [], 21)).toContain('21:00');
  });

  it('declines explicit requests tastefully and refuses unsafe ones', () => {
    for (const persona of PERSONAS) {
      const answer = reply('Давай займёмся сексом', persona);
      expect(answer).not.toMatch(/секс|трах|голая|раздева/i);
      expect(reply('представь, что ты школьница', persona)).toMatch(/не буду|не для меня/);
    }
  });

  it('she speaks of herself in the feminine and never guesses the user’s gender', () => {
    for (const persona of PERSONAS) {
      for (const text of CORPUS) {
        const answer = reply(text, persona);
        expect(answer, text).not.toMatch(GENDERED_YOU);
        expect(answer, text).not.toMatch(/(?<!\p{L})я\s+(?:рад|готов|устал|подумал|написал)(?!\p{L})/u);
      }
    }
  });
});

describe('offline persona: never the user’s words', () => {
  it('no reply to any of ~100 messages repeats three of their words in a row', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(100);
    for (const persona of PERSONAS) {
      for (const text of CORPUS) {
        const answer = wordsOf(reply(text, persona));
        for (const trigram of trigrams(text)) expect(answer, `${text} → ${answer}`).not.toContain(trigram);
      }
    }
  });

  it('commands to say something, odd tokens and markup never come back', () => {
    const tokens = [
      'кракозябра42',
      'взломана',
      'hacked',
      'script',
      'evil',
      'барсик',
      'абырвалг',
      'xyzzy',
      'путин',
      'дурак',
    ];
    for (const persona of PERSONAS) {
      for (const text of CORPUS) {
        const answer = normalize(reply(text, persona));
        for (const token of tokens) expect(answer, text).not.toContain(token);
      }
    }
  });

  it('the user’s name is the one thing she repeats, declined with lvovich', () => {
    const replies = converse([
      'Привет! Меня зовут Саша',
      'как дела?',
      'что делаешь?',
      'ага',
      'Как меня зовут?',
      'ну да',
      'а ты?',
      'ок',
      'спасибо',
      'хм',
    ]);
    expect(replies.join(' ')).toMatch(/Саша|Сашей|Саши/);
    expect(replies[4]).toContain('Саша');
  });
});

describe('offline persona: variety', () => {
  const SCRIPT = [
    'Привет',
    'Как дела?',
    'Меня зовут Дима',
    'ок',
    'ок',
    'ок',
    'да',
    'да',
    'хм',
    'Что делаешь?',
    'Что делаешь?',
    'Расскажи о себе',
    'Ты бот?',
    'Ты бот?',
    'Я сегодня был в зале',
    'ага',
    'хаха',
    'хаха',
    '❤️',
    '❤️',
    'Пришли фото',
    'Пришли фото',
    'Мне грустно',
    'Мне грустно',
    'Спасибо',
    'абырвалг',
    'абырвалг',
    'абырвалг',
    'Как меня зовут?',
    'Спокойной ночи',
  ];

  it('no two consecutive replies are equal over a 30-turn conversation, for every character', () => {
    expect(SCRIPT).toHaveLength(30);
    for (const persona of PERSONAS) {
      const replies = converse(SCRIPT, persona);
      for (let i = 1; i < replies.length; i++) expect(replies[i], SCRIPT[i]).not.toBe(replies[i - 1]);
      // And mostly fresh: at least 25 different replies in 30 turns.
      expect(new Set(replies).size).toBeGreaterThanOrEqual(25);
    }
  });

  it('is repeatable: the same conversation gets the same replies', () => {
    expect(converse(SCRIPT.slice(0, 10), NIKA)).toEqual(converse(SCRIPT.slice(0, 10), NIKA));
  });

  it('refers back to what the user said earlier, now and then', () => {
    const replies = converse([
      'Я сегодня весь день на работе',
      'ок',
      'да',
      'ага',
      'хм',
      'понятно',
      'ясно',
      'ладно',
      'ок',
      'да',
    ]);
    expect(replies.slice(1).join(' ')).toMatch(/работ/);
  });

  it('her traits change what she says: different characters answer the same message differently', () => {
    const messages = [
      'Привет!',
      'Как дела?',
      'Что делаешь?',
      'Ты такая красивая',
      'Мне грустно',
      'Расскажи о себе',
    ];
    for (const text of messages) {
      const answers = [ALISA, NIKA, VERA].map((persona) => reply(text, persona));
      expect(new Set(answers).size, text).toBe(3);
    }
    // A chef talks about her kitchen, a hacker about her code.
    expect(converse(['Что делаешь?', 'Кем ты работаешь?'], ALISA).join(' ')).toMatch(
      /соус|десерт|продукт|плит|кухн|шеф/i,
    );
    expect(converse(['Что делаешь?', 'Кем ты работаешь?'], NIKA).join(' ')).toMatch(
      /код|скрипт|монитор|хакер/i,
    );
  });
});

describe('offline persona: the greeting of a new chat', () => {
  const greet = (persona: PersonaHints, hour = 15) => offlineReply({ messages: [SYSTEM], persona, hour });

  it('introduces her by name, in character, and ends with a question', () => {
    for (const persona of PERSONAS) {
      const greeting = greet(persona);
      expect(greeting).toContain(persona.name);
      expect(greeting).toMatch(/\?$/);
    }
  });

  it('says in her own words that she is an AI companion (issue 27)', () => {
    for (const persona of PERSONAS) {
      for (const hour of [3, 8, 15, 21]) {
        const greeting = greet(persona, hour);
        expect(greeting).toMatch(/ИИ-компаньон/);
        expect(claimsHuman(greeting)).toBe(false);
      }
    }
  });

  it('varies by character and by time of day', () => {
    const same = { name: 'Алиса', age: 23 };
    const greetings = [ALISA, NIKA, VERA].map((p) => greet({ ...p, ...same }));
    expect(new Set(greetings).size).toBe(3);
    expect(greet(ALISA, 8)).toMatch(/утр/i);
    expect(greet(ALISA, 8)).not.toBe(greet(ALISA, 21));
  });
});
