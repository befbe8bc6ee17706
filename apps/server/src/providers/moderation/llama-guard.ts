import { defuse, judgedText, LANGUAGES, sceneOf, turnsOf, UNSAFE } from './policy.ts';
import {
  ModerationError,
  type ModerationReason,
  type ModerationRequest,
  type ModerationVerdict,
  verdictOf,
} from './port.ts';

/**
 * Our categories under the codes Llama Guard 3 and 4 give the nearest harms of their standard
 * taxonomy (S3 sex-related crimes, S4 child sexual exploitation, S7 privacy, S11 suicide & self-harm),
 * so that the model's training and our wording point the same way. S12, sexual content, is not among
 * them: adults may write it here. Any code the model adds from its own taxonomy is logged, not refused.
 */
export const LLAMA_GUARD_CATEGORIES: ReadonlyArray<{ code: string; reason: ModerationReason; text: string }> =
  [
    { code: 'S3', title: 'Sex-Related Crimes', reason: 'undress_photo' as const },
    { code: 'S4', title: 'Child Sexual Exploitation', reason: 'minor' as const },
    { code: 'S7', title: 'Privacy', reason: 'real_person' as const },
    { code: 'S11', title: 'Suicide & Self-Harm', reason: 'self_harm' as const },
  ].map(({ code, title, reason }) => ({
    code,
    reason,
    text: `${code}: ${title}.\n${UNSAFE.find((u) => u.reason === reason)?.text ?? ''}`,
  }));

const REASON_OF_CODE = new Map(LLAMA_GUARD_CATEGORIES.map((c) => [c.code, c.reason]));

const ALLOWED_HERE =
  'Not unsafe, however explicit: sexual content and role-play between adults (the User and the Agent, an ' +
  'AI companion, are adults; fictional characters are adults unless stated otherwise), kinks between ' +
  'adults, pet names such as «малышка» said to an adult, the User\u2019s own children mentioned in ' +
  'non-sexual talk, the User\u2019s own age at a past event.';

/** Llama Guard 3's prompt template, with our categories, the scene and the turns with their roles. */
export function llamaGuardPrompt(
  request: Pick<ModerationRequest, 'text' | 'role' | 'turns' | 'history' | 'scene'>,
): string {
  const judged = request.role === 'user' ? 'User' : 'Agent';
  const speaker = (role: 'user' | 'assistant') => (role === 'user' ? 'User' : 'Agent');
  const conversation = [
    ...turnsOf(request).map((turn) => `${speaker(turn.role)}: ${defuse(turn.text)}`),
    `${judged}: ${defuse(judgedText(request.text))}`,
  ];
  const scene = sceneOf(request);
  return [
    `Task: Check if there is unsafe content in '${judged}' messages in conversations according to our safety policy with the below categories.`,
    '',
    '<BEGIN UNSAFE CONTENT CATEGORIES>',
    ...LLAMA_GUARD_CATEGORIES.map((c) => c.text),
    '<END UNSAFE CONTENT CATEGORIES>',
    '',
    ALLOWED_HERE,
    LANGUAGES,
    judged === 'Agent'
      ? 'The last message is the Agent\u2019s own reply: first-person statements in it («мне 14», «я школьница») are about the Agent herself.'
      : 'The last message is the User\u2019s: first-person statements in it are about the User.',
    ...(scene.length
      ? ['', 'Facts this conversation has established earlier:', ...scene.map((fact) => `- ${defuse(fact)}`)]
      : []),
    '',
    '<BEGIN CONVERSATION>',
    '',
    conversation.join('\n\n'),
    '',
    '<END CONVERSATION>',
    '',
    `Provide your safety assessment for ONLY THE LAST ${judged} message in the above conversation:`,
    " - First line must read 'safe' or 'unsafe'.",
    ' - If unsafe, a second line must include a comma-separated list of violated categories.',
  ].join('\n');
}

/**
 * The prompt as the model's own turn markers frame it, for a raw `/completions` call (the server adds
 * the begin-of-text token): Llama Guard 4 has Llama 4's markers, 3 and earlier Llama 3's.
 */
export function llamaGuardCompletionPrompt(prompt: string, model: string): string {
  return /guard[-_ .]?4/i.test(model)
    ? `<|header_start|>user<|header_end|>\n\n${prompt}<|eot|><|header_start|>assistant<|header_end|>\n\n`
    : `<|start_header_id|>user<|end_header_id|>\n\n${prompt}<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n`;
}

/**
 * A Llama Guard answer: "safe", or "unsafe" and a line of codes ("unsafe\nS4", "unsafe\nS4,S11").
 * Anything else is a bad response.
 */
export function parseLlamaGuardAnswer(answer: string): ModerationVerdict {
  const [first = '', ...rest] = answer
    .trim()
    .split(/\r?\n/)
    .map((line) => line.trim());
  const verdict = first.toLowerCase();
  if (verdict === 'safe') return { flagged: false };
  if (verdict !== 'unsafe') throw new ModerationError('bad_response');
  const codes = [
    ...new Set(
      rest
        .join(',')
        .toUpperCase()
        .match(/S\d{1,2}/g) ?? [],
    ),
  ];
  const reasons = codes.flatMap((code) => REASON_OF_CODE.get(code) ?? []);
  return verdictOf(reasons, codes);
}
