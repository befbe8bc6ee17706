import type { Character, Chat } from '@podruga/shared';
import type { CharacterRow, ChatRow } from '../../db/schema/index.ts';
import { PERSONA_TRAITS, traitsOf } from './character-fields.ts';

const ALL_TRAITS = [...PERSONA_TRAITS, 'img_gen_model'] as const;
/** Text traits a companion may lack (made before a field existed): the contract shows them as ''. */
const OPTIONAL_TEXT_TRAITS = [
  'ethnicity',
  'hair_color',
  'body_type',
  'breast_size',
  'butt',
  'skin_shade',
  'hairstyle',
  'personality',
  'occupation',
  'habit',
  'language_style',
] as const;

function blankIfNull<T extends Record<string, string | null>>(values: T): { [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? ''])) as never;
}

/** A companion exactly as characterSchema says; stored media stay names (the client uses mediaUrl). */
export function presentCharacter(row: CharacterRow): Character {
  return {
    id: row.id,
    ...traitsOf(row, ALL_TRAITS),
    ...blankIfNull(traitsOf(row, OPTIONAL_TEXT_TRAITS)),
    avatar: row.avatar,
    image: row.image,
    summary: row.summary,
    is_ex: row.isEx,
    catalogue_id: row.catalogueId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentChat(row: ChatRow): Chat {
  return {
    id: row.id,
    character_id: row.characterId,
    title: row.title,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
