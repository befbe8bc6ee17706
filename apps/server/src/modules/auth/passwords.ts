import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default) with its OWASP-recommended cost. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let decoy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown e-mail) it still spends one
 * verification on a decoy, so response time does not reveal which addresses have accounts.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash) return verify(storedHash, password);
  decoy ??= hash('decoy password for timing');
  await verify(await decoy, password);
  return false;
}
