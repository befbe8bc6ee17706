import type { CreateExCharacterBody, LikenessPreview } from '@podruga/shared';
import { create } from 'zustand';
import { local } from '../../shared/storage.ts';

/** 001 §3 "Local keys": the ex companion's id, kept while she is being made. */
export const EX_CHARACTER_ID_KEY = 'exCharacterId';

/**
 * The working data between /ex and /exgenerate (001 §3): the previews, the chosen one, her data, the
 * language model's additions and her id. In memory only: the previews are large, and nothing of the
 * photo is ever here.
 */
export interface LikenessWork {
  previews: LikenessPreview[];
  selectedIndex: number | null;
  character: CreateExCharacterBody | null;
  imagePrompt: string;
  characterPrompt: string;
  characterId: string | null;
  /** Steps of the finishing call already done, so a retry resumes. */
  created: boolean;
  selected: boolean;
  chatId: string | null;
}

const EMPTY: LikenessWork = {
  previews: [],
  selectedIndex: null,
  character: null,
  imagePrompt: '',
  characterPrompt: '',
  characterId: null,
  created: false,
  selected: false,
  chatId: null,
};

export const useLikeness = create<LikenessWork>(() => ({ ...EMPTY }));

export const likenessStore = {
  get: () => useLikeness.getState(),
  set: (patch: Partial<LikenessWork>) => useLikeness.setState(patch),
  /** A fresh start (001 §4 "Create starts fresh data"). */
  reset(): void {
    useLikeness.setState({ ...EMPTY });
    local.remove(EX_CHARACTER_ID_KEY);
  },
};
