import type { UserRow } from '../../db/schema/index.ts';
import type { StoragePort } from '../../providers/storage/port.ts';
import type { CharactersService } from '../characters/characters.service.ts';
import { encodeUpload } from './images.ts';

/** Saves a companion's generated portrait (initial image) or avatar, uploaded by the client. */
export class MediaService {
  constructor(private readonly deps: { characters: CharactersService; storage: StoragePort }) {}

  /** Checked and re-encoded, stored under its content's name, then made hers (the companions module). */
  async saveCharacterImage(
    user: UserRow,
    chatId: string,
    file: Buffer,
    kind: 'image' | 'avatar',
  ): Promise<{ imagePath: string }> {
    const { characters, storage } = this.deps;
    const chat = await characters.getChat(user, chatId);
    const character = await characters.get(user, chat.characterId);
    const encoded = await encodeUpload(file, kind);
    await storage.put(encoded.name, encoded.bytes, encoded.contentType);
    await characters.setPicture(user, character, kind, encoded.name);
    return { imagePath: encoded.name };
  }
}
