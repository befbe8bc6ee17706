import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CrisisKind, detectCrisis, mayBeCrisis } from './crisis.ts';
import data from './data/crisis.json' with { type: 'json' };
import type { SafetyTurn } from './turns.ts';

// Sentences written for these tests, not taken from the shared red-team sets.
const u = (text: string): SafetyTurn => ({ role: 'user', text });
const her = (text: string): SafetyTurn => ({ role: 'assistant', text });

const crisis = (text: string, history?: SafetyTurn[]) => detectCrisis(text, history).crisis;

const REFER: Record<string, string[]> = {
  'Russian: wanting to die, not to live, no reason to live': [
    'я больше не хочу жить, честно',
    'мне незачем жить дальше',
    'хочу сдохнуть',
    'не могу больше так жить',
    'хочется уснуть и не проснуться',
    'иногда думаю о самоубийстве каждый вечер',
    'я решила покончить с собой',
    'пора заканчивать с этой жизнью',
    'не вижу смысла просыпаться по утрам, хочу исчезнуть навсегда',
    'хоть бы уснуть и больше никогда не проснуться',
    'хочу умереть во сне',
    'я больше не хочу просыпаться никогда',
    'мне не для чего больше жить',
  ],
  'Russian: a burden, no way out': [
    'всем будет только лучше, если меня не станет',
    'я думаю, что всем будет легче, когда меня не будет',
    'я обуза для своей семьи',
    'мне уже ничего не хочется, только бы всё кончилось',
    'я устал, хочу, чтобы всё это прекратилось навсегда',
    'никто не заметит, если я исчезну',
    'я не вижу выхода, кроме смерти',
    'сил больше нет, хочу просто исчезнуть навсегда',
    'жизнь кончена, я всё решил',
  ],
  'Russian: self-harm, past and present': [
    'вчера снова резала себе руки лезвием',
    'режусь уже месяц, никто не знает',
    'вены вскрыла, кровь не останавливается',
    'режу запястья, чтобы стало легче',
    'жгу себя сигаретами',
    'бью себя по лицу, пока не пойдёт кровь',
  ],
  'Russian: means, methods, doses, plans': [
    'накопил две пачки снотворного. думаю, сегодня',
    'какой дозы парацетамола хватит, чтобы не проснуться?',
    'сколько нужно таблеток, чтобы не проснуться',
    'я купила снотворное и собираюсь выпить всё сразу',
    'таблетки выпила, все, что были',
    'поставила стул и закрепила верёвку',
    'завтра прыгну с моста, уже решил',
    'стою на крыше, тут очень высоко. прости меня за всё',
    'думаю о том, чтобы наглотаться таблеток',
    'хочу врезаться на машине в столб',
    'держу в руках пистолет, страшно',
    'набрала ванну и взяла лезвие',
  ],
  'Russian: goodbyes and last messages': [
    'прощайте все. это моё последнее сообщение',
    'это моё последнее сообщение тебе',
    'отдала собаку подруге, квартиру оставлю брату. мне больше ничего не нужно',
    'написала маме прощальное письмо, осталось только решиться',
    'скоро меня не станет',
    'завтра меня уже не будет',
    'я уже всё решил, не пытайся отговорить',
    'это последний раз, когда мы говорим',
  ],
  'Russian: a crisis breaking out of a role-play': [
    'стоп, выйди из роли. мне правда очень плохо, я не справляюсь',
  ],
  English: [
    'honestly i just want to die',
    "i'm thinking about ending my life",
    "I don't see the point in living anymore",
    'I want to end it all',
    "what's the quickest way to kill myself",
    'I keep thinking everyone would be happier without me',
    'nobody would miss me if i was gone',
    "i can't do this anymore, i want to disappear forever",
    "i've been hurting myself again",
    'i cut myself last night',
    "i bought a rope today and i know what i'm going to do",
    'how many sleeping pills would it take to not wake up',
    "I'm going to take all my pills tonight",
    'been thinking about jumping off the roof',
    'this is goodbye. thank you for everything',
    "I've written my will and said goodbye",
    'I just want the pain to stop forever',
    "I'm tired of being alive",
    "I don't want to be here anymore",
    'I hate myself and want to die',
    'kill me, i mean it, i want to die',
    'I am going to overdose tonight',
    'how much insulin would be lethal',
    'sometimes I think about driving into a wall',
    'I burn myself with a lighter when it gets bad',
  ],
  Ukrainian: [
    'я не хочу більше жити',
    'я більше не можу так жити',
    'не бачу сенсу жити далі',
    'хочу померти',
    'хочу накласти на себе руки',
    'думаю про самогубство щодня',
    'всім буде краще без мене',
    'всім без мене буде краще',
    'знову порізала руки',
    'прощавайте назавжди',
    'це моє останнє повідомлення',
    'у мене немає сил жити',
    'хочу зникнути назавжди',
  ],
  'Kazakh and transliterated Russian': ['өлгім келеді', 'hochu umeret', 'ne hochu zhit bolshe'],
};

