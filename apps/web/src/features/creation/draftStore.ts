import { habitForSexuality, REGENERATE_LIMIT } from '@podruga/shared';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  type DraftFields,
  emptyDraft,
  emptyGeneration,
  type GenerationFields,
  type NavigationSource,
  type SelectedImages,
  withIndexSexuality,
  withRandomDefaults,
} from './draft.ts';

/** Local keys of 001 §3, plus our own key for the draft's fields. */
export const DRAFT_KEYS = {
  characterId: 'characterId',
  generatedImage: 'generatedImage',
  lastNavigationSource: 'lastNavigationSource',
  draft: 'characterDraft',
} as const;

/** A key-value store whose `set` reports failure (a full quota), so a big image can fall back. */
export interface DraftStorage {
  get(key: string): string | null;
  set(key: string, value: string): boolean;
  remove(key: string): void;
}

export interface DraftDeps {
  local: DraftStorage;
  session: DraftStorage;
  uuid: () => string;
  random?: () => number;
}

export interface DraftState extends DraftFields, GenerationFields {
  characterId: string;
  lastNavigationSource: NavigationSource | null;
}

export interface DraftActions {
  update(patch: Partial<DraftFields>): void;
  selectImage(group: keyof SelectedImages, value: string): void;
  setSexuality(value: number): void;
  /** The index page on entry: sexuality 70 when unset or 0 (001 §2). */
  applyIndexDefaults(): void;
  /** Before going to /generation: remembers the source; from the index page unset traits are filled. */
  startGeneration(source: NavigationSource): void;
  /** A portrait arrived: keeps it (persisted) and the model that made it. */
  addImage(image: string, model: string, respawn: boolean): void;
  /** The server said the respawns are used up. */
  exhaustRespawns(): void;
  showVariant(index: number): void;
  /** After the chat started: a new draft with a new id. */
  reset(): void;
}

export type DraftStore = StoreApi<DraftState & DraftActions>;

function readFields(storage: DraftStorage): Partial<DraftFields> {
  const raw = storage.get(DRAFT_KEYS.draft);
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<DraftFields>) : {};
  } catch {
    return {};
  }
}

function pickFields(s: DraftState): DraftFields {
  const empty = emptyDraft();
  const out = {} as Record<string, unknown>;
  for (const key of Object.keys(empty) as Array<keyof DraftFields>) out[key] = s[key];
  return out as unknown as DraftFields;
}

function readSource(value: string | null): NavigationSource | null {
  return value === 'index' || value === 'personality' ? value : null;
}

/**
 * The creation draft (001 §3), persisted in localStorage under the spec's keys; the portrait falls back
 * to sessionStorage when it does not fit. Plain zustand (vanilla) so its transitions are tested in node.
 */
export function createDraftStore(deps: DraftDeps): DraftStore {
  const { local, session } = deps;
  const random = deps.random ?? Math.random;

  let characterId = local.get(DRAFT_KEYS.characterId);
  if (!characterId) {
    characterId = deps.uuid();
    local.set(DRAFT_KEYS.characterId, characterId);
  }
  const storedImage = local.get(DRAFT_KEYS.generatedImage) ?? session.get(DRAFT_KEYS.generatedImage);
  const stored = readFields(local);
  const base = emptyDraft();

  const initial: DraftState = {
    ...base,
    ...stored,
    selectedImages: { ...base.selectedImages, ...stored.selectedImages },
    ...emptyGeneration(),
    generatedImage: storedImage,
    variants: storedImage ? [storedImage] : [],
    characterId,
    lastNavigationSource: readSource(local.get(DRAFT_KEYS.lastNavigationSource)),
  };

  function persistImage(image: string | null): void {
    local.remove(DRAFT_KEYS.generatedImage);
    session.remove(DRAFT_KEYS.generatedImage);
    if (!image) return;
    if (!local.set(DRAFT_KEYS.generatedImage, image)) session.set(DRAFT_KEYS.generatedImage, image);
  }

  const store = createStore<DraftState & DraftActions>()((set, get) => ({
    ...initial,
    update: (patch) => set(patch),
    selectImage: (group, value) => set((s) => ({ selectedImages: { ...s.selectedImages, [group]: value } })),
    setSexuality: (value) => set({ sexuality: value, habit: habitForSexuality(value) }),
    applyIndexDefaults: () => {
      const s = get();
      if (s.sexuality) return;
      set(withIndexSexuality({ ...pickFields(s), habit: null }));
    },
    startGeneration: (source) => {
      const s = get();
      const fields = source === 'index' ? withRandomDefaults(pickFields(s), random) : pickFields(s);
      // A new request for a portrait: what was generated for the old traits goes (001 §4).
      persistImage(null);
      local.set(DRAFT_KEYS.lastNavigationSource, source);
      set({ ...fields, ...emptyGeneration(), lastNavigationSource: source });
    },
    addImage: (image, model, respawn) => {
      const s = get();
      persistImage(image);
      set({
        generatedImage: image,
        variants: [...s.variants, image],
        imageModel: model,
        usedModels: s.usedModels.includes(model) ? s.usedModels : [...s.usedModels, model],
        regenerateCount: respawn ? s.regenerateCount + 1 : s.regenerateCount,
        isFirstLoad: false,
        isInitialGeneration: false,
      });
    },
    exhaustRespawns: () => set((s) => ({ regenerateCount: s.regenerateLimit || REGENERATE_LIMIT })),
    showVariant: (index) => {
      const image = get().variants[index];
      if (!image) return;
      persistImage(image);
      set({ generatedImage: image });
    },
    reset: () => {
      const id = deps.uuid();
      local.set(DRAFT_KEYS.characterId, id);
      local.remove(DRAFT_KEYS.lastNavigationSource);
      local.remove(DRAFT_KEYS.draft);
      persistImage(null);
      set({ ...emptyDraft(), ...emptyGeneration(), characterId: id, lastNavigationSource: null });
    },
  }));

  let lastJson = JSON.stringify(pickFields(store.getState()));
  store.subscribe((state) => {
    const json = JSON.stringify(pickFields(state));
    if (json === lastJson) return;
    lastJson = json;
    local.set(DRAFT_KEYS.draft, json);
  });
  return store;
}
