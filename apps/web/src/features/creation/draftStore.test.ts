import { INDEX_DEFAULT_SEXUALITY, RANDOM_DEFAULTS, REGENERATE_LIMIT } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { createDraftStore, DRAFT_KEYS, type DraftStorage } from './draftStore.ts';

function memory(limit = Number.POSITIVE_INFINITY): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get: (k) => map.get(k) ?? null,
    set: (k, v) => {
      if (v.length > limit) return false;
      map.set(k, v);
      return true;
    },
    remove: (k) => {
      map.delete(k);
    },
  };
}

function setup(options: { localLimit?: number; random?: () => number } = {}) {
  const local = memory(options.localLimit);
  const session = memory();
  let n = 0;
  const uuid = () => `00000000-0000-4000-8000-00000000000${++n}`;
  const store = createDraftStore({ local, session, uuid, random: options.random ?? (() => 0) });
  return { store, local, session };
}

const stepOne = {
  herName: 'Алиса',
  herAge: 25,
  ethnicity: 'asian',
  voice: 'red',
  selectedImages: { herbody: 'fit', herbreasts: 'small', herbutt: 'fit' },
};

describe('draft store', () => {
  it('creates and keeps a characterId under the spec key', () => {
    const { store, local } = setup();
    const id = store.getState().characterId;
    expect(local.get(DRAFT_KEYS.characterId)).toBe(id);
    const again = createDraftStore({ local, session: memory(), uuid: () => 'other' });
    expect(again.getState().characterId).toBe(id);
  });

  it('sets sexuality to 70 on the index page when unset or 0, with the mapped habit', () => {
    const { store } = setup();
    store.getState().applyIndexDefaults();
    expect(store.getState().sexuality).toBe(INDEX_DEFAULT_SEXUALITY);
    expect(store.getState().habit).toBe('dominant');
    store.getState().setSexuality(0);
    store.getState().applyIndexDefaults();
    expect(store.getState().sexuality).toBe(INDEX_DEFAULT_SEXUALITY);
    store.getState().setSexuality(20);
    store.getState().applyIndexDefaults();
    expect(store.getState()).toMatchObject({ sexuality: 20, habit: 'asexual' });
  });

  it('fills unset personality traits when skipping from the index page, keeping chosen ones', () => {
    const { store, local } = setup({ random: () => 0.99 });
    store.getState().update({ ...stepOne, occupation: 'chef' });
    store.getState().startGeneration('index');
    const s = store.getState();
    expect(s).toMatchObject({
      personality: RANDOM_DEFAULTS.personality,
      occupation: 'chef',
      language_style: RANDOM_DEFAULTS.language_style,
      hairstyle: RANDOM_DEFAULTS.hairstyle,
      skin_shade: RANDOM_DEFAULTS.skin_shade,
      mood: 'happy',
      communication_style: 90,
      lastNavigationSource: 'index',
    });
    expect(local.get(DRAFT_KEYS.lastNavigationSource)).toBe('index');
  });

  it('keeps a communication style the user chose', () => {
    const { store } = setup({ random: () => 0 });
    store.getState().update({ communication_style: 70 });
    store.getState().startGeneration('index');
    expect(store.getState().communication_style).toBe(70);
  });

  it('clears the persisted portraits when coming from the personality page, and leaves traits alone', () => {
    const { store, local } = setup();
    store.getState().update(stepOne);
    store.getState().addImage('AAAA', 'qwen-image', false);
    store.getState().addImage('BBBB', 'lustify-sdxl', true);
    expect(local.get(DRAFT_KEYS.generatedImage)).toBe('BBBB');
    expect(store.getState().regenerateCount).toBe(1);
    store.getState().startGeneration('personality');
    const s = store.getState();
    expect(s).toMatchObject({
      generatedImage: null,
      variants: [],
      usedModels: [],
      regenerateCount: 0,
      regenerateLimit: REGENERATE_LIMIT,
      isInitialGeneration: true,
      personality: null,
      lastNavigationSource: 'personality',
    });
    expect(local.get(DRAFT_KEYS.generatedImage)).toBeNull();
  });

  it('tracks used models and stores a too-big portrait in session storage', () => {
    const { store, local, session } = setup({ localLimit: 10 });
    store.getState().addImage('x'.repeat(50), 'qwen-image', false);
    expect(local.get(DRAFT_KEYS.generatedImage)).toBeNull();
    expect(session.get(DRAFT_KEYS.generatedImage)).toHaveLength(50);
    store.getState().addImage('y'.repeat(5), 'qwen-image', true);
    expect(store.getState().usedModels).toEqual(['qwen-image']);
    expect(local.get(DRAFT_KEYS.generatedImage)).toBe('yyyyy');
    expect(session.get(DRAFT_KEYS.generatedImage)).toBeNull();
  });

  it('persists the fields and restores them; reset gives a new id and an empty draft', () => {
    const { store, local } = setup();
    store.getState().update(stepOne);
    const restored = createDraftStore({ local, session: memory(), uuid: () => 'new' });
    expect(restored.getState()).toMatchObject(stepOne);
    const before = store.getState().characterId;
    store.getState().startGeneration('index');
    store.getState().reset();
    const s = store.getState();
    expect(s.characterId).not.toBe(before);
    expect(s).toMatchObject({ herName: '', herAge: null, lastNavigationSource: null, generatedImage: null });
    expect(local.get(DRAFT_KEYS.lastNavigationSource)).toBeNull();
    expect(local.get(DRAFT_KEYS.characterId)).toBe(s.characterId);
  });

  it('counts a refused respawn as the limit reached', () => {
    const { store } = setup();
    store.getState().exhaustRespawns();
    expect(store.getState().regenerateCount).toBe(REGENERATE_LIMIT);
  });
});
