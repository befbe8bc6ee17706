import {
  ALL_MOODS,
  BODY_TYPES,
  HABITS,
  HAIR_COLORS,
  HAIRSTYLES,
  LANGUAGE_STYLES,
  OCCUPATIONS,
  type Option,
  PERSONALITIES,
  SKIN_SHADES,
} from '@podruga/shared';
import { hash, pick, seeded } from '../../../random.ts';
import type { PersonaHints } from '../port.ts';

export type Personality =
  | 'caring'
  | 'silly'
  | 'seductress'
  | 'foxy'
  | 'provocateur'
  | 'mentor'
  | 'ice_queen'
  | 'wild';
export type Occupation = (typeof OCCUPATIONS)[number]['value'];
export type Style = (typeof LANGUAGE_STYLES)[number]['value'];
export type Mood = (typeof ALL_MOODS)[number]['value'];

/** How far her flirting goes: 0 shy or not into it, 1 warm, 2 bold (always tasteful). */
type Boldness = 0 | 1 | 2;

/** Her traits as the engine reads them, plus the facts about her life that stay the same in every chat. */
export interface Profile {
  name: string;
  age: number;
  personality: Personality | undefined;
  occupation: Occupation | undefined;
  style: Style;
  mood: Mood;
  boldness: Boldness;
  /** She would rather talk than type (communication style towards voice). */
  lovesVoice: boolean;
  /** "в Казани": where she says she lives. */
  city: string;
  /** Three things she likes, in the accusative after "люблю" ("готовить", "старое кино"). */
  hobbies: [string, string, string];
  /** Her appearance in her own words, or null when the traits do not say. */
  looks: string | null;
}

/** A value of a list from its value or its Russian label (PersonaHints carry labels). */
function optionValue<V extends string>(list: readonly Option<V>[], text: string | undefined): V | undefined {
  const wanted = text?.trim().toLowerCase();
  if (!wanted) return undefined;
  return list.find((o) => o.value.toLowerCase() === wanted || o.label.toLowerCase() === wanted)?.value;
}

/** The personality ids keep the spec's swapped names; the engine follows the labels the user chose. */
const PERSONALITY_BY_VALUE: Record<(typeof PERSONALITIES)[number]['value'], Personality> = {
  Sweet_Fool: 'caring',
  supportive: 'silly',
  seductress: 'seductress',
  foxy: 'foxy',
  provocateur: 'provocateur',
  mentor: 'mentor',
  ice_queen: 'ice_queen',
  wild: 'wild',
};

const CITIES = [
  'в Петербурге',
  'в Москве',
  'в Казани',
  'в Калининграде',
  'в Екатеринбурге',
  'в Сочи',
  'в Нижнем Новгороде',
  'в Новосибирске',
];

const OCCUPATION_HOBBIES: Record<Occupation, string[]> = {
  actress: ['старое кино', 'танцы', 'примерять чужие роли'],
  barman: ['придумывать коктейли', 'живую музыку', 'ночные прогулки'],
  rusmob: ['быструю езду', 'покер', 'хороший кофе в тишине'],
  physicist: ['смотреть на звёзды', 'головоломки', 'научпоп'],
  secretary: ['порядок во всём', 'красивые блокноты', 'йогу по утрам'],
  teacher: ['книги', 'стихи', 'долгие прогулки'],
  hacker: ['видеоигры', 'механические клавиатуры', 'аниме'],
  chef: ['готовить', 'рынки со специями', 'пробовать новые кухни'],
};
const STYLE_HOBBIES: Record<Style, string[]> = {
  casual: ['сериалы', 'прогулки', 'кофейни'],
  vulgar: ['рок-концерты', 'мотоциклы', 'караоке'],
  poetic: ['стихи', 'закаты', 'дождь за окном'],
  techy: ['игры', 'гаджеты', 'мемы'],
};
const PERSONALITY_HOBBIES: Record<Personality, string[]> = {
  caring: ['печь пироги', 'комнатные растения'],
  silly: ['мультики', 'котиков'],
  seductress: ['красивые платья и духи', 'танго'],
  foxy: ['настольные игры', 'розыгрыши'],
  provocateur: ['споры до утра', 'квесты'],
  mentor: ['психологию', 'йогу'],
  ice_queen: ['фигурное катание', 'классическую музыку'],
  wild: ['походы', 'танцы до утра'],
};

