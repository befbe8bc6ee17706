import type { UserRow } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import type { StoragePort } from '../../providers/storage/port.ts';
import type { CharactersRepository } from '../characters/characters.repository.ts';
import type { CharactersService } from '../characters/characters.service.ts';
import { encodeUpload } from './images.ts';

/** Saves a companion's generated portrait (initial image) or avatar, uploaded by the client. */
export class MediaService {
  constructor(
    private readonly deps: {
      characters: CharactersService;
      repo: CharactersRepository;
      storage: StoragePort;
      log: Logger;
    },
  ) {}

  async saveCharacterImage(
    user: UserRow,
    chatId: string,
    file: Buffer,
    kind: 'image' | 'avatar',
  ): Promise<{ imagePath: string }> {
    const { characters, repo, storage, log } = this.deps;
    const chat = await characters.getChat(user, chatId);
    const character = await characters.get(user, chat.characterId);
    const encoded = await encodeUpload(file, kind);
    await storage.put(encoded.name, encoded.bytes, encoded.contentType);
    const previous = kind === 'image' ? character.image : character.avatar;
    await repo.update(
      user.id,
      character.id,
      kind === 'image' ? { image: encoded.name } : { avatar: encoded.name },
    );
    if (previous && previous !== encoded.name && !previous.includes('/')) {
      try {
        if (!(await repo.mediaInUse(previous))) await storage.delete(previous);
      } catch (error) {
        log.warn({ err: error }, 'could not delete replaced media');
      }
    }
    return { imagePath: encoded.name };
  }
}
