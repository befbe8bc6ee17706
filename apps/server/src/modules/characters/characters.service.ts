import {
  ageWithWord,
  type CharacterChangesInput,
  type CharacterInput,
  type CreateChatBody,
  type CreateExCharacterBody,
  LIKENESS_FIXED,
  LIKENESS_RULES,
  OCCUPATIONS,
  optionLabel,
  PERSONALITIES,
} from '@podruga/shared';
import type { Clock } from '../../clock.ts';
import type { CharacterRow, ChatRow, UserRow } from '../../db/schema/index.ts';
import { errors } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { isSafeKey, type StoragePort } from '../../providers/storage/port.ts';
import { isUuid } from '../../validation.ts';
import { assertExAccess } from '../likeness/gate.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SafetyService } from '../safety/safety.service.ts';
import { SPOKEN_AUDIO_EXTS } from '../speech/listen.service.ts';
import { traitColumns } from './character-fields.ts';
import { CHARACTER_MESSAGES } from './characters.messages.ts';
import type { CharacterChanges, CharactersRepository, NewCharacter } from './characters.repository.ts';
import { companionLimitError, companionLimitFor } from './limits.ts';

const DEFAULT_CHAT_TITLE = 'New Chat';
export const chatTitleFor = (name: string) => `Chat with ${name}`;

/** "Заботливая учительница, 23 года": a one-line summary from the traits. */
function summaryFor(c: { personality?: string | null; occupation?: string | null; age: number }): string {
  const parts = [
    optionLabel(PERSONALITIES, c.personality),
    optionLabel(OCCUPATIONS, c.occupation).toLowerCase(),
  ]
    .filter(Boolean)
    .join(', ');
  return `${parts}, ${ageWithWord(c.age)}`;
}

function rowValues(input: Omit<CharacterInput, 'id'>): Omit<NewCharacter, 'id'> {
  return {
    ...traitColumns(input),
    temperament: input.temperament ?? null,
    imgGenModel: input.img_gen_model ?? null,
    summary: summaryFor(input),
  };
}

export interface CharactersServiceDeps {
  repo: CharactersRepository;
  storage: StoragePort;
  clock: Clock;
  log: Logger;
  /** Every free-text field (her name, a chat's title) passes it: 400 `safety_refused` otherwise. */
  safety: SafetyService;
  /** Tells the user her companion is ready (the bell's character_created, issue 12). */
  notifications?: Pick<NotificationsService, 'characterCreated'>;
}

/**
 * Companions and chats: safety, the tier's companion count and ownership on every id. Inputs arrive
 * checked by the routes' shared schemas (createCharacterBodySchema and its kin).
 */
export class CharactersService {
  constructor(private readonly deps: CharactersServiceDeps) {}

  list(user: UserRow): Promise<CharacterRow[]> {
    return this.deps.repo.listByUser(user.id);
  }

  /** Another user's id and an unknown id look the same: 404. */
  async get(user: UserRow, id: string): Promise<CharacterRow> {
    if (!isUuid(id)) throw errors.notFound();
    const row = await this.deps.repo.findOwned(user.id, id);
    if (!row) throw errors.notFound();
    return row;
  }

  async create(user: UserRow, input: CharacterInput): Promise<CharacterRow> {
    await this.deps.safety.assertSafe(user.id, { text: input.name, entry: 'character.name' });
    const { character } = await this.insert(
      user,
      { ...(input.id ? { id: input.id } : {}), ...rowValues(input) },
      null,
    );
    return character;
  }

  /** Creation by likeness is for active Plus only (000 §5): 401 for guests, 403 otherwise. */
  assertExAccess(user: UserRow | null): asserts user is UserRow {
    assertExAccess(user, this.deps.clock.now());
  }

  /**
   * POST /api/characters/ex (000 §5): a companion made by likeness (`is_ex`), with the form's
   * appearance and the spec's fixed personality (001 §3). Her name and description pass the safety
   * checks, the real-person rules included; the description becomes her summary. No photo reaches here.
   */
  async createEx(user: UserRow, input: CreateExCharacterBody): Promise<CharacterRow> {
    this.assertExAccess(user);
    const { safety } = this.deps;
    await safety.assertSafe(user.id, { text: input.name, entry: 'character.name' });
    await safety.assertSafe(user.id, { text: input.description, entry: 'character.description' });
    const { character } = await this.insert(
      user,
      {
        ...(input.id ? { id: input.id } : {}),
        name: input.name,
        age: input.age,
        ethnicity: input.ethnicity,
        hairColor: input.hair_color,
        bodyType: input.body_type,
        breastSize: input.breast_size,
        butt: input.butt,
        skinShade: input.skin_shade,
        hairstyle: input.hairstyle,
        personality: LIKENESS_FIXED.personality,
        occupation: LIKENESS_FIXED.occupation,
        habit: LIKENESS_FIXED.habit,
        languageStyle: LIKENESS_FIXED.language_style,
        communicationStyle: LIKENESS_FIXED.communication_style,
        sexuality: LIKENESS_FIXED.sexuality,
        mood: LIKENESS_FIXED.mood,
        imgGenModel: LIKENESS_RULES.imageModel,
        summary: input.description,
        isEx: true,
      },
      null,
    );
    return character;
  }