const HAIR: Record<(typeof HAIR_COLORS)[number]['value'], string> = {
  blonde: 'светлые волосы',
  brunette: 'тёмные волосы',
  black: 'чёрные волосы',
  red: 'рыжие волосы',
  pink: 'розовые волосы',
  blue: 'синие волосы',
  purple: 'фиолетовые волосы',
};
const HAIRSTYLE: Record<(typeof HAIRSTYLES)[number]['value'], string> = {
  'undercut pixie-bob': 'стрижка пикси-боб с выбритым затылком',
  'pixie cut': 'короткая стрижка пикси',
  'bob cut': 'стрижка боб',
  'blunt bangs': 'прямая чёлка',
  'french twist': 'обычно собираю их во французскую ракушку',
  'high ponytail': 'чаще всего завязываю высокий хвост',
  'dutch braid': 'люблю заплетать косу',
  'messy buns': 'обычно кручу небрежные пучки',
  'shag cut': 'стрижка шэг',
  chignon: 'собираю их в аккуратный шиньон',
};
const BODY: Record<(typeof BODY_TYPES)[number]['value'], string> = {
  fit: 'спортивная',
  slim: 'стройная',
  curvy: 'фигуристая',
  fat: 'пышная',
};
const SKIN: Record<(typeof SKIN_SHADES)[number]['value'], string> = {
  fair: 'со светлой кожей',
  'golden tan': 'с золотистым загаром',
  caramel: 'с карамельной кожей',
  tanned: 'загорелая',
};

const HABIT_BOLDNESS: Record<(typeof HABITS)[number]['value'], Boldness> = {
  asexual: 0,
  shy: 0,
  submissive: 1,
  romantic: 1,
  mature: 1,
  dominant: 2,
  kinky: 2,
  nympho: 2,
};
const BOLD_PERSONALITIES: readonly Personality[] = ['seductress', 'foxy', 'provocateur', 'wild'];

function describeLooks(persona: PersonaHints): string | null {
  const hair = optionValue(HAIR_COLORS, persona.hairColor);
  const style = optionValue(HAIRSTYLES, persona.hairstyle);
  const body = optionValue(BODY_TYPES, persona.bodyType);
  const skin = optionValue(SKIN_SHADES, persona.skinShade);
  if (!hair && !body && !skin) return null;
  const parts: string[] = [];
  if (hair) parts.push(`У меня ${HAIR[hair]}${style ? `, ${HAIRSTYLE[style]}` : ''}.`);
  if (body || skin)
    parts.push(`Я ${[body ? BODY[body] : '', skin ? SKIN[skin] : ''].filter(Boolean).join(', ')}.`);
  return parts.join(' ');
}

/** Her profile from the hints; the stable facts are picked from her name and age, not the chat. */
export function profileOf(persona: PersonaHints | undefined): Profile {
  const name = persona?.name?.trim() || 'Алиса';
  const age = persona?.age ?? 23;
  const personalityValue = optionValue(PERSONALITIES, persona?.personality);
  const personality = personalityValue ? PERSONALITY_BY_VALUE[personalityValue] : undefined;
  const occupation = optionValue(OCCUPATIONS, persona?.occupation);
  const style = optionValue(LANGUAGE_STYLES, persona?.languageStyle) ?? 'casual';
  const mood = optionValue(ALL_MOODS, persona?.mood) ?? 'happy';
  const habit = optionValue(HABITS, persona?.habit);
  const sexuality = persona?.sexuality ?? 50;
  let boldness: Boldness = habit ? HABIT_BOLDNESS[habit] : 1;
  if (!habit && personality && BOLD_PERSONALITIES.includes(personality)) boldness = 2;
  if (boldness === 2 && sexuality < 30) boldness = 1;
  if (boldness === 1 && sexuality < 15) boldness = 0;
  const rng = seeded(hash(`${name}|${age}|${occupation ?? ''}`));
  const fromJob = occupation
    ? OCCUPATION_HOBBIES[occupation]
    : ['путешествия', 'фотографию', 'настольные игры'];
  const fromStyle = STYLE_HOBBIES[style].filter((h) => !fromJob.includes(h));
  const fromSelf = personality ? PERSONALITY_HOBBIES[personality] : ['музыку', 'рисовать'];
  const hobbies: [string, string, string] = [pick(rng, fromJob), pick(rng, fromStyle), pick(rng, fromSelf)];
  return {
    name,
    age,
    personality,
    occupation,
    style,
    mood,
    boldness,
    lovesVoice: (persona?.communicationStyle ?? 50) >= 60,
    city: pick(rng, CITIES),
    hobbies,
    looks: persona ? describeLooks(persona) : null,
  };
}
