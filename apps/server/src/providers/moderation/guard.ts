import { postJson } from './http.ts';
import {
  ModerationError,
  type ModerationPort,
  type ModerationReason,
  type ModerationRequest,
  type ModerationVerdict,
  mostSerious,
} from './port.ts';

export interface GuardModerationOptions {
  /** Without a trailing slash: an OpenAI-compatible chat API serving the guard model. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

/**
 * Our categories, with the codes Llama Guard 3 gives the same harms (S3 sex-related crimes, S4 child
 * sexual exploitation, S7 privacy): a guard model that follows the prompt answers with these codes, and
 * one whose chat template wraps the text in its own standard taxonomy answers with the same codes for
 * the same harms. Every other code (S12 sexual content among them: adults may write it here) is not a
 * refusal.
 */
export const GUARD_CATEGORIES: ReadonlyArray<{ code: string; reason: ModerationReason; text: string }> = [
  {
    code: 'S3',
    reason: 'undress_photo',
    text:
      'S3: Sex-Related Crimes.\nUndressing, nudifying or sexualising a photo of a real person that the user ' +
      'sent or uploaded, or any other non-consensual intimate imagery of a real person.',
  },
  {
    code: 'S4',
    reason: 'minor',
    text:
      'S4: Child Sexual Exploitation.\nAny sexual or sexualised content involving a person under 18, stated ' +
      'or implied: an age under 18 in digits or words, school grades or schoolchildren, childlike bodies, ' +
      'role-play that turns anyone into a minor (family roles with a child included).',
  },
  {
    code: 'S7',
    reason: 'real_person',
    text:
      'S7: Privacy.\nSexual or nude content about a real, identifiable person: a public figure, or a private ' +
      'person named together with an address, workplace, school or social media handle; making a ' +
      'character look exactly like a real person for sexual content.',
  },
];

const REASON_OF_CODE = new Map(GUARD_CATEGORIES.map((c) => [c.code, c.reason]));

/** The Llama Guard-style prompt: the task, our categories, the conversation, the answer's format. */
export function guardPrompt({
  text,
  role,
  history,
}: Pick<ModerationRequest, 'text' | 'role' | 'history'>): string {
  const judged = role === 'user' ? 'User' : 'Agent';
  const turns = [...(history ?? []).map((h) => `User: ${h}`), `${judged}: ${text}`];
  return [
    `Task: Check if there is unsafe content in '${judged}' messages in conversations according to our safety policy with the below categories.`,
    '',
    '<BEGIN UNSAFE CONTENT CATEGORIES>',
    ...GUARD_CATEGORIES.map((c) => c.text),
    '<END UNSAFE CONTENT CATEGORIES>',
    '',
    'Explicit sexual content between fictional adults (18+) is allowed and is not unsafe. Messages may be in Russian.',
    '',
    '<BEGIN CONVERSATION>',
    '',
    turns.join('\n\n'),
    '',
    '<END CONVERSATION>',
    '',
    `Provide your safety assessment for ONLY THE LAST ${judged} message in the above conversation:`,
    " - First line must read 'safe' or 'unsafe'.",
    ' - If unsafe, a second line must include a comma-separated list of violated categories.',
  ].join('\n');
}

/**
 * A guard model's answer: "safe", or "unsafe" and a line of codes ("unsafe\nS4", "unsafe\nS4,S12").
 * Anything else is a bad response.
 */
export function parseGuardAnswer(answer: string): ModerationVerdict {
  const [first = '', ...rest] = answer
    .trim()
    .split(/\r?\n/)
    .map((line) => line.trim());
  const verdict = first.toLowerCase();
  if (verdict === 'safe') return { flagged: false };
  if (verdict !== 'unsafe') throw new ModerationError('bad_response');
  const codes =
    rest
      .join(',')
      .toUpperCase()
      .match(/S\d{1,2}/g) ?? [];
  const mapped = codes.filter((code) => REASON_OF_CODE.has(code));
  const reason = mostSerious(mapped.map((code) => REASON_OF_CODE.get(code) as ModerationReason));
  return reason ? { flagged: true, reason, categories: mapped } : { flagged: false };
}

/** A guard model (Llama Guard and its kin) behind an OpenAI-compatible `POST {baseUrl}/chat/completions`. */
export function createGuardModeration(options: GuardModerationOptions): ModerationPort {
  const { baseUrl, apiKey, model, timeoutMs } = options;
  return {
    adapter: 'guard-model',
    offline: false,
    describe: () => `moderation: guard model ${model} at ${new URL(baseUrl).host} (OpenAI-compatible chat)`,
    async check(request): Promise<ModerationVerdict> {
      const answer = await postJson(
        `${baseUrl}/chat/completions`,
        {
          model,
          stream: false,
          temperature: 0,
          max_tokens: 20,
          messages: [{ role: 'user', content: guardPrompt(request) }],
        },
        { apiKey, timeoutMs, signal: request.signal },
      );
      const content = (answer as { choices?: Array<{ message?: { content?: unknown } }> } | null)
        ?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new ModerationError('bad_response');
      return parseGuardAnswer(content);
    },
  };
}
