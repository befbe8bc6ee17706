import {
  PUSH_MAX_SUBSCRIPTIONS,
  PUSH_MESSAGES,
  type PushPayload,
  type PushStatusResponse,
  type PushSubscribeBody,
  type PushSubscribeResponse,
  type PushTestResponse,
  type VapidKeyResponse,
} from '@podruga/shared';
import type { Clock } from '../../clock.ts';
import type { PushSubscriptionRow, UserRow } from '../../db/schema/index.ts';
import { errors } from '../../errors.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import { checkEndpoint, checkKeys, endpointAllowed } from './endpoint.ts';
import { presentSubscription } from './push.presenter.ts';
import type { PushRepository } from './push.repository.ts';
import { type PushResult, sendPush } from './sender.ts';
import type { VapidKeys } from './vapid.ts';

/**
 * One push to one subscription. Retried on 429, 5xx and network errors with the queue's backoff
 * (30 s, 1 min, 2 min, 4 min); a 404/410 deletes the subscription.
 */
export const PUSH_SEND_JOB = defineJob<{ subscription_id: string; payload: PushPayload }>('push-send', {
  attempts: 5,
  backoffMs: 30_000,
  concurrency: 4,
});

export const PUSH_TEST_TEXTS = {
  title: 'Проверка уведомлений',
  body: 'Всё работает: так будут выглядеть уведомления от подруги 💌',
};

/** Only letters, digits, `_`, `-`, `.` make a job key. */
const keyPart = (value: string) => value.replace(/[^\w.-]/g, '_').slice(0, 80);

export interface PushServiceDeps {
  repo: PushRepository;
  jobs: JobQueue;
  clock: Clock;
  log: Logger;
  vapid: VapidKeys;
  /** PUSH_EXTRA_HOSTS: host[:port] entries accepted besides the browsers' push services. */
  extraHosts: readonly string[];
}

/** Web Push (001 §7 push rows): subscriptions per browser, and the sending of pushes to them. */
export class PushService {
  constructor(private readonly deps: PushServiceDeps) {
    deps.jobs.handle(PUSH_SEND_JOB, ({ subscription_id, payload }) => this.runSend(subscription_id, payload));
  }

  vapidKey(): VapidKeyResponse {
    return { public_key: this.deps.vapid.publicKey, supported: true };
  }

  async subscribe(user: UserRow, body: PushSubscribeBody): Promise<PushSubscribeResponse> {
    checkEndpoint(body.endpoint, this.deps.extraHosts);
    checkKeys(body.keys);
    const browserInfo: Record<string, string> = {};
    for (const [key, value] of Object.entries(body.browser_info ?? {})) {
      if (typeof value === 'string' && value) browserInfo[key] = value;
    }
    const row = await this.deps.repo.upsert({
      userId: user.id,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      browserInfo,
    });
    // Beyond the cap the oldest browsers go: a user re-installing keeps getting pushes on the newest.
    const all = await this.deps.repo.listByUser(user.id);
    const excess = all
      .filter((s) => s.id !== row.id)
      .slice(0, Math.max(0, all.length - PUSH_MAX_SUBSCRIPTIONS));
    await this.deps.repo.deleteIds(excess.map((s) => s.id));
    return { success: true, subscription_id: row.id };
  }

  /** Only the user's own subscription; another user's endpoint or an unknown one is a 404. */
  async unsubscribe(user: UserRow, endpoint: string): Promise<{ success: boolean }> {
    if (!(await this.deps.repo.deleteOwned(user.id, endpoint))) throw errors.notFound();
    return { success: true };
  }

  async status(user: UserRow): Promise<PushStatusResponse> {
    const rows = await this.deps.repo.listByUser(user.id);
    return {
      subscribed: rows.length > 0,
      subscription_count: rows.length,
      subscriptions: rows.map(presentSubscription),
    };
  }

  /** The profile's test button: sent at once (not queued), so the answer says whether it arrived. */
  async test(user: UserRow): Promise<PushTestResponse> {
    const rows = await this.deps.repo.listByUser(user.id);
    if (rows.length === 0) return { success: false, message: PUSH_MESSAGES.testNoSubscription };
    const payload: PushPayload = { ...PUSH_TEST_TEXTS, url: '/profile', tag: 'test', type: 'test' };
    const results = await Promise.all(rows.map((row) => this.sendTo(row, payload)));
    return results.some((r) => r.kind === 'sent')
      ? { success: true, message: PUSH_MESSAGES.testSent }
      : { success: false, message: PUSH_MESSAGES.testFailed };
  }

  /** Queues `payload` for every subscription of the user (one read; the sends are jobs). */
  async deliver(userId: string, payload: PushPayload, key: string): Promise<number> {
    const rows = await this.deps.repo.listByUser(userId);
    for (const row of rows) {
      await this.deps.jobs.enqueue(
        PUSH_SEND_JOB,
        { subscription_id: row.id, payload },
        `${row.id}.${keyPart(key)}`,
      );
    }
    return rows.length;
  }

  /** The job: reads the subscription first (deleted meanwhile → nothing to do); throws to be retried. */
  private async runSend(subscriptionId: string, payload: PushPayload): Promise<void> {
    const row = await this.deps.repo.find(subscriptionId);
    if (!row) return;
    const result = await this.sendTo(row, payload);
    if (result.kind === 'retry') {
      const after = result.retryAfterS === null ? '' : `; Retry-After ${result.retryAfterS} s`;
      throw new Error(`push service answered ${result.status ?? 'no response'}${after}`);
    }
  }

  private async sendTo(row: PushSubscriptionRow, payload: PushPayload): Promise<PushResult> {
    const { repo, log, vapid, extraHosts, clock } = this.deps;
    if (!endpointAllowed(row.endpoint, extraHosts)) {
      await repo.deleteIfEndpoint(row.id, row.endpoint);
      return { kind: 'gone', status: 0 };
    }
    let result: PushResult;
    try {
      result = await sendPush(row, payload, vapid, {
        urgency: payload.type === 'new_message' ? 'high' : 'normal',
      });
    } catch (error) {
      // The keys could not be encrypted to: the subscription can never work.
      log.warn({ err: error, subscriptionId: row.id }, 'push: unusable subscription removed');
      await repo.deleteIfEndpoint(row.id, row.endpoint);
      return { kind: 'gone', status: 0 };
    }
    if (result.kind === 'sent') await repo.markSuccess(row.id, clock.now());
    else if (result.kind === 'gone') await repo.deleteIfEndpoint(row.id, row.endpoint);
    else if (result.kind === 'refused') {
      log.warn({ status: result.status, subscriptionId: row.id }, 'push: refused by the push service');
    }
    return result;
  }
}
