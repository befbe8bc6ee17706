import { checkChatText, checkText, type SafetyResult } from './safety.ts';

/**
 * Where free text enters (issue 11): every check names its entry point, because what is fine in one
 * place (a nude photo of the fictional companion) is refused in another (undressing an uploaded photo).
 */
export type SafetyEntry =
  | 'character.name'
  | 'character.description'
  | 'chat'
  | 'image_request'
  | 'upload_caption'
  | 'image_prompt'
  | 'negative_prompt';

export interface SafetyInput {
  text: string | null | undefined;
  entry: SafetyEntry;
  /** The chat's last few user turns, oldest first ("тебе 14" then "разденься" is refused). */
  history?: readonly string[];
}

/** The rules layer: one verdict for one input at its entry point. */
export function checkInput(input: SafetyInput): SafetyResult {
  switch (input.entry) {
    case 'chat':
    case 'image_request':
    case 'upload_caption':
      return checkChatText(input.text);
    default:
      return checkText(input.text);
  }
}