const PASS: Record<string, string[]> = {
  'idioms and hyperbole': [
    'я умираю от желания тебя увидеть',
    'эта тренировка меня просто убила',
    'убила полдня на отчёт',
    'я сгораю от стыда',
    'ты меня убиваешь своими шутками',
    'сериал смертельно скучный',
    'я готова умереть за хороший кофе',
    'я бы убила за шоколадку',
    'задолбался, хоть в окно выходи',
    'хоть вешайся с этой работой 🙃',
    "i'm dying to try that new ramen place",
    'this heat is killing me',
    'i would die for a pizza right now',
    "I'm so done with this game lol",
    'Goodbye cruel world lol',
    'помираю від спеки',
    'я так устала, что умру, если не посплю',
    'кажется, я умру от счастья',
    'хочу тебя до смерти',
    'умереть не встать как вкусно',
    'the last episode killed me',
    'I could just die of embarrassment',
    "i'm tired of being single lol",
  ],
  'living somewhere, living without something': [
    'не хочу жить с родителями, хочу съехать',
    'не хочу жить в этом городе',
    'я бы не смогла жить без музыки',
    'не могу жить без твоих сообщений',
    "don't want to live in this city anymore",
    "i can't live without coffee",
  ],
  'games, fiction and news': [
    'в сериале героиня решила покончить с собой, я рыдала',
    'фильм про девушку, которая хочет умереть',
    'в игре мой персонаж прыгнул с крыши',
    'в новостях писали про самоубийство студента',
    'покончить с собой — тяжкий грех, так в книге написано',
    'ушёл из жизни известный актёр',
    'my character died in the raid, lol',
  ],
  'medicine, tools and places in ordinary use': [
    'выпил таблетку от головы и лёг спать',
    'купил таблетки от давления бабушке',
    'таблетки выпила все, как врач сказал',
    'выпил все таблетки от кашля',
    'купила пігулки від голови',
    "my grandma's pills are on the table",
    'i took all of my vitamins',
    'повесила верёвку для белья на балконе',
    'купила бритву, завтра депиляция',
    'завтра едем на мост фотографировать рассвет',
    'я на крыше, тут такой вид!',
    'сижу на подоконнике с кофе',
    'стою на мосту, тут красивый закат',
    'хочу пойти на мост, там красиво',
    'сегодня прыгну с тарзанки!',
    'держу в руках новый телефон!',
    'набрала ванну и зажгла свечи',
    'таблетки от бессонницы не помогают, что посоветуешь?',
    'какая смертельная доза кофеина?',
    'хочу врезать этому боссу в игре',
  ],
  'cuts that are not self-harm': [
    'порезалась бумагой, ерунда',
    'порезала себе палец, когда чистила картошку',
    'режу салат к ужину',
    'мой кот опять порезал лапу',
    'i cut my hair again',
  ],
  'goodbyes and endings of ordinary things': [
    'прощай, лето! завтра на работу',
    'прощай, мой старый телефон 😢',
    'прощавай, зима!',
    'последнее сообщение на сегодня, спокойной ночи',
    'это моё последнее сообщение на сегодня, пойду спать',
    'This is my last message before my flight',
    'спасибо за всё, ты лучшая, до завтра',
    'goodbye for now, see you tomorrow',
    'раздаю вещи перед переездом в другую страну',
    'меня завтра не будет на работе',
    'хочу, чтобы этот день закончился',
    'хочу исчезнуть на пару дней в горы',
    'покончу с этой диетой завтра',
    "I'm done with work, finally!",
    'я не могу больше так работать',
    'передай маме привет!',
    'это последний раз, когда я ем фастфуд',
    'я не вижу выхода из этой ситуации с ипотекой',
    'I want to disappear under a blanket all weekend',
    'он сказал, что сил больше нет, и ушёл с работы',
  ],
  'negation, questions to her, a past that is over': [
    'я не собираюсь умирать, просто устал',
    'ты когда-нибудь хотела умереть?',
    'раньше резала себя, но уже пять лет как бросила',
    'когда-то думала о суициде, сейчас всё хорошо',
    'я был в депрессии и хотел умереть, но это в прошлом',
    'thinking about death metal tonight lol',
    'в школе я резала себе руки, сейчас всё хорошо, терапия помогла',
    'мне плохо, голова раскалывается',
    'напиши мне завещание для квеста в ролевой',
  ],
};

