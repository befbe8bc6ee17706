import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { appSecrets } from './db/schema/index.ts';

/**
 * Reads a secret from DATA_DIR/keys/<name>, creating it on first start (mode 600) so a fresh install
 * needs no configuration and sessions survive restarts. `wx` makes the first of several starting
 * processes win; the others read what it wrote.
 *
 * With `db`, the database holds the secret that counts (issue 17: several instances, each with its own
 * DATA_DIR, sign with one secret): the first instance to start stores its own (the file's, so an
 * existing install keeps its sessions), every other one takes the stored one and rewrites its file.
 */
export async function loadOrCreateSecret(dataDir: string, name: string, db?: Db): Promise<string> {
  const file = keyFile(dataDir, name);
  if (db) {
    const found = await readKeyFile(file);
    const local = found && found.length >= 32 ? found : undefined;
    const secret = await sharedSecret(db, name, local ?? randomBytes(48).toString('base64url'));
    if (secret !== found) await writeKeyFile(dataDir, file, secret, 'w');
    return checked(file, secret);
  }
  await writeKeyFile(dataDir, file, randomBytes(48).toString('base64url'), 'wx');
  return checked(file, (await readFile(file, 'utf8')).trim());
}

/**
 * Stores `candidate` under `name` unless a value is stored already, and returns what is stored: of
 * several instances starting at once, one insert wins and all read it (docs/decisions/0026).
 */
export async function sharedSecret(db: Db, name: string, candidate: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: candidate }).onConflictDoNothing();
  // A losing insert waits for the winner's commit, so the winner's row is there to read.
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row) throw new Error(`app_secrets: ${name} was not stored`);
  return row.value;
}

/** The file of a generated key under DATA_DIR/keys. */
export function keyFile(dataDir: string, name: string): string {
  return join(dataDir, 'keys', name);
}

/** The file's content, or undefined when there is none. */
export async function readKeyFile(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes a key file (mode 600, its folder 700); `wx` leaves an existing file as it is. */
export async function writeKeyFile(
  dataDir: string,
  file: string,
  content: string,
  flag: 'w' | 'wx',
): Promise<void> {
  await mkdir(join(dataDir, 'keys'), { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, content, { mode: 0o600, flag });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

function checked(file: string, secret: string): string {
  if (secret.length < 32) throw new Error(`${file} holds fewer than 32 characters; delete it to regenerate`);
  return secret;
}
