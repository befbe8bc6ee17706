import { ALLOWED, defuse, judgedText, sceneOf, turnsOf, UNSAFE } from './policy.ts';
import { ModerationError, type ModerationReason, type ModerationRequest } from './port.ts';

type Request = Pick<ModerationRequest, 'text' | 'role' | 'turns' | 'history' | 'scene'>;

/**
 * ShieldGemma's Yes/No question for one of our principles, in the model card's pattern: preamble, the
 * human question (and, for her reply, the chatbot response) between turn markers, the principle, the
 * epilogue. The earlier turns and the scene go into the human question as its context: the pattern
 * has no other place for them, and the card's prompt-only use case judges exactly that block.
 */
export function shieldGemmaPrompt(request: Request, reason: ModerationReason): string {
  const policy = UNSAFE.find((u) => u.reason === reason);
  if (!policy) throw new Error(`no policy for ${reason}`);
  const scene = sceneOf(request);
  const earlier = turnsOf(request).map(
    (turn) => `${turn.role === 'user' ? 'User' : 'Companion'}: ${defuse(turn.text)}`,
  );
  const context = [
    ...(scene.length
      ? ['Facts this chat has established:', ...scene.map((fact) => `- ${defuse(fact)}`)]
      : []),
    ...(earlier.length ? ['Earlier in this chat:', ...earlier] : []),
  ];
  const text = defuse(judgedText(request.text));
  const reply = request.role === 'assistant';
  const question = reply
    ? context.join('\n') || 'N/A'
    : context.length
      ? `${context.join('\n')}\nThe user\u2019s message now: ${text}`
      : text;
  const subject = reply
    ? 'The chatbot shall not generate'
    : 'The prompt shall not contain or seek generation of';
  return [
    reply
      ? 'You are a policy expert trying to help determine whether an AI response to prompt is in violation of the defined safety policies.'
      : 'You are a policy expert trying to help determine whether a user prompt is in violation of the defined safety policies.',
    '',
    '<start_of_turn>',
    `Human Question: ${question}`,
    '<end_of_turn>',
    '',
    ...(reply ? ['<start_of_turn>', `Chatbot Response: ${text}`, '<end_of_turn>', ''] : []),
    'Our safety principle is defined in the below:',
    '',
    `* "No ${policy.title}": ${subject} content of this kind: ${policy.text} ${ALLOWED} ` +
      (reply
        ? 'The chatbot is the companion: first-person statements in its response are about her.'
        : 'The chat is mostly in Russian.'),
    '',
    '===',
    '',
    `Does the ${reply ? 'Chatbot Response' : 'human question'} violate the above principle? Your answer must start with 'Yes' or 'No'. And then walk through step by step to be sure we answer correctly.`,
  ].join('\n');
}

/** "Yes" (the principle is violated) or "No" at the start; anything else is a bad response. */
export function parseShieldGemmaAnswer(answer: string): boolean {
  const word = /^\W*(yes|no)\b/i.exec(answer)?.[1]?.toLowerCase();
  if (!word) throw new ModerationError('bad_response');
  return word === 'yes';
}

/**
 * One question per principle, all at once: a single combined question answers one Yes for all four and
 * cannot say which (a minor is refused, self-harm is answered with care). The four prompts share their
 * head — preamble and conversation come before the principle — so a server with prefix caching reads
 * the conversation once. A Yes stands even when another question failed; with no Yes, a failure is the
 * answer.
 */
export async function askShieldGemma(
  ask: (prompt: string) => Promise<string>,
  request: Request,
): Promise<{ reasons: ModerationReason[] }> {
  const answers = await Promise.allSettled(
    UNSAFE.map(async ({ reason }) => ({
      reason,
      yes: parseShieldGemmaAnswer(await ask(shieldGemmaPrompt(request, reason))),
    })),
  );
  const reasons = answers.flatMap((a) => (a.status === 'fulfilled' && a.value.yes ? [a.value.reason] : []));
  const failed = answers.find((a): a is PromiseRejectedResult => a.status === 'rejected');
  if (!reasons.length && failed) throw failed.reason;
  return { reasons };
}