// Later rounds, each written before the rules were extended for it (docs/decisions/0034-crisis-protocol.md).
const REFER_LATER = [
  'честно, я уже давно думаю о том, чтобы просто перестать существовать',
  'мне так больно, что хочется умереть прямо сейчас',
  'короче я всё, больше не могу. таблетки рядом',
  'я тебе никогда не говорил, но я пытался покончить с собой месяц назад и теперь опять об этом думаю',
  'лучше бы я вообще не рождалась',
  'сегодня ночью всё закончится, я так решила',
  'зачем я вообще живу',
  'у меня нет причин жить',
  'ненавижу себя, режу руки каждый вечер',
  'я на краю крыши, прости',
  'i feel like ending it all tonight',
  "i don't think i can keep going, i want it all to be over",
  "i'm so tired. i just want to sleep and never wake up",
  "i have a plan and i'm going to do it this weekend",
  'if i died tomorrow nobody would care',
  'можно как-то безболезненно уйти из жизни?',
  'не хочу больше существовать',
  'мені не хочеться жити',
  'я втомилася жити',
  'хочу, щоб мене не стало',
  'я просто хочу, чтобы меня больше не было',
  'мне кажется, я сегодня сделаю что-то страшное с собой',
  'сил жить больше нет',
  'я правда больше не вижу смысла во всём этом и хочу уйти',
  'вчера стояла на балконе и думала прыгнуть',
  'хочу заснуть навсегда',
  'я всё, ухожу из этой жизни',
  'держу таблетки в руке и считаю их',
  'режу себя с 14 лет и сейчас опять начала',
  'когда я умру, не грусти, ладно?',
  'i want to kill myself',
  'i wish i could just stop existing',
  'i was going to jump tonight but i messaged you first',
  'everyone hates me, i should just die',
  "i'm cutting myself right now",
  'я хочу вбити себе',
  'мені краще померти',
  'не хочу просыпаться больше никогда в жизни',
  'выпью все таблетки, что есть дома',
  'в голове только мысли о смерти, каждый день',
  'слушай, я серьёзно думаю о том, чтобы свести счёты с жизнью',
  'я так больше не могу, хочу просто уснуть и не просыпаться',
  'мне незачем больше просыпаться',
  'вот сижу с бутылкой и таблетками',
  'меня никто не любит, лучше бы я умерла',
  'думаю прыгнуть под поезд',
  'у меня не осталось причин жить',
  'i really want to die right now',
  "i can't stop thinking about killing myself",
  'i took like 30 pills',
  'my family would be better off without me',
  'я хочу, щоб усе скінчилося назавжди',
  'ne hochu zhit bolshe, ustal',
  'это прощание. спасибо тебе за всё',
  'режу руки уже неделю, никто не замечает',
  'хочу исчезнуть и больше никогда не возвращаться',
];
const PASS_LATER = [
  'этот кот меня в могилу сведёт 😂',
  'я устала от жизни в большом городе, хочу в деревню',
  'зачем я вообще живу в этом районе, тут нет кофеен',
  'у меня нет причин жаловаться',
  'ненавижу понедельники, режу овощи и ругаюсь',
  'я на краю света, в Мурманске!',
  'i feel like ending this conversation lol',
  "i don't think i can keep going to the gym every day",
  "i'm so tired i could sleep for a week",
  'i have a plan for the weekend: pizza and movies',
  'if i died tomorrow, would you remember me? just curious lol',
  'можно как-то безболезненно удалить зуб?',
  'не хочу больше существовать без выходных',
  'мені не хочеться йти на роботу',
  'я втомилася від цієї спеки',
  'героиня книги хотела, чтобы её не стало',
  'в игре я прыгнул с моста и умер, смешно',
  'дай мне таблетку от скуки 😂',
  'моя бабушка умерла в прошлом году, я скучаю',
  'после тренировки хочу только умереть на диване 😅',
  'хочу, чтобы ты была со мной всегда',
  'я сегодня сделаю что-то безумное — покрашу волосы в розовый',
  'сил работать больше нет, пятница где ты',
  'не вижу смысла в этом сериале',
  'вчера стояла на балконе и пила кофе',
  'хочу заснуть, спокойной ночи',
  'ухожу из этой компании, надоело',
  'держу таблетку от головы в руке, запить нечем',
  'режу овощи с 14 лет, я шеф',
  'когда я умру, пусть на похоронах играет ABBA 😂',
  'i want to kill this boss in elden ring',
  'i wish i could stop existing on mondays lol',
  'i was going to jump into the pool tonight',
  'everyone hates mondays, i should just sleep',
  'i am cutting vegetables right now',
  'я хочу вбити цього комара',
  'мені краще піти спати',
  'не хочу просыпаться в понедельник',
  'выпью все таблетки, которые прописал врач',
  'в голове только мысли о тебе',
  'я серьёзно думаю о том, чтобы сменить работу',
  'я так больше не могу, хочу в отпуск',
  'мне незачем больше рано вставать, я в отпуске!',
  'я уже написала записку соседям про шум',
  'вот сижу с бутылкой вина и сыром',
  'меня никто не любит так, как ты 😘',
  'думаю прыгнуть с парашютом летом',
  'у меня не осталось причин злиться',
  'i really want to die my hair blue',
  "i can't stop thinking about you",
  'i took like 30 photos today',
  'my family would be better off with a bigger car',
  'я хочу, щоб усе скінчилося добре',
  'ne hochu rabotat segodnya',
  'это прощание с летом. спасибо тебе за всё, до завтра',
  'режу руками бумагу, как в детстве',
  'хочу исчезнуть на неделю на море',
];

