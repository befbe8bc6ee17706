/**
 * Her traits, written once: the wire name (snake_case, as the spec and the API spell it) → the column
 * (camelCase, as Drizzle spells it). Companions and catalogue companions share these columns, so the
 * presenter, the create and update paths and the catalogue all map through this one table.
 */
export const TRAIT_COLUMNS = {
  name: 'name',
  age: 'age',
  ethnicity: 'ethnicity',
  hair_color: 'hairColor',
  body_type: 'bodyType',
  breast_size: 'breastSize',
  butt: 'butt',
  skin_shade: 'skinShade',
  hairstyle: 'hairstyle',
  personality: 'personality',
  occupation: 'occupation',
  habit: 'habit',
  language_style: 'languageStyle',
  communication_style: 'communicationStyle',
  sexuality: 'sexuality',
  mood: 'mood',
  temperament: 'temperament',
  img_gen_model: 'imgGenModel',
} as const;

type TraitColumns = typeof TRAIT_COLUMNS;
export type TraitKey = keyof TraitColumns;
export type TraitColumn = TraitColumns[TraitKey];

const TRAIT_KEYS = Object.keys(TRAIT_COLUMNS) as TraitKey[];

/** The columns for the traits an input carries; keys it leaves undefined stay out (a partial update). */
export function traitColumns<I extends Partial<Record<TraitKey, unknown>>>(
  input: I,
): { [K in keyof I as K extends TraitKey ? TraitColumns[K] : never]: Exclude<I[K], undefined> } {
  const columns: Record<string, unknown> = {};
  for (const key of TRAIT_KEYS) {
    if (input[key] !== undefined) columns[TRAIT_COLUMNS[key]] = input[key];
  }
  return columns as never;
}

type Picked<R, K extends TraitKey> = { [P in K]: R[TraitColumns[P] & keyof R] };

/** The named traits of a row (a companion or a catalogue companion), by their wire names. */
export function traitsOf<R extends Partial<Record<TraitColumn, unknown>>, K extends TraitKey>(
  row: R,
  keys: readonly K[],
): Picked<R, K> {
  const traits: Record<string, unknown> = {};
  for (const key of keys) traits[key] = row[TRAIT_COLUMNS[key]];
  return traits as Picked<R, K>;
}

/** The columns of the named traits, copied from one row to another (a catalogue companion adopted). */
export function traitColumnsOf<R extends Partial<Record<TraitColumn, unknown>>, K extends TraitKey>(
  row: R,
  keys: readonly K[],
): { [P in K as TraitColumns[P]]: R[TraitColumns[P] & keyof R] } {
  const columns: Record<string, unknown> = {};
  for (const key of keys) columns[TRAIT_COLUMNS[key]] = row[TRAIT_COLUMNS[key]];
  return columns as never;
}

/** Every trait but the image model, which the catalogue does not keep. */
export const PERSONA_TRAITS = TRAIT_KEYS.filter(
  (key): key is Exclude<TraitKey, 'img_gen_model'> => key !== 'img_gen_model',
);

/** What a portrait is drawn from (PortraitTraits). */
export const PORTRAIT_TRAITS = [
  'age',
  'ethnicity',
  'hair_color',
  'hairstyle',
  'skin_shade',
  'body_type',
  'breast_size',
  'butt',
  'occupation',
] as const satisfies readonly TraitKey[];