  /**
   * The one way a companion comes into being (wizard or catalogue): within the tier's count, checked
   * under a lock on the owner's row.
   */
  async insert(
    user: UserRow,
    values: NewCharacter,
    chatTitle: string | null,
  ): Promise<{ character: CharacterRow; chat: ChatRow | null }> {
    const { repo, clock } = this.deps;
    if (values.id && (await repo.idExists(values.id))) throw errors.conflict(CHARACTER_MESSAGES.idTaken);
    const limit = companionLimitFor(user, clock.now());
    const result = await repo.createWithinLimit(user.id, limit.limit, values, chatTitle);
    if (result.ok) {
      await this.deps.notifications?.characterCreated(user.id, result.character);
      return { character: result.character, chat: result.chat };
    }
    if (result.reason === 'id_taken') throw errors.conflict(CHARACTER_MESSAGES.idTaken);
    throw companionLimitError({ ...limit, limit: limit.limit ?? 0 }, result.currentCount);
  }

  async update(user: UserRow, id: string, input: CharacterChangesInput): Promise<CharacterRow> {
    const current = await this.get(user, id);
    if (input.name !== undefined) {
      await this.deps.safety.assertSafe(user.id, { text: input.name, entry: 'character.name' });
    }
    const traits = traitColumns(input);
    const changes: CharacterChanges = { ...traits, summary: summaryFor({ ...current, ...traits }) };
    const row = await this.deps.repo.update(user.id, id, changes);
    if (!row) throw errors.notFound();
    return row;
  }

  /**
   * Her portrait (`image`) or avatar is now the stored media `name`; the picture it replaces is deleted
   * from storage when nothing else shows it.
   */
  async setPicture(
    user: UserRow,
    character: CharacterRow,
    kind: 'image' | 'avatar',
    name: string,
  ): Promise<void> {
    const { repo, storage, log } = this.deps;
    const previous = kind === 'image' ? character.image : character.avatar;
    await repo.update(user.id, character.id, kind === 'image' ? { image: name } : { avatar: name });
    if (!previous || previous === name || previous.includes('/')) return;
    try {
      if (!(await repo.mediaInUse(previous))) await storage.delete(previous);
    } catch (error) {
      log.warn({ err: error }, 'could not delete replaced media');
    }
  }

  /**
   * Deletes her, her chats and messages, her chat folders, her videos, her messages' spoken audio and
   * her media no one else shows.
   */
  async delete(user: UserRow, id: string): Promise<void> {
    if (!isUuid(id)) throw errors.notFound();
    const deleted = await this.deps.repo.delete(user.id, id);
    if (!deleted) throw errors.notFound();
    const { storage, log, repo } = this.deps;
    const names = [deleted.character.image, deleted.character.avatar].filter(
      (n): n is string => typeof n === 'string' && !n.includes('/') && !/^https?:/.test(n),
    );
    try {
      for (const chatId of deleted.chatIds) await storage.deletePrefix(`chats/${chatId}`);
      for (const video of deleted.videos)
        if (isSafeKey(`vids/${video}`)) await storage.delete(`vids/${video}`);
      for (const messageId of deleted.herMessageIds) {
        for (const ext of SPOKEN_AUDIO_EXTS) await storage.delete(`audio/${messageId}.${ext}`);
      }
      for (const name of new Set(names)) {
        if (!(await repo.mediaInUse(name))) await storage.delete(name);
      }
    } catch (error) {
      // The rows are gone; a leftover file is only disk space.
      log.warn({ err: error, characterId: id }, 'could not delete companion media');
    }
  }

  // Chats

  listChats(user: UserRow): Promise<ChatRow[]> {
    return this.deps.repo.listChats(user.id);
  }

  async chatsOfCharacter(user: UserRow, characterId: string): Promise<ChatRow[]> {
    await this.get(user, characterId);
    return this.deps.repo.chatsOfCharacter(user.id, characterId);
  }

  /** Without character_id: the user's newest companion, or a Russian 400 when there is none. */
  async createChat(user: UserRow, input: CreateChatBody): Promise<ChatRow> {
    const character = input.character_id
      ? await this.get(user, input.character_id)
      : await this.deps.repo.newestOwned(user.id);
    if (!character) throw errors.validation(CHARACTER_MESSAGES.noCharacter);
    if (input.title) {
      await this.deps.safety.assertSafe(user.id, { text: input.title, entry: 'character.description' });
    }
    return this.deps.repo.createChat(user.id, character.id, input.title || DEFAULT_CHAT_TITLE);
  }

  async getChat(user: UserRow, chatId: string): Promise<ChatRow> {
    if (!isUuid(chatId)) throw errors.notFound();
    const chat = await this.deps.repo.findOwnedChat(user.id, chatId);
    if (!chat) throw errors.notFound();
    return chat;
  }

  /** POST /api/create_chat_directory: the chat's media folder exists afterwards. */
  async ensureChatFolder(user: UserRow, chatId: string): Promise<ChatRow> {
    const chat = await this.getChat(user, chatId);
    await this.deps.storage.ensureFolder(`chats/${chat.id}`);
    return chat;
  }
}