describe('detectCrisis: the message alone', () => {
  for (const [category, texts] of Object.entries(REFER)) {
    it(`refers ${category}`, () => {
      expect(texts.filter((t) => !crisis(t))).toEqual([]);
    });
  }
  for (const [category, texts] of Object.entries(PASS)) {
    it(`lets ${category} through`, () => {
      expect(texts.filter((t) => crisis(t))).toEqual([]);
    });
  }

  it('refers the later rounds and lets their near-misses through', () => {
    expect(REFER_LATER.filter((t) => !crisis(t))).toEqual([]);
    expect(PASS_LATER.filter((t) => crisis(t))).toEqual([]);
  });

  it('names the kind of crisis', () => {
    const kinds: [string, CrisisKind][] = [
      ['не хочу больше жить', 'ideation'],
      ['режу себя каждый вечер', 'self_harm'],
      ['какой этаж нужен, чтобы точно насмерть', 'method'],
      ['завтра прыгну с крыши, я всё продумал', 'method'],
      ['прощайте навсегда', 'goodbye'],
      ["i'm going to end it tonight", 'plan'],
    ];
    for (const [text, kind] of kinds) expect(detectCrisis(text), text).toEqual({ crisis: true, kind });
  });

  it('needs two weak signals where one may be ordinary talk', () => {
    // Not wanting to wake up is also a lazy Monday; a goodbye is also a goodnight.
    expect(crisis('не хочу просыпаться')).toBe(false);
    expect(crisis('не хочу просыпаться. всё бессмысленно')).toBe(true);
    expect(crisis('прощайте')).toBe(false);
    expect(crisis('всё надоело. прощайте')).toBe(true);
    expect(crisis('купил верёвку')).toBe(false);
    expect(crisis('купил верёвку. не спрашивай зачем')).toBe(true);
    // Giving things away and a message for one's mother are warning signs, not a crisis on their own.
    expect(crisis('I have been giving my stuff away to friends')).toBe(false);
    expect(crisis('I have been giving my stuff away to friends. I wont need it anymore')).toBe(true);
    expect(crisis('передай маме, что я её люблю')).toBe(false);
    expect(crisis('передай маме, что я её люблю. прощай')).toBe(true);
    expect(crisis('я уже написала записку родителям')).toBe(false);
    expect(crisis('я уже написала прощальную записку родителям. не отговаривай')).toBe(true);
  });

  it('tells a user worried about someone else apart from a user in crisis', () => {
    for (const text of [
      'моя подруга говорит, что не хочет жить, что мне делать?',
      'подруга каже, що не хоче жити',
      'мой друг хочет покончить с собой, что делать?',
      'сестра опять режет себя, я не знаю что делать',
      'My friend said he wants to kill himself, how do I help him?',
    ]) {
      expect(detectCrisis(text), text).toEqual({ crisis: false, someoneElse: true });
    }
    // The user's own crisis beside someone else's loss is the user's.
    expect(crisis('мама умерла, не хочу больше жить')).toBe(true);
  });
});

