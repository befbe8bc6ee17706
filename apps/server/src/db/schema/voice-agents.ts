import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { characters } from './characters.ts';
import { createdAt } from './columns.ts';

/**
 * Her voice-call agent per provider (issue 15): ElevenLabs' agent id, or the pipeline's derived one.
 * A provider change makes a new row for the new provider; `spec` is a digest of what the agent was
 * made from (prompt, greeting, voice, cap), so editing her makes a new agent. Deleted with her.
 */
export const voiceAgents = pgTable(
  'voice_agents',
  {
    characterId: uuid('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    agentId: text('agent_id').notNull(),
    spec: text('spec').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.characterId, t.provider] })],
);

export type VoiceAgentRow = typeof voiceAgents.$inferSelect;
