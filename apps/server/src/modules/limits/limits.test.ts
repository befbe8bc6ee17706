import { type LimitTier, PHOTOS_FAIR_USE_TIERS, TIER_LIMITS } from '@podruga/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp, TestClock } from '../../test/app.ts';
import { createCharacter } from '../../test/characters.ts';
import { useTestDatabase } from '../../test/db.ts';
import { findUser } from '../../test/factories.ts';
import { bearer, guest } from '../../test/http.ts';
import { LimitsRepository } from './limits.repository.ts';
import { LimitsService } from './limits.service.ts';
import { moscowDay, untilMoscowMidnight } from './moscow.ts';

const getDatabase = useTestDatabase();

const FUTURE = new Date('2030-01-01T00:00:00Z');
const PAST = new Date('2020-01-01T00:00:00Z');

const TIER_ROWS: Record<LimitTier, Partial<typeof users.$inferInsert>> = {
  guest: { membershipType: 'guest' },
  free: { membershipType: 'free', email: 'free@mail.ru' },
  verified: { membershipType: 'free', email: 'v@mail.ru', emailVerified: true },
  pwa: { membershipType: 'free', email: 'p@mail.ru', emailVerified: true, isPwaUser: true },
  plus: { membershipType: 'plus', email: 'plus@mail.ru', membershipExpiry: FUTURE, vipExpiry: PAST },
  vip: { membershipType: 'plus', email: 'vip@mail.ru', membershipExpiry: FUTURE, vipExpiry: FUTURE },
};