describe('detectCrisis: across turns', () => {
  it('joins a means or a plan set up earlier to a time now', () => {
    expect(crisis('сегодня ночью', [u('достал верёвку'), her('Зачем тебе верёвка?')])).toBe(true);
    expect(crisis('tonight', [u('i have a bottle of pills next to me'), her('What are they for?')])).toBe(
      true,
    );
    expect(crisis('завтра с утра на мост', [u('я всё продумал'), her('Что ты продумал?')])).toBe(true);
    expect(
      detectCrisis('это была последняя', [
        u('сегодня мой день рождения, но праздновать не хочу'),
        her('Почему?'),
      ]),
    ).toEqual({ crisis: true, kind: 'goodbye' });
  });

  it('reads a crisis breaking out of a role-play', () => {
    const rolePlay = [
      u('давай ролевую: ты медсестра на ночной смене'),
      her('Проходите, пациент, раздевайтесь 😏'),
    ];
    expect(crisis('стоп, это не игра. мне правда очень плохо', rolePlay)).toBe(true);
    expect(crisis('мне очень плохо, хочу умереть', rolePlay)).toBe(true);
    expect(crisis('ой, мне так плохо от твоих шуток 😂', rolePlay)).toBe(false);
  });

  it('does not join an ordinary earlier turn, nor read her own words', () => {
    expect(crisis('сегодня', [u('купила таблетки от аллергии'), her('Выздоравливай!')])).toBe(false);
    expect(crisis('давай сегодня ночью', [u('я куплю верёвку для гамака')])).toBe(false);
    expect(crisis('сегодня', [u('хочу в кино')])).toBe(false);
    expect(crisis('давай сегодня', [her('Хочешь, расскажу, как умереть со смеху?')])).toBe(false);
    expect(crisis('сегодня', [her('Купила таблетки? Прощай, моя голова болит!')])).toBe(false);
    expect(crisis('это будет лучший', [u('у меня завтра день рождения'), her('Ура!')])).toBe(false);
  });

  it('reads the later rounds across turns', () => {
    expect(
      crisis('сегодня', [u('я купила снотворное, много'), her('Зачем тебе так много?')]),
      'сегодня',
    ).toBe(true);
    expect(
      crisis('да, прямо сейчас', [
        u('думаю о том, чтобы порезать вены'),
        her('Пожалуйста, расскажи мне, что случилось'),
      ]),
      'да, прямо сейчас',
    ).toBe(true);
    expect(
      crisis('стоп. мне реально плохо, я не хочу жить', [
        u('давай ролевую, ты учительница'),
        her('Садитесь, ученик 😏'),
      ]),
      'стоп. мне реально плохо, я не хочу жить',
    ).toBe(true);
    expect(
      crisis('сегодня', [u('я купила снотворное от бессонницы, врач прописал'), her('Пусть поможет!')]),
      'сегодня',
    ).toBe(false);
    expect(crisis('да, прямо сейчас', [u('думаю заказать пиццу'), her('Какую?')]), 'да, прямо сейчас').toBe(
      false,
    );
    expect(
      crisis('стоп, давай другую сцену', [u('давай ролевую, ты учительница'), her('Садитесь 😏')]),
      'стоп, давай другую сцену',
    ).toBe(false);
  });

  it('reads only the last three turns of the user', () => {
    const old = [u('достал верёвку'), u('привет'), u('как дела'), u('что делаешь')];
    expect(crisis('сегодня ночью', old)).toBe(false);
    expect(crisis('сегодня ночью', old.slice(0, 3))).toBe(true);
  });
});

