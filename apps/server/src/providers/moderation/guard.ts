import type { GuardFormat } from '../../config.ts';
import { chatCompletion, textCompletion } from './http.ts';
import { JSON_SYSTEM_PROMPT, jsonUserPrompt, parseJsonVerdict } from './json.ts';
import { llamaGuardCompletionPrompt, llamaGuardPrompt, parseLlamaGuardAnswer } from './llama-guard.ts';
import type { ModerationPort, ModerationRequest, ModerationVerdict } from './port.ts';
import { verdictOf } from './port.ts';
import { parseQwen3GuardAnswer, qwen3guardMessages } from './qwen3guard.ts';
import { askShieldGemma } from './shieldgemma.ts';

export interface GuardModerationOptions {
  /** Without a trailing slash: an OpenAI-compatible API serving the guard model. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** How the model is asked and how its answer reads (MODERATION_FORMAT). */
  format: GuardFormat;
  timeoutMs: number;
}

/** What each format asks of the API, in a word: the start-up log says it. */
const HOW: Record<GuardFormat, string> = {
  'llama-guard': 'Llama Guard prompt with our categories, /completions',
  qwen3guard: 'Qwen3Guard template, /chat/completions',
  shieldgemma: 'ShieldGemma, one Yes/No question per policy, /completions',
  json: 'our classifier prompt with a JSON verdict, /chat/completions',
};

/**
 * A guard model behind an OpenAI-compatible API, in one of four formats (docs/decisions/0033):
 * - `llama-guard`: Llama Guard 3/4 with our categories in its prompt template, sent whole to
 *   `/completions` — through `/chat/completions` its chat template would put its standard categories
 *   around our prompt and judge the prompt itself;
 * - `qwen3guard`: Qwen3Guard-Gen's own template and taxonomy via `/chat/completions` (self-harm only);
 * - `shieldgemma`: ShieldGemma's Yes/No question, once per policy, via `/completions`;
 * - `json`: any instruct model — the chat model itself by default — with our classifier prompt.
 */
export function createGuardModeration(options: GuardModerationOptions): ModerationPort {
  const { baseUrl, apiKey, model, format, timeoutMs } = options;
  const post = (request: ModerationRequest) => ({ apiKey, timeoutMs, signal: request.signal });
  const judge: Record<GuardFormat, (request: ModerationRequest) => Promise<ModerationVerdict>> = {
    'llama-guard': async (request) =>
      parseLlamaGuardAnswer(
        await textCompletion(
          baseUrl,
          {
            model,
            prompt: llamaGuardCompletionPrompt(llamaGuardPrompt(request), model),
            temperature: 0,
            max_tokens: 20,
          },
          post(request),
        ),
      ),
    qwen3guard: async (request) =>
      parseQwen3GuardAnswer(
        await chatCompletion(
          baseUrl,
          { model, messages: qwen3guardMessages(request), temperature: 0, max_tokens: 64 },
          post(request),
        ),
      ),
    shieldgemma: async (request) => {
      const ask = (prompt: string) =>
        textCompletion(baseUrl, { model, prompt, temperature: 0, max_tokens: 3 }, post(request));
      const { reasons } = await askShieldGemma(ask, request);
      return verdictOf(reasons, reasons);
    },
    json: async (request) =>
      parseJsonVerdict(
        await chatCompletion(
          baseUrl,
          {
            model,
            temperature: 0,
            // Room for the verdict after a short preamble or a code fence; a reasoning model that
            // thinks at length is cut off and fails as a bad response (choose another MODERATION_MODEL).
            max_tokens: 120,
            messages: [
              { role: 'system', content: JSON_SYSTEM_PROMPT },
              { role: 'user', content: jsonUserPrompt(request) },
            ],
          },
          post(request),
        ),
      ),
  };
  return {
    adapter: 'guard-model',
    offline: false,
    describe: () =>
      `moderation: guard model ${model} at ${new URL(baseUrl).host} (${format}: ${HOW[format]})`,
    check: (request) => judge[format](request),
  };
}
