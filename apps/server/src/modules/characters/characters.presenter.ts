import type { Character, Chat } from '@podruga/shared';
import type { CharacterRow, ChatRow } from '../../db/schema/index.ts';

/** A companion exactly as characterSchema says; stored media stay names (the client uses mediaUrl). */
export function presentCharacter(row: CharacterRow): Character {
  return {
    id: row.id,
    name: row.name,
    age: row.age,
    ethnicity: row.ethnicity ?? '',
    hair_color: row.hairColor ?? '',
    body_type: row.bodyType ?? '',
    breast_size: row.breastSize ?? '',
    butt: row.butt ?? '',
    skin_shade: row.skinShade ?? '',
    hairstyle: row.hairstyle ?? '',
    personality: row.personality ?? '',
    occupation: row.occupation ?? '',
    habit: row.habit ?? '',
    language_style: row.languageStyle ?? '',
    communication_style: row.communicationStyle,
    sexuality: row.sexuality,
    mood: row.mood,
    temperament: row.temperament,
    img_gen_model: row.imgGenModel,
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
