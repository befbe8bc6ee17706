import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Secrets the app generates itself when the environment gives none (the session signing secret, the
 * Web Push key pair): kept here so every instance on this database signs and verifies with the same
 * ones (keys.ts; docs/decisions/0026). The first instance to start writes them; the rest read them.
 */
export const appSecrets = pgTable('app_secrets', {
  /** The name of its file under DATA_DIR/keys: `jwt.secret`, `vapid.json`. */
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