describe('limits', () => {
  let t: TestApp;
  let clock: TestClock;
  beforeEach(async () => {
    clock = new TestClock(new Date('2025-10-01T12:00:00Z'));
    t = await buildTestApp(getDatabase(), { deps: { clock } });
  });
  afterEach(async () => {
    await t.app.close();
  });

  async function userWithTier(tier: LimitTier) {
    const session = await guest(t.app, `10.0.1.${Object.keys(TIER_ROWS).indexOf(tier) + 1}`);
    await getDatabase().db.update(users).set(TIER_ROWS[tier]).where(eq(users.id, session.user_id));
    const row = await findUser(getDatabase(), session.user_id);
    if (!row) throw new Error('no user');
    return { session, row };
  }

  it.each(Object.keys(TIER_ROWS) as LimitTier[])(
    '%s: exactly the tier limit per Moscow day',
    async (tier) => {
      const { session, row } = await userWithTier(tier);
      const service = new LimitsService(new LimitsRepository(getDatabase().db), clock);
      const limit = TIER_LIMITS[tier].messagesPerDay;
      expect(service.tier(row)).toBe(tier);

      const status = await t.app.inject({
        url: '/api/user/limits/status',
        headers: bearer(session.access_token),
      });
      expect(status.json()).toEqual({
        tier,
        resources: {
          gfs: { limit: TIER_LIMITS[tier].companions, used: 0 },
          messages: { limit, used: 0 },
          voice_minutes: { limit: TIER_LIMITS[tier].voiceSecondsPerDay / 60, used: 0 },
          videos: { limit: TIER_LIMITS[tier].videosPerDay, used: 0 },
          photos: {
            limit: PHOTOS_FAIR_USE_TIERS.includes(tier) ? null : TIER_LIMITS[tier].photosPerDay,
            used: 0,
          },
        },
      });

      for (let i = 1; i <= limit; i++)
        expect(await service.consumeMessage(row)).toMatchObject({ ok: true, count: i });
      expect(await service.consumeMessage(row)).toMatchObject({ ok: false, tier, limit });

      const res = await t.app.inject({
        url: '/api/user/message-limits',
        headers: bearer(session.access_token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        limit,
        count: limit,
        remaining: 0,
        allowed: false,
        is_limited: true,
        reset_time: { hours: 9, minutes: 0 }, // 12:00 UTC = 15:00 in Moscow
        user_type: tier,
      });
    },
  );

  it('20 concurrent consumes at a limit of 5: exactly 5 succeed', async () => {
    const { row } = await userWithTier('guest');
    const service = new LimitsService(new LimitsRepository(getDatabase().db), clock);
    const results = await Promise.all(Array.from({ length: 20 }, () => service.consumeMessage(row)));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.flatMap((r) => (r.ok ? [r.count] : [])).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
  });

  it('voice seconds are charged up to the limit, never past it, even all at once', async () => {
    const { row } = await userWithTier('free');
    const service = new LimitsService(new LimitsRepository(getDatabase().db), clock);
    const day = service.today();
    expect(await service.voiceSeconds(row)).toEqual({ day, limit: 60, used: 0, left: 60 });
    expect(await service.chargeVoiceSeconds(row.id, day, 25.4, 60)).toBe(25);
    // Twelve calls of 10 s at once: 35 s were left, 35 s are charged.
    await Promise.all(Array.from({ length: 12 }, () => service.chargeVoiceSeconds(row.id, day, 10, 60)));
    expect(await service.voiceSeconds(row)).toEqual({ day, limit: 60, used: 60, left: 0 });
    expect(await service.chargeVoiceSeconds(row.id, day, 5, 60)).toBe(60);
    // A first charge bigger than the limit, on another day, stops at it.
    expect(await service.chargeVoiceSeconds(row.id, '2030-01-01', 500, 60)).toBe(60);
    expect(await service.chargeVoiceSeconds(row.id, '2030-01-02', 0, 60)).toBe(0);
  });

  it('resets at 00:00 Europe/Moscow (21:00 UTC)', async () => {
    clock = new TestClock(new Date('2025-10-01T20:59:59Z'));
    const { row } = await userWithTier('guest');
    const service = new LimitsService(new LimitsRepository(getDatabase().db), clock);
    for (let i = 0; i < 5; i++) await service.consumeMessage(row);
    const refused = await service.consumeMessage(row);
    expect(refused).toMatchObject({ ok: false, reset: { hours: 0, minutes: 1 } });
    clock.advanceSeconds(1);
    expect(moscowDay(clock.now())).toBe('2025-10-02');
    expect(await service.consumeMessage(row)).toMatchObject({ ok: true, count: 1, day: '2025-10-02' });
    expect(untilMoscowMidnight(clock.now())).toEqual({ hours: 24, minutes: 0 });
  });

  it('the limits status says what is used: her companions and today’s messages and voice, per user and day', async () => {
    const { session, row } = await userWithTier('free');
    const other = await userWithTier('verified');
    const service = new LimitsService(new LimitsRepository(getDatabase().db), clock);
    await createCharacter(t.app, session.access_token);
    await createCharacter(t.app, session.access_token, { name: 'Вера' });
    for (let i = 0; i < 3; i++) await service.consumeMessage(row);
    await service.consume(row, 'voice_seconds', 60, 45);
    await service.consumeMessage(other.row);
    const status = async () =>
      (await t.app.inject({ url: '/api/user/limits/status', headers: bearer(session.access_token) })).json();
    expect(await status()).toEqual({
      tier: 'free',
      resources: {
        gfs: { limit: 3, used: 2 },
        messages: { limit: 10, used: 3 },
        voice_minutes: { limit: 1, used: 0.75 },
        videos: { limit: 0, used: 0 },
        photos: { limit: 5, used: 0 },
      },
    });
    // A new Moscow day: the daily counters start again, the companions stay.
    clock.advanceSeconds(24 * 3600);
    expect((await status()).resources).toMatchObject({
      gfs: { used: 2 },
      messages: { used: 0 },
      voice_minutes: { used: 0 },
    });
  });

  it('stats count only the user’s own messages; 401 without a session', async () => {
    const session = await guest(t.app);
    const res = await t.app.inject({ url: '/api/user/stats', headers: bearer(session.access_token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalMessages: 0 });
    expect(Date.parse(res.json<{ created_at: string }>().created_at)).not.toBeNaN();
    expect((await t.app.inject({ url: '/api/user/stats' })).statusCode).toBe(401);
  });
});

describe('moscowDay', () => {
  it('changes at Moscow midnight to the millisecond, whatever it was last asked', () => {
    expect(moscowDay(new Date('2025-10-01T20:59:59.000Z'))).toBe('2025-10-01');
    expect(moscowDay(new Date('2025-10-01T20:59:59.999Z'))).toBe('2025-10-01');
    expect(moscowDay(new Date('2025-10-01T21:00:00.000Z'))).toBe('2025-10-02');
    // Back in time, and within one minute again: never the day of the minute asked before.
    expect(moscowDay(new Date('2025-10-01T20:59:30.000Z'))).toBe('2025-10-01');
    expect(moscowDay(new Date('2025-10-01T21:00:30.000Z'))).toBe('2025-10-02');
    expect(moscowDay(new Date('2025-10-01T21:00:59.999Z'))).toBe('2025-10-02');
  });
});
