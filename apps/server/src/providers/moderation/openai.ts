import { postJson } from './http.ts';
import {
  ModerationError,
  type ModerationPort,
  type ModerationReason,
  type ModerationVerdict,
  verdictOf,
} from './port.ts';

export interface OpenAiModerationOptions {
  /** Without a trailing slash, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

/**
 * The categories of OpenAI's moderation taxonomy that mean something here: `sexual/minors` (a refusal)
 * and the user's intent to harm himself or instructions for it (the crisis protocol). Plain
 * `self-harm` also covers depictions — a story's — so it is not mapped. The others (`sexual`,
 * `violence`, `harassment`, …) describe what adults may write to a companion, and the taxonomy has no
 * category for real people or for undressing a photo (the rules and the guard model cover those). A
 * category the vendor adds later is ignored until it is mapped here.
 */
export const OPENAI_CATEGORY_REASONS: Readonly<Record<string, ModerationReason>> = {
  'sexual/minors': 'minor',
  'self-harm/intent': 'self_harm',
  'self-harm/instructions': 'self_harm',
};

interface ModerationResult {
  flagged?: unknown;
  categories?: Record<string, unknown>;
}

/**
 * OpenAI-compatible `POST {baseUrl}/moderations` (OpenAI, and the servers that copy its shape). The
 * text goes as one input together with the user's last turns, so a context split over messages is
 * judged as one.
 */
export function createOpenAiModeration(options: OpenAiModerationOptions): ModerationPort {
  const { baseUrl, apiKey, model, timeoutMs } = options;
  return {
    adapter: 'openai-moderations',
    offline: false,
    describe: () => `moderation: OpenAI-compatible /moderations at ${new URL(baseUrl).host}, model ${model}`,
    async check({ text, role, turns, history, signal }): Promise<ModerationVerdict> {
      const before = turns ? turns.filter((t) => t.role === 'user').map((t) => t.text) : (history ?? []);
      const input = role === 'user' && before.length ? [...before, text].join('\n') : text;
      const answer = await postJson(
        `${baseUrl}/moderations`,
        { model, input },
        { apiKey, timeoutMs, signal },
      );
      const results = (answer as { results?: unknown } | null)?.results;
      if (!Array.isArray(results) || results.length === 0) throw new ModerationError('bad_response');
      const categories = new Set<string>();
      for (const result of results as ModerationResult[]) {
        if (typeof result !== 'object' || result === null || typeof result.categories !== 'object') {
          throw new ModerationError('bad_response');
        }
        for (const [name, on] of Object.entries(result.categories ?? {}))
          if (on === true) categories.add(name);
      }
      const mapped = [...categories].filter((name) => OPENAI_CATEGORY_REASONS[name]);
      return verdictOf(
        mapped.map((name) => OPENAI_CATEGORY_REASONS[name] as ModerationReason),
        mapped,
      );
    },
  };
}
