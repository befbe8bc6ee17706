import type { HerMediaKind } from '@podruga/shared';
import type { ProviderInfo } from '../port.ts';

/**
 * Whether a user's message asks her for a photo or a video of herself, and of what (issue 14). The
 * offline adapter is the rules of `rules.ts`; with a real model the rules pre-filter (most messages are
 * not requests and cost nothing) and a structured tool call decides and writes the scene in English.
 */
export interface MediaIntent {
  kind: HerMediaKind;
  /**
   * The scene asked for, without the request words ("на пляже", "in a red dress"); '' when none was
   * named ("пришли фото"). English when a model wrote it, else the user's language.
   */
  scene: string;
}

export interface IntentPort extends ProviderInfo {
  /** `recent`: her and the user's last few turns, oldest first (a model may need "ещё одно"). */
  detect(text: string, recent?: readonly { isUser: boolean; content: string }[]): Promise<MediaIntent | null>;
}
