import { randomUUID } from 'node:crypto';
import type { Character, CharacterInput } from '@podruga/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { bearer } from './http.ts';

/** A complete, valid character payload. */
export function characterInput(overrides: Partial<CharacterInput> = {}): CharacterInput {
  return {
    name: 'Алиса',
    age: 23,
    ethnicity: 'caucasian',
    hair_color: 'blonde',
    body_type: 'slim',
    breast_size: 'medium',
    butt: 'medium',
    skin_shade: 'fair',
    hairstyle: 'high ponytail',
    personality: 'Sweet_Fool',
    occupation: 'teacher',
    habit: 'romantic',
    language_style: 'casual',
    communication_style: 50,
    sexuality: 70,
    mood: 'happy',
    ...overrides,
  };
}

export async function createCharacter(
  app: FastifyInstance,
  token: string,
  overrides: Partial<CharacterInput> = {},
): Promise<Character> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/characters/',
    headers: bearer(token),
    payload: characterInput({ id: randomUUID(), ...overrides }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Character>();
}

export async function setMembership(
  database: Database,
  userId: string,
  membershipType: 'guest' | 'free' | 'plus',
  membershipExpiry: Date | null = null,
): Promise<void> {
  await database.db.update(users).set({ membershipType, membershipExpiry }).where(eq(users.id, userId));
}
