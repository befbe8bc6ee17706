import {
  AFFILIATE,
  type AffiliateReport,
  affiliateTouchFresh,
  normalizeAffiliateCode,
} from '@podruga/shared';
import type { Clock } from '../../clock.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { isUuid } from '../../validation.ts';
import { requireAdmin } from '../admin/admins.ts';
import type { AffiliatesRepository } from './affiliates.repository.ts';

/** What a request carries of the device's stored touch (the web app's headers). */
export interface AffiliateTouch {
  code: unknown;
  visit?: unknown;
}

export const AFFILIATE_ERRORS = {
  badCode: 'Неверный партнёрский код',
} as const;

/**
 * Affiliate links (issue 16): visits counted per code, the account's first touch kept (the first code
 * that reaches it, within 30 days of the visit), and the admins' report. Attaching never fails the
 * request it rides on: a bad or stale code is ignored.
 */
export class AffiliatesService {
  constructor(
    private readonly deps: {
      repo: AffiliatesRepository;
      clock: Clock;
      log: Logger;
      adminEmails: readonly string[];
    },
  ) {}

  async recordVisit(rawCode: string): Promise<{ visit_id: string; code: string }> {
    const code = normalizeAffiliateCode(rawCode);
    if (!code) throw new AppError(400, 'validation_failed', AFFILIATE_ERRORS.badCode);
    const visit = await this.deps.repo.insertVisit(code, this.deps.clock.now());
    return { visit_id: visit.id, code };
  }

  /**
   * Gives the account the device's touch if it has none yet. The touch's time is its recorded visit's
   * (when the visit is of the same code), else now; a touch older than the window is not attached.
   */
  async attach(user: Pick<UserRow, 'id' | 'affiliateCode'>, touch: AffiliateTouch): Promise<void> {
    if (user.affiliateCode) return;
    const code = normalizeAffiliateCode(touch.code);
    if (!code) return;
    try {
      const now = this.deps.clock.now();
      let at = now;
      if (typeof touch.visit === 'string' && isUuid(touch.visit)) {
        const visit = await this.deps.repo.visit(touch.visit);
        if (visit && visit.code === code) at = visit.createdAt;
      }
      if (!affiliateTouchFresh(at.getTime(), now.getTime())) return;
      await this.deps.repo.attach(user.id, code, at);
    } catch (error) {
      // The request this rides on (a registration, a payment) goes on without it.
      this.deps.log.warn({ err: error }, 'affiliate touch not attached');
    }
  }

  async report(user: UserRow): Promise<AffiliateReport> {
    requireAdmin(user, this.deps.adminEmails);
    const counts = await this.deps.repo.counts(AFFILIATE.attributionDays);
    const codes = new Set([...counts.visits.keys(), ...counts.users.keys(), ...counts.payments.keys()]);
    const rows = [...codes].map((code) => {
      const visits = counts.visits.get(code);
      const people = counts.users.get(code);
      const paid = counts.payments.get(code);
      return {
        code,
        visits: visits?.visits ?? 0,
        users: people?.users ?? 0,
        signups: people?.signups ?? 0,
        payments: paid?.payments ?? 0,
        revenue: paid?.revenue ?? {},
        last_visit_at: visits?.lastVisitAt?.toISOString() ?? null,
      };
    });
    rows.sort(
      (a, b) => (b.last_visit_at ?? '').localeCompare(a.last_visit_at ?? '') || a.code.localeCompare(b.code),
    );
    return { codes: rows };
  }
}

/** The touch a request carries in the web app's headers. */
export function touchOf(headers: Record<string, string | string[] | undefined>): AffiliateTouch {
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  return { code: one(headers[AFFILIATE.codeHeader]), visit: one(headers[AFFILIATE.visitHeader]) };
}
