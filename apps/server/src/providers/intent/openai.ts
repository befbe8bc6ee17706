import type { Logger } from '../../logger.ts';
import type { IntentPort, MediaIntent } from './port.ts';
import { detectMediaRequest, mightBeMediaRequest } from './rules.ts';

export interface OpenAiIntentOptions {
  /** Without a trailing slash: an OpenAI-compatible chat API (the chat's own model). */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** The chat's timeout; a decision never waits longer than INTENT_TIMEOUT_CAP_MS. */
  timeoutMs: number;
  log: Logger;
}

/** A decision that keeps the user waiting longer than this is not worth it: the rules answer instead. */
export const INTENT_TIMEOUT_CAP_MS = 15_000;
/** Her and the user's last turns the model sees ("ещё одно" needs them). */
const RECENT_TURNS = 6;
const MAX_SCENE = 300;

export const SEND_MEDIA_TOOL = {
  type: 'function',
  function: {
    name: 'send_media',
    description:
      'Send the user a new photo or a short video of yourself. Call it only when the last user message asks to see you: ' +
      'a photo, picture, selfie or video of you (in any language), possibly describing where you are, what you wear or do.',
    parameters: {
      type: 'object',
      properties: {
        kind: {
          type: 'string',
          enum: ['photo', 'video'],
          description: 'video only when a video or clip is asked for',
        },
        scene_en: {
          type: 'string',
          description:
            'The scene asked for, in short English: place, outfit, action (e.g. "on the beach in a red dress"); empty when none is named',
        },
      },
      required: ['kind', 'scene_en'],
    },
  },
} as const;

const SYSTEM_PROMPT =
  'You decide whether the last user message in a chat with a virtual companion asks her to send a photo or a video of herself. ' +
  'Call send_media when it does; otherwise answer with the single word "no". Photos of other people or things, talk about ' +
  'photos or videos the user has seen or made, video calls and photography as a hobby are not requests. The companion is ' +
  'always an adult: never describe her as younger.';

/**
 * The model decides (issue 14): the rules pre-filter (most messages never reach the model), then one
 * non-streaming `POST {base}/chat/completions` with the `send_media` tool. No tool call → not a
 * request. Any failure — network, status, timeout, a body or tool call that is not what was asked —
 * is logged and the rules answer instead: a request is never lost because the model is down.
 */
export function createOpenAiIntent(options: OpenAiIntentOptions): IntentPort {
  const { baseUrl, apiKey, model, log } = options;
  const timeoutMs = Math.min(options.timeoutMs, INTENT_TIMEOUT_CAP_MS);
  return {
    adapter: 'openai',
    offline: false,
    describe: () =>
      `intent: model ${model} at ${new URL(baseUrl).host} decides photo and video requests (tool call)`,
    async detect(text, recent = []) {
      if (!mightBeMediaRequest(text)) return null;
      try {
        const answer = await ask(
          { baseUrl, apiKey, timeoutMs },
          {
            model,
            stream: false,
            temperature: 0,
            max_tokens: 120,
            tools: [SEND_MEDIA_TOOL],
            tool_choice: 'auto',
            messages: [
              { role: 'system', content: SYSTEM_PROMPT },
              ...recent.slice(-RECENT_TURNS).map((turn) => ({
                role: turn.isUser ? 'user' : 'assistant',
                content: turn.content,
              })),
              { role: 'user', content: text },
            ],
          },
        );
        return intentOf(answer);
      } catch (error) {
        log.warn({ err: error }, 'intent model failed: the rules decide');
        return detectMediaRequest(text);
      }
    },
  };
}

class IntentModelError extends Error {
  override name = 'IntentModelError';
}

async function ask(
  to: { baseUrl: string; apiKey: string | undefined; timeoutMs: number },
  body: unknown,
): Promise<unknown> {
  const response = await fetch(`${to.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(to.apiKey ? { authorization: `Bearer ${to.apiKey}` } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(to.timeoutMs),
  });
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    // The vendor's body is not passed on.
    throw new IntentModelError(`HTTP ${response.status}`);
  }
  return response.json();
}

/** The answer's `send_media` call as an intent; no call → null; anything else is malformed. */
function intentOf(answer: unknown): MediaIntent | null {
  const choices = (answer as { choices?: unknown } | null)?.choices;
  if (!Array.isArray(choices) || choices.length === 0) throw new IntentModelError('no choices');
  const message = (choices[0] as { message?: { tool_calls?: unknown } } | null)?.message;
  if (typeof message !== 'object' || message === null) throw new IntentModelError('no message');
  const calls = message.tool_calls;
  if (calls === undefined || calls === null || (Array.isArray(calls) && calls.length === 0)) return null;
  if (!Array.isArray(calls)) throw new IntentModelError('tool_calls is not a list');
  const call = (calls as Array<{ function?: { name?: unknown; arguments?: unknown } }>).find(
    (c) => c?.function?.name === SEND_MEDIA_TOOL.function.name,
  );
  if (!call) throw new IntentModelError('an unknown tool was called');
  const raw = call.function?.arguments;
  let args: unknown;
  try {
    args = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch (error) {
    throw new IntentModelError('tool arguments are not JSON', { cause: error });
  }
  const { kind, scene_en: scene } = (args ?? {}) as { kind?: unknown; scene_en?: unknown };
  if (kind !== 'photo' && kind !== 'video') throw new IntentModelError('kind is neither photo nor video');
  if (scene !== undefined && typeof scene !== 'string') throw new IntentModelError('scene_en is not text');
  return { kind, scene: (scene ?? '').trim().slice(0, MAX_SCENE) };
}
