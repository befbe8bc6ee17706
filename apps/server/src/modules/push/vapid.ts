import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID keys from the environment, or a pair generated once into DATA_DIR/keys/vapid.json (mode 600),
 * like the JWT secret (keys.ts): subscriptions made against the public key keep working across
 * restarts. `wx` makes the first of several starting processes win.
 */
export async function loadVapidKeys(config: Config): Promise<VapidKeys> {
  const { vapidPublicKey, vapidPrivateKey, vapidSubject } = config.push;
  if (vapidPublicKey && vapidPrivateKey) {
    return { publicKey: vapidPublicKey, privateKey: vapidPrivateKey, subject: vapidSubject };
  }
  const dir = join(config.dataDir, 'keys');
  const file = join(dir, 'vapid.json');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<VapidKeys>;
  if (typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string') {
    throw new Error(`${file} holds no VAPID key pair; delete it to regenerate`);
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: vapidSubject };
}
