/**
 * The safety check for free text (DESIGN §6, issue 11): fictional adults only. The rules layer refuses
 * sexual or sexualised content involving minors, real identifiable people, and undressing an uploaded
 * photo. `checkInput` (input.ts) is the one check, named by its entry point; `checkText` and
 * `checkChatText` are its callers' shorthands. How it reads a text: normalize.ts, signals.ts, data/.
 */
import { checkInput } from './input.ts';

export type SafetyReason = 'minor' | 'real_person' | 'undress_photo';

export type SafetyResult = { ok: true } | { ok: false; reason: SafetyReason; detail: string };

export const SAFETY_MESSAGES = {
  minor: 'Мы создаём только вымышленных взрослых персонажей. Уберите упоминания несовершеннолетних.',
  realPerson: 'Мы создаём только вымышленных взрослых персонажей. Уберите упоминания реальных людей.',
  undressPhoto:
    'Мы не раздеваем и не делаем откровенными фотографии реальных людей. Уберите эту просьбу к снимку.',
} as const;

/** The Russian `detail` of each reason. */
export const SAFETY_DETAILS: Record<SafetyReason, string> = {
  minor: SAFETY_MESSAGES.minor,
  real_person: SAFETY_MESSAGES.realPerson,
  undress_photo: SAFETY_MESSAGES.undressPhoto,
};

export function refusal(reason: SafetyReason): SafetyResult {
  return { ok: false, reason, detail: SAFETY_DETAILS[reason] };
}

export { normalize } from './normalize.ts';

/** Names, image prompts and other texts that make or depict the companion (the strictest rules). */
export function checkText(text: string | null | undefined): SafetyResult {
  return checkInput({ text, entry: 'character.name' });
}

/** One chat message from the user, with the last user turns when the caller has them. */
export function checkChatText(text: string | null | undefined, history?: readonly string[]): SafetyResult {
  return checkInput(history ? { text, entry: 'chat', history } : { text, entry: 'chat' });
}
