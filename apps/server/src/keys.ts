import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Reads a secret from DATA_DIR/keys/<name>, creating it on first start (mode 600) so a fresh install
 * needs no configuration and sessions survive restarts. `wx` makes the first of several starting
 * processes win; the others read what it wrote.
 */
export async function loadOrCreateSecret(dataDir: string, name: string): Promise<string> {
  const dir = join(dataDir, 'keys');
  const file = join(dir, name);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds fewer than 32 characters; delete it to regenerate`);
  return secret;
}