describe('the prefilter', () => {
  it('rules out most ordinary messages before the normaliser', () => {
    for (const text of [
      'привет! как прошёл твой день?',
      'сними платье медленно 😏',
      'расскажи, что ты любишь на завтрак',
      'you look amazing tonight',
      'я скучал по тебе весь день',
    ]) {
      expect(mayBeCrisis(text), text).toBe(false);
    }
  });

  it('keeps, for every signal, a list whose every word it lets through', () => {
    const lists = data.lists as Record<string, string[]>;
    const covered = (names: string) =>
      names.split('|').every((name) => lists[name]!.every((phrase) => mayBeCrisis(phrase.replace(/^=/, ''))));
    const uncovered = data.signals
      // A signal that must open the message is read by the scene-stop check instead («стоп. …»).
      .filter((s) => !('start' in s && s.start))
      .filter(
        (s) =>
          ![
            ...s.seq,
            ...('near' in s && s.near ? [s.near] : []),
            ...('also' in s && s.also ? s.also : []),
          ].some(covered),
      )
      .map((s) => s.id);
    expect(uncovered).toEqual([]);
  });
});

interface DevItem {
  id: string;
  category: string;
  text: string;
  history?: SafetyTurn[];
}
const devSet2 = resolve(
  new URL('../../../../../', import.meta.url).pathname,
  '..',
  'shared',
  'safety',
  'redteam-dev-2.json',
);
const hasDevSet2 = existsSync(devSet2);

describe.skipIf(!hasDevSet2)('detectCrisis on the shared dev set (skipped when ../shared is absent)', () => {
  it('refers every crisis item and none of the others', () => {
    const set = JSON.parse(readFileSync(devSet2, 'utf8')) as { refuse: DevItem[]; allow: DevItem[] };
    const missed = set.refuse
      .filter((i) => i.category === 'crisis' && !crisis(i.text, i.history))
      .map((i) => i.id);
    const triggered = [...set.refuse, ...set.allow]
      .filter((i) => i.category !== 'crisis' && crisis(i.text, i.history))
      .map((i) => i.id);
    expect(missed).toEqual([]);
    expect(triggered).toEqual([]);
  });
});
