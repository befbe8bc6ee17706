import { createHash } from 'node:crypto';
import {
  type Brand,
  SUPPORT_MESSAGES,
  SUPPORT_REQUESTS_PER_HOUR,
  type SupportContactBody,
  type SupportContactResponse,
  supportIssueTypeOf,
} from '@podruga/shared';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { Clock } from '../../clock.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { errors } from '../../errors.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import type { Counters } from '../../plugins/rate-limit.ts';
import type { MailPort } from '../../providers/mail/port.ts';
import { normalizeEmail } from '../auth/email.ts';
import { tierOf } from '../limits/limits.service.ts';
import { supportRequestMail } from './support.mails.ts';
import type { SupportRepository } from './support.repository.ts';

/**
 * Mails one stored request to its brand's support address (payload: the request id, also the key).
 * A mail server that is down for a while: eight tries, 30 s doubling to about an hour apart.
 */
export const SUPPORT_MAIL_JOB = defineJob<{ id: string }>('support-mail', { attempts: 8, backoffMs: 30_000 });

const HOUR_S = 3600;
/** Requests left unmailed by a stopped process are queued again at start when younger than this. */
const RESUME_WINDOW_MS = 7 * 24 * HOUR_S * 1000;

/** Addresses are personal data: the counters keep a hash of the normalised address. */
const addressKey = (email: string) =>
  createHash('sha256').update(normalizeEmail(email)).digest('base64url').slice(0, 32);

/**
 * The support form (001 §5, §7): each request is stored before the answer, so nothing the user wrote
 * is lost, then mailed by a job to the brand's support address with the user's address as Reply-To.
 * At most SUPPORT_REQUESTS_PER_HOUR per user and per reply-to address (decision 0019).
 */
export class SupportService {
  private readonly perUser;
  private readonly perAddress;

  constructor(
    private readonly deps: {
      repo: SupportRepository;
      jobs: JobQueue;
      /** The port itself, not the dispatcher: a failed send must throw so the job is retried. */
      mailer: MailPort;
      brands: Brand[];
      counters: Counters;
      clock: Clock;
      log: Logger;
    },
  ) {
    const limit = { points: SUPPORT_REQUESTS_PER_HOUR, durationS: HOUR_S };
    this.perUser = deps.counters.create('support-user', limit);
    this.perAddress = deps.counters.create('support-address', limit);
    deps.jobs.handle(SUPPORT_MAIL_JOB, ({ id }) => this.mail(id));
  }

  async contact(user: UserRow, body: SupportContactBody, brand: Brand): Promise<SupportContactResponse> {
    const issueType = supportIssueTypeOf(body.issue_type.trim());
    // The schema's rules ran already; this only narrows the type.
    if (!issueType) throw errors.validation(SUPPORT_MESSAGES.issueTypeRequired);
    const email = body.email.trim();
    await this.take(brand, [
      [this.perUser, user.id],
      [this.perAddress, addressKey(email)],
    ]);
    const row = await this.deps.repo.insert({
      userId: user.id,
      issueType,
      email,
      message: body.message.trim(),
      brand: brand.id,
    });
    try {
      await this.deps.jobs.enqueue(SUPPORT_MAIL_JOB, { id: row.id }, `support-${row.id}`);
    } catch (error) {
      // Stored all the same: the next start queues it again (resume()).
      this.deps.log.error({ err: error, id: row.id }, 'support: mail not queued; the next start queues it');
    }
    return { status: 'success' };
  }

  /**
   * Sends the request's mail and marks it mailed; nothing to do when it was mailed already, so running
   * twice is harmless. Throws when the mail port fails, so the job is retried.
   */
  async mail(id: string): Promise<void> {
    const { repo, mailer, brands, clock } = this.deps;
    const found = await repo.findForMail(id);
    if (!found || found.request.mailedAt) return;
    const { request, user } = found;
    const brand = brands.find((b) => b.id === request.brand) ?? brands[0];
    if (!brand) throw new Error('no brand configured');
    const tier = user ? tierOf(user, clock.now()) : null;
    await mailer.send(supportRequestMail(brand, request, { user, tier }));
    await repo.markMailed(id, clock.now());
  }

  /** Queues the requests a stopped process left unmailed (server.ts, at start). */
  async resume(): Promise<void> {
    const { repo, jobs, clock, log } = this.deps;
    try {
      const since = new Date(clock.now().getTime() - RESUME_WINDOW_MS);
      for (const id of await repo.unmailedSince(since)) {
        await jobs.enqueue(SUPPORT_MAIL_JOB, { id }, `support-${id}`);
      }
    } catch (error) {
      log.warn({ err: error }, 'support: unmailed requests not queued; the next start queues them');
    }
  }

  private async take(brand: Brand, counters: Array<[RateLimiterAbstract, string]>): Promise<void> {
    for (const [counter, key] of counters) {
      try {
        await counter.consume(key, 1);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        throw errors.tooManyRequests(
          SUPPORT_MESSAGES.tooMany.replace('{email}', brand.supportEmail),
          rejection.msBeforeNext / 1000,
        );
      }
    }
  }
}
