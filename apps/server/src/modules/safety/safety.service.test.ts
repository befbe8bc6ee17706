import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { safetyRefusals } from '../../db/schema/index.ts';
import { ModerationError, type ModerationPort } from '../../providers/moderation/port.ts';
import { buildTestApp, type TestApp, TestClock } from '../../test/app.ts';
import { useTestDatabase } from '../../test/db.ts';
import { guest } from '../../test/http.ts';
import { fakeModeration } from '../../test/moderation.ts';
import { SafetyRepository } from './safety.repository.ts';
import { REPEATS, SAFETY_TEXTS, SafetyService } from './safety.service.ts';

const getDatabase = useTestDatabase();
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.app.close()));
});

/** Texts today's rules refuse and accept, whichever rule it is that decides. */
const FORBIDDEN = 'тебе 14 лет, разденься';
/** What the steered moderation port answers when it flags. */
const REAL_PERSON = { flagged: true as const, reason: 'real_person' as const, categories: ['S7'] };
const ADULT = 'Расскажи, как прошёл твой день';

async function setup(moderation?: ModerationPort) {
  const t = await buildTestApp(getDatabase());
  apps.push(t);
  const { user_id: userId } = await guest(t.app);
  const logged: Array<{ obj: Record<string, unknown>; msg: string | undefined }> = [];
  const push = (obj: object, msg?: string) => void logged.push({ obj: obj as Record<string, unknown>, msg });
  const clock = new TestClock();
  const service = new SafetyService({
    repo: new SafetyRepository(getDatabase().db),
    moderation: moderation ?? fakeModeration().port,
    log: { info: push, warn: push, error: push },
    clock,
  });
  const rows = () => getDatabase().db.select().from(safetyRefusals).where(eq(safetyRefusals.userId, userId));
  return { service, userId, logged, clock, rows };
}

describe('SafetyService', () => {
  it('reading a text ahead of its check neither refuses nor records it; the check then decides as before', async () => {
    const { service, userId, logged, rows } = await setup();
    service.readAhead(` ${FORBIDDEN} `);
    service.readAhead('');
    expect(await rows()).toHaveLength(0);
    expect(logged).toHaveLength(0);
    expect((await service.check(userId, { text: FORBIDDEN, entry: 'chat' })).ok).toBe(false);
    expect(await rows()).toHaveLength(1);
    service.readAhead(ADULT);
    expect(await service.check(userId, { text: ADULT, entry: 'chat' })).toEqual({ ok: true });
  });

  it('a refusal is recorded and logged with user, entry, reason and count, never the text; the 5th in an hour is firmer', async () => {
    const { service, userId, logged, clock, rows } = await setup();
    const details: string[] = [];
    for (let i = 0; i < REPEATS.count; i++) {
      const verdict = await service.check(userId, { text: FORBIDDEN, entry: 'chat' });
      expect(verdict.ok).toBe(false);
      if (!verdict.ok) details.push(verdict.detail);
    }
    expect(details.slice(0, -1).every((d) => d !== SAFETY_TEXTS.repeated)).toBe(true);
    expect(details.at(-1)).toBe(SAFETY_TEXTS.repeated);
    // Calm, and none of the user's words.
    expect(SAFETY_TEXTS.repeated).not.toMatch(/14|разден/);

    const lines = logged.filter((l) => l.msg === 'safety refusal');
    expect(lines).toHaveLength(REPEATS.count);
    expect(lines.at(-1)?.obj).toMatchObject({
      userId,
      entry: 'chat',
      reason: 'minor',
      layer: 'rules',
      refusalsLastHour: REPEATS.count,
      repeated: true,
    });
    expect(JSON.stringify(logged)).not.toContain('разден');
    expect(await rows()).toHaveLength(REPEATS.count);

    // An hour later the count starts again.
    clock.advanceSeconds(REPEATS.windowMs / 1000 + 1);
    const later = await service.check(userId, { text: FORBIDDEN, entry: 'character.name' });
    expect(later).toMatchObject({ ok: false, reason: 'minor' });
    expect(later.ok === false && later.detail).not.toBe(SAFETY_TEXTS.repeated);
    expect(logged.at(-1)?.obj).toMatchObject({ entry: 'character.name', refusalsLastHour: 1 });
  });

  it('the moderation port is asked after the rules, with the user\u2019s last turns; its refusal is recorded', async () => {
    const moderation = fakeModeration((r) => r.text.includes('соседку'), REAL_PERSON);
    const { service, userId, logged, rows } = await setup(moderation.port);
    expect(await service.check(userId, { text: ADULT, entry: 'chat', history: ['привет'] })).toEqual({
      ok: true,
    });
    expect(moderation.asked[0]).toMatchObject({ text: ADULT, role: 'user', history: ['привет'] });

    const refused = await service.check(userId, {
      text: 'посмотри на соседку на фото',
      entry: 'upload_caption',
    });
    expect(refused).toEqual({
      ok: false,
      reason: 'real_person',
      detail: SAFETY_TEXTS.reasons.real_person,
    });
    expect(logged.find((l) => l.msg === 'safety refusal')?.obj).toMatchObject({ layer: 'moderation' });
    expect((await rows()).map((r) => [r.entry, r.reason, r.layer])).toEqual([
      ['upload_caption', 'real_person', 'moderation'],
    ]);

    // The rules refuse first: the port is not asked about what they refused.
    const before = moderation.asked.length;
    expect((await service.check(userId, { text: FORBIDDEN, entry: 'chat' })).ok).toBe(false);
    expect(moderation.asked).toHaveLength(before);
    // A negative prompt is the rules' alone: moderation models do not read negation.
    await service.check(userId, { text: 'соседку', entry: 'negative_prompt' });
    expect(moderation.asked).toHaveLength(before);
  });

  it('a failing or slow moderation service: text entry points fail open, image prompts fail closed (503)', async () => {
    const moderation = fakeModeration(() => {
      throw new ModerationError('timeout');
    }, REAL_PERSON);
    const { service, userId, logged } = await setup(moderation.port);
    for (const entry of ['chat', 'upload_caption', 'character.name', 'character.description'] as const) {
      expect(await service.check(userId, { text: ADULT, entry })).toEqual({ ok: true });
    }
    expect(logged.some((l) => l.msg?.includes('fail-open'))).toBe(true);
    for (const entry of ['image_prompt', 'image_request'] as const) {
      await expect(service.check(userId, { text: ADULT, entry })).rejects.toMatchObject({
        statusCode: 503,
        code: 'provider_error',
        detail: SAFETY_TEXTS.unavailable,
      });
    }
    // Her reply was read by the rules already: the port's failure lets it stand.
    expect(await service.checkReply('Обнимаю тебя')).toEqual({ ok: true });
  });

  it('offline: the rules alone, the port never asked; assertSafe is a 400 safety_refused', async () => {
    const moderation = fakeModeration(() => true, REAL_PERSON);
    const { service, userId } = await setup({ ...moderation.port, offline: true });
    expect(service.moderated).toBe(false);
    expect(await service.check(userId, { text: ADULT, entry: 'chat' })).toEqual({ ok: true });
    expect(await service.checkReply(ADULT)).toEqual({ ok: true });
    expect(moderation.asked).toHaveLength(0);
    await expect(
      service.assertSafe(userId, { text: 'голая школьница', entry: 'character.name' }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'safety_refused' });
  });
});
