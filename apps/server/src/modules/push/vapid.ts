import { readFile } from 'node:fs/promises';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { keyFile, readKeyFile, sharedSecret, writeKeyFile } from '../../keys.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID keys from the environment, or a pair generated once into DATA_DIR/keys/vapid.json (mode 600),
 * like the JWT secret (keys.ts): subscriptions made against the public key keep working across
 * restarts. `wx` makes the first of several starting processes win.
 *
 * With `db`, the pair that counts is the database's (issue 17): a browser subscribes through one
 * instance and is pushed to by whichever runs the job, so every instance signs with one pair. The first
 * to start stores its own (the file's, so an existing install keeps its subscriptions); the others take
 * the stored pair and rewrite their file (docs/decisions/0026).
 */
export async function loadVapidKeys(config: Config, db?: Db): Promise<VapidKeys> {
  const { vapidPublicKey, vapidPrivateKey, vapidSubject } = config.push;
  if (vapidPublicKey && vapidPrivateKey) {
    return { publicKey: vapidPublicKey, privateKey: vapidPrivateKey, subject: vapidSubject };
  }
  const file = keyFile(config.dataDir, 'vapid.json');
  let text: string;
  if (db) {
    const found = await readKeyFile(file);
    const local = found && parsePair(found) ? found : undefined;
    text = await sharedSecret(db, 'vapid.json', local ?? (await newPair()));
    if (text !== found) await writeKeyFile(config.dataDir, file, text, 'w');
  } else {
    if (!(await readKeyFile(file))) await writeKeyFile(config.dataDir, file, await newPair(), 'wx');
    text = await readFile(file, 'utf8');
  }
  const pair = parsePair(text);
  if (!pair) {
    const where = db ? 'the app_secrets row "vapid.json"' : file;
    throw new Error(`${where} holds no VAPID key pair; delete it to regenerate`);
  }
  return { ...pair, subject: vapidSubject };
}

/** A new pair, as JSON. `web-push` is loaded only when one is needed (and for sending: sender.ts). */
async function newPair(): Promise<string> {
  const { default: webpush } = await import('web-push');
  return JSON.stringify(webpush.generateVAPIDKeys());
}

function parsePair(text: string): { publicKey: string; privateKey: string } | undefined {
  try {
    const stored = JSON.parse(text) as Partial<VapidKeys>;
    if (typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string') return undefined;
    return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  } catch {
    return undefined;
  }
}
