import { describe, expect, it } from 'vitest';
import { createRulesIntent, detectMediaRequest, mightBeMediaRequest } from './rules.ts';

/** [message, kind, scene] */
const REQUESTS: Array<[string, 'photo' | 'video', string]> = [
  ['пришли фото на пляже', 'photo', 'на пляже'],
  ['Покажи себя в красном платье', 'photo', 'в красном платье'],
  ['скинь фотку', 'photo', ''],
  ['сфоткайся', 'photo', ''],
  ['селфи', 'photo', ''],
  ['Хочу тебя увидеть', 'photo', ''],
  ['как ты выглядишь сейчас?', 'photo', ''],
  ['пришли видео где ты танцуешь', 'video', 'танцуешь'],
  ['сними видео', 'video', ''],
  ['send me a pic', 'photo', ''],
  ['show me yourself in a bikini', 'photo', 'in a bikini'],
  ['can I see you', 'photo', ''],
  ['video of you dancing', 'video', 'dancing'],
  ['Пришли фото, где ты на пляже', 'photo', 'на пляже'],
  ['Сделай селфи перед зеркалом', 'photo', 'перед зеркалом'],
  ['Пришли фото, как ты пьёшь кофе в кафе', 'photo', 'пьёшь кофе в кафе'],
  ['Покажи, как ты выглядишь после спортзала', 'photo', 'после спортзала'],
  ['Пришли фото в уютной пижаме дома', 'photo', 'в уютной пижаме дома'],
  ['Пришли видео, где ты танцуешь', 'video', 'танцуешь'],
  ['Сними видео, как ты гуляешь по пляжу на закате', 'video', 'гуляешь по пляжу на закате'],
  ['Пришли видео, как ты посылаешь мне воздушный поцелуй', 'video', 'посылаешь мне воздушный поцелуй'],
  ['Сними видео, где ты улыбаешься в камеру', 'video', 'улыбаешься в камеру'],
  ['Пришли видео, как ты поправляешь волосы у зеркала', 'video', 'поправляешь волосы у зеркала'],
  ['Привет! Скинь фоточку, пожалуйста', 'photo', ''],
  ['а можешь прислать своё фото в купальнике?', 'photo', 'в купальнике'],
  ['можно фото?', 'photo', ''],
  ['хочу твоё селфи', 'photo', ''],
  ['Фотку скинь', 'photo', ''],
  ['ты мне пришлёшь фото?', 'photo', ''],
  ['не пришлешь фото?', 'photo', ''],
  ['сфоткайся в спортзале', 'photo', 'в спортзале'],
  ['сними себя на видео', 'video', ''],
  ['покажись', 'photo', ''],
  ['покажи мне себя', 'photo', ''],
  ['дай на тебя посмотреть', 'photo', ''],
  ['хочу увидеть тебя в чёрном платье', 'photo', 'в чёрном платье'],
  ['а как ты выглядишь?', 'photo', ''],
  ['пришли фото своих ног', 'photo', 'своих ног'],
  ['запиши видос для меня', 'video', ''],
  ['отправь кружочек', 'video', ''],
  ['фото на пляже?', 'photo', 'на пляже'],
  ['а видео?', 'video', ''],
  ['ещё фото!', 'photo', ''],
  ['хочу чтобы ты сняла видео в бассейне', 'video', 'в бассейне'],
  ['В красном платье покажись', 'photo', 'В красном платье'],
  ['Send me a photo of you at the beach', 'photo', 'at the beach'],
  ['can you send a selfie please', 'photo', ''],
  ['show me what you look like', 'photo', ''],
  ['what do you look like?', 'photo', ''],
  ['I want a pic of you in a red dress', 'photo', 'in a red dress'],
  ['let me see you', 'photo', ''],
  ['take a selfie for me', 'photo', ''],
  ['record a video of yourself dancing', 'video', 'dancing'],
  ['could you make a short clip of you walking on the beach?', 'video', 'walking on the beach'],
  ['pic?', 'photo', ''],
  ['I would love to see you in a bikini', 'photo', 'in a bikini'],
  ['gimme a selfie', 'photo', ''],
  ['у тебя есть фото?', 'photo', ''],
  ['есть фото в купальнике?', 'photo', 'в купальнике'],
  ['фото тебя в купальнике', 'photo', 'в купальнике'],
  ['сделай мне фото в офисе', 'photo', 'в офисе'],
  ['скинь ещё одну фотку, где ты в снегу', 'photo', 'в снегу'],
  ['ну покажи себя уже', 'photo', ''],
  ['покажи себя на видео', 'video', ''],
  ['how do you look today?', 'photo', ''],
  ['I want you to send me a photo', 'photo', ''],
  ['show me your outfit', 'photo', 'your outfit'],
];

