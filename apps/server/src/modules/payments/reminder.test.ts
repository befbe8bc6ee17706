import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { bearer, register } from '../../test/http.ts';
import { DAY, grantsOf, order, sandboxPay } from '../../test/payments.ts';

/** The delayed jobs the app asked for, run by hand when the test has moved the clock. */
const waits: Array<{ ms: number; run: () => void }> = [];
const t = useTestApp({
  deps: {
    paymentStatusGapMs: 0,
    jobs: { schedule: (ms, run) => void waits.push({ ms, run }) },
  },
});

async function runDue(): Promise<void> {
  for (const wait of waits.splice(0)) wait.run();
  await t.app.jobs.idle();
  await t.app.mail.drain();
}

const endedMails = () => t.mailer.sent.filter((m) => m.subject.startsWith('Доступ Plus закончился'));

async function types(userId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ type: notifications.type })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
  return rows.map((r) => r.type);
}

describe('the end of paid access', () => {
  it('a reminder mail and a subscription_expired notification at the expiry, once', async () => {
    waits.length = 0;
    const { access_token: token, user_id: userId } = await register(t.app);
    await sandboxPay(t.app, await order(t.app, token, 'monthly'));
    expect(waits.map((w) => w.ms)).toEqual([30 * DAY]);

    t.clock.advanceSeconds(30 * 24 * 3600 + 1);
    await runDue();
    expect(endedMails()).toHaveLength(1);
    expect(endedMails()[0]?.to).toBe('anna@mail.ru');
    expect(endedMails()[0]?.text).toContain('/plus');
    expect(await types(userId)).toEqual(['payment_success', 'subscription_expired']);
    const [grant] = await grantsOf(t.database, userId);
    expect(grant?.remindedAt).toEqual(t.clock.now());

    // The job runs again (a retry, another instance, a restart's resume): nothing more is sent.
    await t.app.payments.remindAccessEnded({ userId, expiry: grant?.plusExpiryAfter.toISOString() ?? '' });
    await t.app.payments.resume();
    await runDue();
    expect(endedMails()).toHaveLength(1);
  });

  it('nothing is sent when access was extended before the old expiry', async () => {
    waits.length = 0;
    const { access_token: token } = await register(t.app);
    await sandboxPay(t.app, await order(t.app, token, 'monthly'));
    t.clock.advanceSeconds(10 * 24 * 3600);
    await sandboxPay(t.app, await order(t.app, token, 'monthly'));
    // The first job at day 30, the second at day 60 (20 + 30 days from now).
    expect(waits.map((w) => w.ms)).toEqual([30 * DAY, 50 * DAY]);
    const [first, second] = waits.splice(0);
    t.clock.advanceSeconds(20 * 24 * 3600 + 1);
    first?.run();
    await t.app.jobs.idle();
    await t.app.mail.drain();
    expect(endedMails()).toEqual([]);
    t.clock.advanceSeconds(30 * 24 * 3600);
    second?.run();
    await t.app.jobs.idle();
    await t.app.mail.drain();
    expect(endedMails()).toHaveLength(1);
  });

  it('a job woken before the expiry waits again for the rest; a cancelled Plus gets no reminder', async () => {
    waits.length = 0;
    const { access_token: token } = await register(t.app);
    await sandboxPay(t.app, await order(t.app, token, 'monthly'));
    t.clock.advanceSeconds(10 * 24 * 3600);
    await runDue();
    expect(endedMails()).toEqual([]);
    expect(waits.map((w) => w.ms)).toEqual([20 * DAY]);

    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/payment/cancel-subscription',
      headers: bearer(token),
    });
    expect(cancel.statusCode).toBe(200);
    t.clock.advanceSeconds(20 * 24 * 3600 + 1);
    await runDue();
    expect(endedMails()).toEqual([]);
  });

  it('at start, reminders not yet sent are queued again from the grants', async () => {
    waits.length = 0;
    const { access_token: token } = await register(t.app);
    await sandboxPay(t.app, await order(t.app, token, 'quarterly'));
    await t.rebuild({
      deps: { paymentStatusGapMs: 0, jobs: { schedule: (ms, run) => void waits.push({ ms, run }) } },
    });
    waits.length = 0;
    await t.app.payments.resume();
    expect(waits.map((w) => w.ms)).toEqual([90 * DAY]);
    t.clock.advanceSeconds(90 * 24 * 3600);
    await runDue();
    expect(endedMails()).toHaveLength(1);
  });
});
