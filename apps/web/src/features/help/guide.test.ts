import {
  HELP_AUDIO_LINES,
  HELP_AUDIO_NAMES,
  LIMIT_TIERS,
  PRODUCT_FEATURES,
  type ProductFeature,
  TIER_LIMITS,
} from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { audioExamples, guideSections, limitsTable } from './guide.ts';

const ALL_LIVE = Object.fromEntries(Object.keys(PRODUCT_FEATURES).map((k) => [k, true])) as Record<
  ProductFeature,
  boolean
>;
const NONE_LIVE = Object.fromEntries(Object.keys(PRODUCT_FEATURES).map((k) => [k, false])) as Record<
  ProductFeature,
  boolean
>;

describe('the guide’s limits table', () => {
  it('once everything is live: every tier and resource, in the spec’s display (001 §9)', () => {
    const table = limitsTable(ALL_LIVE);
    expect(table.tiers.map((t) => t.tier)).toEqual([...LIMIT_TIERS]);
    const row = (label: string) => table.rows.find((r) => r.label === label)?.cells;
    expect(row('Сообщения')).toEqual(LIMIT_TIERS.map((t) => `${TIER_LIMITS[t].messagesPerDay}/день`));
    expect(row('Голос')).toEqual(
      LIMIT_TIERS.map((t) => {
        const s = TIER_LIMITS[t].voiceSecondsPerDay;
        return s < 60 ? `${s} сек/день` : `${s / 60} мин/день`;
      }),
    );
    expect(row('Видео')).toEqual(
      LIMIT_TIERS.map((t) =>
        TIER_LIMITS[t].videosPerDay === 0 ? 'Недоступно' : `${TIER_LIMITS[t].videosPerDay}/день`,
      ),
    );
    expect(row('Подруги')).toEqual(
      LIMIT_TIERS.map((t) =>
        TIER_LIMITS[t].companions === null ? 'Безлимитно' : String(TIER_LIMITS[t].companions),
      ),
    );
  });

  it('shows only the tiers one can reach and the resources that exist', () => {
    const table = limitsTable(NONE_LIVE);
    expect(table.tiers.map((t) => t.tier)).toEqual(['guest', 'free', 'verified']);
    expect(table.rows.map((r) => r.label)).toEqual(['Сообщения', 'Подруги']);
  });
});

describe('the guide’s sections', () => {
  it('are 9 either way (001 §2’s 8 and the care section); the parts not live say they are coming, and none names Plus as for sale', () => {
    for (const features of [ALL_LIVE, NONE_LIVE]) expect(guideSections(features)).toHaveLength(9);
    const soon = guideSections(NONE_LIVE)
      .filter((s) => s.soon)
      .map((s) => s.id);
    expect(soon).toEqual(['voice', 'video', 'install']);
    expect(guideSections(ALL_LIVE).some((s) => s.soon)).toBe(false);
    const text = guideSections(NONE_LIVE)
      .flatMap((s) => s.paragraphs)
      .join(' ');
    expect(text).not.toMatch(/купи|оплат/i);
    expect(text).toContain(`${TIER_LIMITS.verified.messagesPerDay} сообщений`);
  });
});

describe('the guide’s care section (issue 27)', () => {
  it('says she is an AI, what she does for someone in crisis, 112, and links the crisis page', () => {
    const care = guideSections().find((s) => s.id === 'care');
    expect(care?.title).toBe('Если тебе тяжело');
    const text = care?.paragraphs.join(' ') ?? '';
    expect(text).toContain('ИИ-компаньон: её ответы пишет искусственный интеллект, а не человек');
    expect(text).toMatch(/о самоубийстве.*выйдет из роли.*контакты служб помощи/);
    expect(text).toMatch(/считаем только, сколько раз/);
    expect(text).toContain('звони 112');
    expect(care?.blocks).toEqual(['crisisLink']);
    // Nothing in the guide tells the user she is a live person.
    expect(
      guideSections()
        .flatMap((s) => s.paragraphs)
        .join(' '),
    ).not.toMatch(/живому человеку/);
  });
});

describe('the guide’s audio examples', () => {
  it('are the server’s three, with what she says, in the voice section once her voice is live (the video example once videos are)', () => {
    const examples = audioExamples(ALL_LIVE);
    expect(examples.map((e) => e.name)).toEqual([...HELP_AUDIO_NAMES]);
    expect(examples.map((e) => e.src)).toEqual(HELP_AUDIO_NAMES.map((n) => `/api/help/audio/${n}`));
    expect(examples.map((e) => e.lines)).toEqual(HELP_AUDIO_NAMES.map((n) => HELP_AUDIO_LINES[n]));
    const voice = (features: typeof ALL_LIVE) => guideSections(features).find((s) => s.id === 'voice');
    expect(voice(ALL_LIVE)?.blocks).toEqual(['voiceExamples']);
    expect(voice({ ...NONE_LIVE, voiceMessages: true })?.blocks).toEqual(['voiceExamples']);
    expect(voice(NONE_LIVE)?.blocks ?? []).toEqual([]);
    const video = (features: typeof ALL_LIVE) => guideSections(features).find((s) => s.id === 'video');
    expect(video(ALL_LIVE)?.blocks).toEqual(['videoExample']);
    expect(video(NONE_LIVE)?.blocks ?? []).toEqual([]);
  });

  it('the call sample says it is her side only, and that calls are coming while they are not live', () => {
    const call = (features: typeof ALL_LIVE) =>
      audioExamples(features).find((e) => e.name === 'call')?.caption;
    expect(call(ALL_LIVE)).toMatch(/^Слышна только её сторона разговора/);
    expect(call(NONE_LIVE)).toMatch(/будет звучать в звонке.*только её сторона/);
  });
});
