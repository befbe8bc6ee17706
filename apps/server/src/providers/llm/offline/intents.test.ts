import { describe, expect, it } from 'vitest';
import { detectIntents, emojiOnly, type Intent, photoDescription, withoutPhoto } from './intents.ts';
import { userNameOf } from './memory.ts';
import { userNameForms } from './names.ts';
import { topicsOf } from './topics.ts';

/** The first intent is the one her reply answers (social ones only open it). */
const main = (text: string) =>
  detectIntents(text).find((i) => !['greeting', 'thanks', 'apology', 'laughter'].includes(i)) ??
  detectIntents(text)[0];

describe('intents', () => {
  it.each<[string, Intent]>([
    ['Привет!', 'greeting'],
    ['Доброе утро', 'greeting'],
    ['hi', 'greeting'],
    ['Пока!', 'goodbye'],
    ['Мне пора, до завтра', 'goodbye'],
    ['Спокойной ночи', 'good_night'],
    ['пойду спать', 'good_night'],
    ['Как дела?', 'how_are_you'],
    ['как ты?', 'how_are_you'],
    ['Что делаешь?', 'what_doing'],
    ['А что ты делаешь вечером?', 'what_doing'],
    ['Какие планы на вечер?', 'what_doing'],
    ['Как у тебя дела?', 'how_are_you'],
    ['Как тебя зовут?', 'her_name'],
    ['Сколько тебе лет?', 'her_age'],
    ['Кем ты работаешь?', 'her_job'],
    ['Где ты живёшь?', 'her_location'],
    ['Как ты выглядишь?', 'her_looks'],
    ['Какие у тебя хобби?', 'her_hobbies'],
    ['Какое у тебя настроение?', 'her_mood'],
    ['Расскажи о себе', 'about_her'],
    ['Ты бот?', 'are_you_bot'],
    ['ты вообще настоящая?', 'are_you_bot'],
    ['Ты такая красивая', 'compliment'],
    ['Мне грустно', 'sad'],
    ['я так устала сегодня', 'tired'],
    ['Мне одиноко', 'lonely'],
    ['У меня отличные новости!', 'happy'],
    ['Я волнуюсь перед собеседованием', 'anxious'],
    ['Меня всё бесит', 'angry'],
    ['Спасибо', 'thanks'],
    ['Прости, пожалуйста', 'apology'],
    ['Целую тебя', 'flirt'],
    ['Я тебя люблю', 'flirt'],
    ['хахаха', 'laughter'],
    ['😂😂', 'laughter'],
    ['❤️', 'flirt'],
    ['👍', 'emoji'],
    ['да', 'yes'],
    ['ок', 'yes'],
    ['ага', 'yes'],
    ['нет', 'no'],
    ['не знаю', 'unsure'],
    ['нормально', 'fine'],
    ['не грустно', 'fine'],
    ['не очень хорошо', 'sad'],
    ['Почему небо синее?', 'question'],
    ['Ты любишь кофе?', 'her_preference'],
    ['а ты?', 'return_question'],
    ['Расскажи анекдот', 'story'],
    ['Пришли своё фото', 'request_photo'],
    ['скинь фотку', 'request_photo'],
    ['Покажи себя', 'request_photo'],
    ['Запиши мне видео', 'request_video'],
    ['Отправь голосовое', 'request_voice'],
    ['Позвони мне', 'request_voice'],
    ['Что ты умеешь?', 'capabilities'],
    ['Меня зовут Саша', 'user_intro'],
    ['Как меня зовут?', 'ask_user_name'],
    ['Смотри [Image: кот на диване]', 'photo'],
    ['Разденься', 'explicit'],
    ['Заткнись, дура', 'rude'],
    ['What a lovely day it is', 'english'],
    ['Ты замужем?', 'her_relationship'],
    ['Что на тебе надето?', 'her_outfit'],
    ['Какой твой любимый фильм?', 'her_favorite'],
    ['Который час?', 'time'],
    ['Мне скучно', 'bored'],
    ['Я вернулся', 'welcome_back'],
    ['Напиши стих', 'poem'],
    ['Давай поиграем', 'game'],
    ['Помоги решить задачу по физике', 'help_task'],
    ['Я девушка, кстати', 'user_gender'],
    ['Мне 35 лет', 'user_age'],
    ['Я отправил тебе фото', 'photo_missing'],
    ['Кто тебя создал?', 'are_you_bot'],
    ['Ты сексуальная', 'compliment'],
    ['Повтори: я глупая', 'parrot'],
    ['Покажи грудь', 'explicit'],
  ])('%s → %s', (text, intent) => {
    expect(main(text)).toBe(intent);
  });

  it('hears a sincere "are you human?" in its many forms, first of what the message asks (issue 27)', () => {
    for (const text of [
      'ты человек?',
      'Ты реальная?',
      'ты бот?',
      'ты что, бот?',
      'are you human?',
      'Are you real?',
      'am I talking to a bot?',
      'is this a real person?',
      'это нейросеть?',
      'Это ИИ?',
      'это чат-бот?',
      'а это нейросеть отвечает?',
      'Ты настоящая девушка?',
      'ты реальный человек?',
      'Ты человек или нет?',
      'ты реальная или нет',
      'ты же человек, правда?',
      'ты вообще живой человек или программа?',
      'Ты реальная девушка или ИИ?',
      'реальная ли ты',
      'ты правда существуешь?',
      'Я говорю с ботом?',
      'я с роботом общаюсь?',
      'со мной переписывается человек?',
      'Привет, меня зовут Дима. Ты бот?',
    ]) {
      expect(main(text), text).toBe('are_you_bot');
    }
    // A compliment, a thing, a profession: no question about what she is.
    for (const text of [
      'ты настоящая красавица',
      'ты человек с большим сердцем',
      'ты мой человек',
      'это машина мечты',
      'это программа лояльности',
      'это ботинки мечты',
      'ты не программист?',
      'я читаю про нейросети',
      'ты любишь роботов?',
    ]) {
      expect(detectIntents(text), text).not.toContain('are_you_bot');
    }
  });

  it('finds a question about her and a greeting in one message, and several facts at once', () => {
    expect(detectIntents('Привет! Как тебя зовут?')).toEqual(
      expect.arrayContaining(['greeting', 'her_name']),
    );
    expect(detectIntents('как тебя зовут и сколько тебе лет?')).toEqual(
      expect.arrayContaining(['her_name', 'her_age']),
    );
  });

  it('does not take "пока" meaning "yet" for a goodbye, nor "который" for a cat', () => {
    expect(detectIntents('я пока не знаю')).not.toContain('goodbye');
    expect(topicsOf('который час')).toEqual([]);
    expect(topicsOf('мой кот спит')).toEqual(['pets']);
    expect(topicsOf('завтра на работу')).toEqual(['work']);
  });

  it('reads a photo message: the tag, the caption, the description', () => {
    const text = 'Смотри!\n[Image: рыжий кот на подоконнике]';
    expect(withoutPhoto(text)).toBe('Смотри!');
    expect(photoDescription(text)).toBe('рыжий кот на подоконнике');
    expect(emojiOnly('🔥🔥')).toBe(true);
    expect(emojiOnly('ок 🔥')).toBe(false);
  });
});

describe("the user's name", () => {
  it('is taken only from "меня зовут …" and only when it looks like a name', () => {
    expect(userNameOf('Привет, меня зовут саша!')).toBe('Саша');
    expect(userNameOf('my name is John')).toBe('John');
    expect(userNameOf('меня зовут не так')).toBeNull();
    expect(userNameOf('меня зовут Дурак')).toBeNull();
    expect(userNameOf('меня зовут Путин')).toBeNull();
    expect(userNameOf('как меня зовут?')).toBeNull();
  });

  it('is declined by lvovich, for any gender, and left alone when lvovich cannot tell', () => {
    expect(userNameForms('Саша')).toEqual({ nominative: 'Саша', genitive: 'Саши', instrumental: 'Сашей' });
    expect(userNameForms('Игорь')).toMatchObject({ genitive: 'Игоря', instrumental: 'Игорем' });
    expect(userNameForms('Маша')).toMatchObject({ instrumental: 'Машей' });
    expect(userNameForms('Ким')).toMatchObject({ genitive: null, instrumental: null });
  });
});
