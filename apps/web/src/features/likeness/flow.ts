import {
  type CreateExCharacterBody,
  LIKENESS_TEXTS,
  LLM_PROCESS_FALLBACKS,
  type LlmTaskType,
} from '@podruga/shared';
import { errorText, isApiError } from '../../shared/api/index.ts';
import { local } from '../../shared/storage.ts';
import { uuid } from '../../shared/uuid.ts';
import type { LikenessApi } from './api.ts';
import { EX_CHARACTER_ID_KEY, likenessStore } from './store.ts';

type Failure = { ok: false; message: string; upsell: boolean };
export type FlowResult = { ok: true } | Failure;

/** A 401/403 from the likeness gate: the page shows the upsell instead of an error. */
function needsPlus(error: unknown): boolean {
  return isApiError(error) && (error.code === 'plus_required' || error.status === 401);
}

function fail(prefix: string, error: unknown, fallback: string): Failure {
  if (needsPlus(error)) return { ok: false, message: LIKENESS_TEXTS.upsellText, upsell: true };
  return { ok: false, message: `${prefix}: ${errorText(error, fallback)}`, upsell: false };
}

/**
 * One enrichment call (001 §7 llm/process): a refusal of the text stops the preparation; any other
 * failure falls back to the spec's text and the preparation goes on.
 */
async function enrich(api: LikenessApi, prompt: string, task: LlmTaskType): Promise<string> {
  try {
    const answer = await api.process(prompt, task);
    return answer?.success && answer.response ? answer.response : LLM_PROCESS_FALLBACKS[task];
  } catch (error) {
    if (isApiError(error) && (error.code === 'safety_refused' || needsPlus(error))) throw error;
    return LLM_PROCESS_FALLBACKS[task];
  }
}

/**
 * 'Создать' (001 §4 likeness flow): fresh working data, the two enrichment calls in sequence (image
 * prompt, then character prompt), then the previews from the traits. The photo is not part of any of it.
 */
export async function prepareLikeness(
  api: LikenessApi,
  character: CreateExCharacterBody,
): Promise<FlowResult> {
  likenessStore.reset();
  let imagePrompt: string;
  let characterPrompt: string;
  try {
    imagePrompt = await enrich(api, character.description, 'image_prompt');
    characterPrompt = await enrich(api, character.description, 'character_prompt');
  } catch (error) {
    return fail(LIKENESS_TEXTS.llmFailed, error, LIKENESS_TEXTS.llmFailed);
  }
  let previews: Awaited<ReturnType<LikenessApi['basicGenerate']>>;
  try {
    const { age, ethnicity, body_type, breast_size, butt, skin_shade, hair_color, hairstyle } = character;
    previews = await api.basicGenerate({
      age,
      ethnicity,
      body_type,
      breast_size,
      butt,
      skin_shade,
      hair_color,
      hairstyle,
    });
  } catch (error) {
    return fail(LIKENESS_TEXTS.prepareFailed, error, LIKENESS_TEXTS.previewsFailed);
  }
  if (!previews?.images?.length) {
    return {
      ok: false,
      message: `${LIKENESS_TEXTS.prepareFailed}: ${LIKENESS_TEXTS.previewsFailed}`,
      upsell: false,
    };
  }
  const characterId = uuid();
  local.set(EX_CHARACTER_ID_KEY, characterId);
  likenessStore.set({
    previews: previews.images,
    selectedIndex: null,
    character: { ...character, id: characterId },
    imagePrompt,
    characterPrompt,
    characterId,
  });
  return { ok: true };
}

export type FinishResult = { ok: true; chatId: string } | Failure;

/**
 * The chosen preview (001 §4 "processing of the selected image"): create her (is_ex), make the preview
 * her portrait, open a chat with her. Steps already done are skipped on a retry.
 */
export async function finishLikeness(api: LikenessApi): Promise<FinishResult> {
  const work = likenessStore.get();
  const preview = work.selectedIndex === null ? undefined : work.previews[work.selectedIndex];
  if (!preview) return { ok: false, message: LIKENESS_TEXTS.noImageSelected, upsell: false };
  const character = work.character;
  if (!character) return { ok: false, message: LIKENESS_TEXTS.nothingPrepared, upsell: false };
  const id = character.id ?? work.characterId ?? uuid();
  try {
    if (!work.created) {
      try {
        const created = await api.createEx({ ...character, id });
        likenessStore.set({ created: true, characterId: created.id });
      } catch (error) {
        // Created by an earlier try whose answer was lost: her id is ours, the next step checks it.
        if (!isApiError(error) || error.code !== 'conflict') throw error;
        likenessStore.set({ created: true, characterId: id });
      }
    }
    const characterId = likenessStore.get().characterId ?? id;
    if (!work.selected) {
      await api.selectModel(characterId, {
        image_data: preview.image_data,
        preview_token: preview.preview_token,
        model_name: preview.model_name,
        character_data: { ...character, id: characterId },
      });
      likenessStore.set({ selected: true });
    }
    let chatId = likenessStore.get().chatId;
    if (!chatId) {
      const chat = await api.createChat(characterId, `Chat with ${character.name}`);
      chatId = chat.id;
      likenessStore.set({ chatId });
      await api.createChatDirectory(chatId).catch(() => undefined);
    }
    return { ok: true, chatId };
  } catch (error) {
    return fail(LIKENESS_TEXTS.selectFailed, error, LIKENESS_TEXTS.selectFailed);
  }
}
