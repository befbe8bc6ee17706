import { AFFILIATE, type AffiliateReport } from '@podruga/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { bearer, expectError, form, register } from '../../test/http.ts';
import { DAY, order, sandboxPay } from '../../test/payments.ts';

const t = useTestApp({ env: { ADMIN_EMAILS: 'Boss@Example.com, other@example.com' } });

async function visit(code: string, remoteAddress = '10.7.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/affiliates/visit', payload: { code }, remoteAddress });
}

const touch = (code: string, visitId?: string) => ({
  [AFFILIATE.codeHeader]: code,
  ...(visitId ? { [AFFILIATE.visitHeader]: visitId } : {}),
});

async function guestWith(headers: Record<string, string>, remoteAddress: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/anonymous', headers, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ access_token: string; user_id: string }>();
}

async function touchOf(userId: string) {
  const [row] = await t.database.db
    .select({ code: users.affiliateCode, at: users.affiliateAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

async function admin() {
  const session = await register(t.app, { email: 'boss@example.com' });
  await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, session.user_id));
  return session.access_token;
}

describe('affiliate links', () => {
  it('counts a visit and refuses what is not a code', async () => {
    const ok = await visit('Blogger_42');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ code: 'blogger_42', visit_id: expect.any(String) });
    for (const bad of ['', 'a b', '../etc', 'x'.repeat(65), 'код']) {
      expectError(await visit(bad), 400, 'validation_failed', 'Неверный партнёрский код');
    }
  });

  it("keeps the account's first touch: the guest's code survives the sign-up and any later link", async () => {
    const { visit_id } = (await visit('first')).json<{ visit_id: string }>();
    const session = await guestWith(touch('first', visit_id), '10.7.1.1');
    const first = await touchOf(session.user_id);
    expect(first?.code).toBe('first');

    const body = form({ name: 'Анна', email: 'anna@mail.ru', password: 'secret123', consent: 'true' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...body,
      headers: { ...body.headers, ...bearer(session.access_token), ...touch('second') },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await touchOf(session.user_id)).toEqual(first);
  });

  it('takes the visit’s own time, ignores a visit of another code, and a touch older than 30 days', async () => {
    const { visit_id } = (await visit('late')).json<{ visit_id: string }>();
    t.clock.advanceSeconds((AFFILIATE.attributionDays + 1) * 86_400);
    const stale = await guestWith(touch('late', visit_id), '10.7.2.1');
    expect((await touchOf(stale.user_id))?.code).toBeNull();

    // Another code's visit proves nothing: the touch counts from now.
    const fresh = await guestWith(touch('late2', visit_id), '10.7.2.2');
    expect(await touchOf(fresh.user_id)).toEqual({ code: 'late2', at: t.clock.now() });
    // Junk in the headers is ignored, and the request goes on.
    const junk = await guestWith(
      { [AFFILIATE.codeHeader]: '<script>', [AFFILIATE.visitHeader]: 'x' },
      '10.7.2.3',
    );
    expect((await touchOf(junk.user_id))?.code).toBeNull();
  });

  it('reports visits, sign-ups, payments and revenue per code to an admin only', async () => {
    const { visit_id } = (await visit('promo')).json<{ visit_id: string }>();
    await visit('promo', '10.7.3.2');
    await visit('nobody', '10.7.3.3');
    // A buyer who came through the link: the touch rides on the payment itself.
    const buyer = await register(t.app, { email: 'buyer@mail.ru' });
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payment/platega/create',
      headers: { ...bearer(buyer.access_token), ...touch('promo', visit_id) },
      payload: { plan_type: 'monthly' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await sandboxPay(t.app, paid.json<{ order_id: string }>().order_id);
    // A payment after the window is not the code's.
    const late = await register(t.app, { email: 'late@mail.ru' });
    await t.database.db
      .update(users)
      .set({ affiliateCode: 'promo', affiliateAt: new Date(t.clock.now().getTime() - 40 * DAY) })
      .where(eq(users.id, late.user_id));
    await sandboxPay(t.app, await order(t.app, late.access_token));

    const report = await t.app.inject({ url: '/api/admin/affiliates', headers: bearer(await admin()) });
    expect(report.statusCode, report.body).toBe(200);
    const rows = report.json<AffiliateReport>().codes;
    expect(rows.find((r) => r.code === 'promo')).toMatchObject({
      visits: 2,
      users: 2,
      signups: 2,
      payments: 1,
      revenue: { RUB: 1090 },
    });
    expect(rows.find((r) => r.code === 'nobody')).toMatchObject({ visits: 1, users: 0, payments: 0 });
  });

  it('refuses the report to anyone else: a guest, an account, an admin address not confirmed', async () => {
    const guestRes = await guestWith({}, '10.7.4.1');
    const asGuest = await t.app.inject({
      url: '/api/admin/affiliates',
      headers: bearer(guestRes.access_token),
    });
    expect(asGuest.statusCode).toBe(403);
    const member = await register(t.app, { email: 'member@mail.ru' });
    expectError(
      await t.app.inject({ url: '/api/admin/affiliates', headers: bearer(member.access_token) }),
      403,
      'forbidden',
      'Эта страница доступна только администраторам',
    );
    const unconfirmed = await register(t.app, { email: 'other@example.com' });
    const res = await t.app.inject({
      url: '/api/admin/affiliates',
      headers: bearer(unconfirmed.access_token),
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/affiliates' })).statusCode).toBe(401);
  });

  it("shows the job queue's depths and failures to an admin only (issue 17)", async () => {
    const member = await register(t.app, { email: 'member2@mail.ru' });
    const refused = await t.app.inject({ url: '/api/admin/jobs', headers: bearer(member.access_token) });
    expect(refused.statusCode).toBe(403);
    const res = await t.app.inject({ url: '/api/admin/jobs', headers: bearer(await admin()) });
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json<{ runner: string; kinds: Array<{ name: string }>; failures: unknown[] }>();
    expect(stats.runner).toBe('in-process');
    expect(stats.kinds.map((k) => k.name)).toEqual(expect.arrayContaining(['her-media']));
    expect(Array.isArray(stats.failures)).toBe(true);
  });
});
