import { type GenerateImageBody, MIN_SPINNER_MS } from '@podruga/shared';
import { errorText, isApiError } from '../../shared/api/index.ts';
import { type PaywallRequest, paywallFromError } from '../paywall/decide.ts';
import type { CreationApi } from './api.ts';
import type { NavigationSource } from './draft.ts';
import { CREATION_TEXTS } from './texts.ts';

export type GenerateResult =
  | { ok: true; image: string; model: string }
  | {
      ok: false;
      /** "Не удалось сгенерировать: {detail}" (001 §8 'Failed to generate: {message}'). */
      message: string;
      paywall: PaywallRequest | null;
      /** The server refused a respawn: the limit is used up (429 "Лимит пересоздания исчерпан"). */
      exhausted: boolean;
    };

export interface GenerateDeps {
  api: Pick<CreationApi, 'generateImage'>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  minMs?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One portrait request (001 §4): the spinner stays at least MIN_SPINNER_MS; no images is an error; the
 * server's Russian detail is shown after "Не удалось сгенерировать".
 */
export async function generatePortrait(deps: GenerateDeps, body: GenerateImageBody): Promise<GenerateResult> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? wait;
  const started = now();
  let result: GenerateResult;
  try {
    const answer = await deps.api.generateImage(body);
    const image = answer?.images?.[0];
    result = image
      ? { ok: true, image, model: answer.model }
      : {
          ok: false,
          message: `${CREATION_TEXTS.generateFailed}: ${CREATION_TEXTS.noImages}`,
          paywall: null,
          exhausted: false,
        };
  } catch (error) {
    const exhausted =
      isApiError(error) && error.status === 429 && error.detail === CREATION_TEXTS.respawnExhausted;
    result = {
      ok: false,
      message: `${CREATION_TEXTS.generateFailed}: ${errorText(error, CREATION_TEXTS.tryLater)}`,
      paywall: paywallFromError(error),
      exhausted,
    };
  }
  const left = (deps.minMs ?? MIN_SPINNER_MS) - (now() - started);
  if (left > 0) await sleep(left);
  return result;
}

/** 001 §4: generation opens only from the index or the personality page; anything else goes to /profile. */
export function generationAllowed(source: NavigationSource | null): boolean {
  return source === 'index' || source === 'personality';
}
