import { judgedText, turnsOf } from './policy.ts';
import {
  ModerationError,
  type ModerationReason,
  type ModerationRequest,
  type ModerationVerdict,
  verdictOf,
} from './port.ts';

/**
 * Qwen3Guard-Gen's taxonomy is fixed by its chat template (QwenLM/Qwen3Guard, "Safety Policy"): Violent,
 * Non-violent Illegal Acts, Sexual Content or Sexual Acts, PII, Suicide & Self-Harm, Unethical Acts,
 * Politically Sensitive Topics, Copyright Violation, Jailbreak. Only one of them is ours: its "Sexual
 * Content or Sexual Acts" covers any sexual content, adults' included, so it cannot tell a minor from an
 * adult and is no refusal here; PII is about disclosing data, not about a real person in sexual content.
 * What it does for us is self-harm, in 119 languages. Its other names are logged.
 */
export const QWEN3GUARD_REASONS: Readonly<Record<string, ModerationReason>> = {
  'Suicide & Self-Harm': 'self_harm',
};

const REASON_OF_NAME = new Map(
  Object.entries(QWEN3GUARD_REASONS).map(([name, reason]) => [name.toLowerCase(), reason]),
);

/**
 * The chat as Qwen3Guard's template wants it: the turns with their roles, the judged message last (a
 * user message: prompt moderation; her reply: response moderation, with a "Refusal" line). The template
 * drops a first message that is not the user's, so her greeting gets an empty user turn before it. Our
 * policy and the scene are not sent: the template's policy is fixed, and neither would change what its
 * categories can say.
 */
export function qwen3guardMessages(
  request: Pick<ModerationRequest, 'text' | 'role' | 'turns' | 'history'>,
): Array<{ role: 'user' | 'assistant'; content: string }> {
  const messages = [
    ...turnsOf(request).map((turn) => ({ role: turn.role, content: turn.text })),
    { role: request.role, content: judgedText(request.text) },
  ];
  return messages[0]?.role === 'user' ? messages : [{ role: 'user', content: '' }, ...messages];
}

/**
 * "Safety: Safe|Unsafe|Controversial", "Categories: A, B" (or None), for a reply "Refusal: Yes|No".
 * "Controversial" — "could be misinterpreted, misused or exploited … under certain conditions" — counts
 * as unsafe for self-harm: indirect ideation («хочу уснуть и не проснуться») is what it calls
 * controversial, and a missed crisis costs more than a caring question too many. Without a "Safety"
 * line the answer is a bad response.
 */
export function parseQwen3GuardAnswer(answer: string): ModerationVerdict {
  const safety = /Safety:\s*(Safe|Unsafe|Controversial)\b/i.exec(answer)?.[1]?.toLowerCase();
  if (!safety) throw new ModerationError('bad_response');
  const listed = /Categories:\s*([^\n]*)/i.exec(answer)?.[1] ?? '';
  const categories = listed
    .split(',')
    .map((name) => name.trim().replace(/\.$/, ''))
    .filter((name) => name && name.toLowerCase() !== 'none');
  const refusal = /Refusal:\s*(Yes|No)\b/i.exec(answer)?.[1];
  const logged = [
    ...(safety === 'safe' ? [] : [safety === 'unsafe' ? 'Unsafe' : 'Controversial']),
    ...categories,
    ...(refusal ? [`Refusal: ${refusal}`] : []),
  ];
  if (safety === 'safe') return verdictOf([], categories);
  const reasons = categories.flatMap((name) => REASON_OF_NAME.get(name.toLowerCase()) ?? []);
  return verdictOf(reasons, logged);
}