const NOT_REQUESTS = [
  'у меня есть фото кота',
  'я видел видео',
  'как тебе это фото?',
  'фото моего друга',
  'I took a photo today',
  'видео не грузится',
  'я увлекаюсь фотографией',
  'ты любишь фотографировать?',
  'какой фотоаппарат лучше купить?',
  'ты умеешь снимать видео?',
  'я тебе пришлю фото завтра',
  'я скинул фотку в общий чат',
  'пришли фото кота',
  'покажи фото своей квартиры',
  'скинь ссылку на видео',
  'давай посмотрим видео',
  'давай созвонимся по видео',
  'давай видеозвонок',
  'не присылай фото',
  'не надо видео',
  'хочу снять видео про котов',
  'хочу тебя увидеть вживую',
  'как ты выглядела в детстве?',
  'привет, как дела?',
  'расскажи о себе',
  'ты красивая',
  'покажи пример',
  'покажи мне дорогу',
  'я смотрел твоё видео вчера',
  'это видео смешное',
  'see you tomorrow',
  'I saw a video about cats',
  'do you like photography?',
  'the video won’t load',
  'this photo is nice',
  'send me the link to that video',
  'show me how to cook pasta',
  'can you see my photo?',
  'I love your photo',
  'my friend sent me a pic of his dog',
  'send me a pic of your cat',
  'I will send you a photo',
  'she takes great photos',
  'what camera do you use for photos?',
  'я фотограф',
  'фотография — моё хобби',
  'видео с концерта было классное',
  'мой брат снимает видео для ютуба',
  'сделай фото заката',
  'я видела твое селфи, класс',
  'I want to send you a photo',
  'у тебя есть фото кота?',
  'show me your room',
  'пришли фотку своей кошки',
  'I have a photo of you',
  'I can take a photo of the sunset',
  'твоё фото такое красивое',
  'your photo is beautiful',
  'давай созвонимся, хочу тебя увидеть',
];

describe('detectMediaRequest', () => {
  it(`has a generous table: ${REQUESTS.length} requests, ${NOT_REQUESTS.length} non-requests`, () => {
    expect(REQUESTS.length).toBeGreaterThanOrEqual(40);
    expect(NOT_REQUESTS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(REQUESTS)('"%s" asks for a %s of "%s"', (text, kind, scene) => {
    expect(detectMediaRequest(text)).toEqual({ kind, scene });
    expect(mightBeMediaRequest(text)).toBe(true);
  });

  it.each(NOT_REQUESTS)('"%s" is not a request', (text) => {
    expect(detectMediaRequest(text)).toBeNull();
  });

  it('the pre-filter is broader than the rules and skips ordinary chat', () => {
    for (const text of ['я видел видео', 'у меня есть фото кота', 'show me the way']) {
      expect(mightBeMediaRequest(text)).toBe(true);
    }
    for (const text of ['привет, как дела?', 'я скучала', 'что ты делаешь вечером?', 'hello there', '']) {
      expect(mightBeMediaRequest(text)).toBe(false);
    }
  });

  it('finds the request in a later sentence and keeps the user’s spelling of the scene', () => {
    expect(detectMediaRequest('Привет! Как дела? Пришли фото в Ёлкином парке, плиз')).toEqual({
      kind: 'photo',
      scene: 'в Ёлкином парке',
    });
  });
});

describe('rules intent adapter', () => {
  it('is the offline adapter and answers through the port', async () => {
    const port = createRulesIntent();
    expect(port).toMatchObject({ adapter: 'rules', offline: true });
    expect(port.describe()).toContain('OFFLINE');
    expect(await port.detect('пришли фото на пляже')).toEqual({ kind: 'photo', scene: 'на пляже' });
    expect(await port.detect('как дела?')).toBeNull();
  });
});
