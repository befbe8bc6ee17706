import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import { type AppDeps, buildApp } from '../app.ts';
import type { Clock } from '../clock.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mail, MailPort } from '../providers/mail/port.ts';
import { useTestDatabase } from './db.ts';

/** Keeps sent mail in memory for assertions. */
export class MemoryMailer implements MailPort {
  readonly adapter = 'memory';
  readonly offline = true;
  readonly sent: Mail[] = [];
  describe = () => 'mail: kept in memory (tests)';
  send = async (mail: Mail) => void this.sent.push(mail);
  close = async () => {};
}

/** A clock tests move forward to expire tokens. */
export class TestClock implements Clock {
  constructor(private current = new Date('2025-10-01T12:00:00Z')) {}
  now = () => new Date(this.current);
  advanceSeconds(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

/** A valid config for tests: temp DATA_DIR, fixed secret, silent log, no web app unless asked. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'podruga-test-')),
    JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(tmpdir(), 'podruga-no-web-dist'),
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  mailer: MemoryMailer;
  clock: TestClock;
  /** Every onGuestMigrated call, in order. */
  guestMigrations: Array<{ guestUserId: string; accountUserId: string }>;
}

export async function buildTestApp(
  database: Database,
  options: { env?: Record<string, string>; deps?: AppDeps } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const mailer = new MemoryMailer();
  const clock = new TestClock();
  const guestMigrations: TestApp['guestMigrations'] = [];
  const app = await buildApp(config, {
    database,
    mailer,
    clock,
    onGuestMigrated: (guestUserId, accountUserId) =>
      void guestMigrations.push({ guestUserId, accountUserId }),
    // With REDIS_URL, BullMQ queues of their own: no test takes another's (or a dev server's) jobs.
    jobs: { prefix: `test-jobs-${randomBytes(4).toString('hex')}`, ephemeral: true },
    ...options.deps,
  });
  return { app, config, mailer, clock, guestMigrations };
}

export interface UsedTestApp extends TestApp {
  /** The file's test database (emptied before each test). */
  database: Database;
  /** Closes the app and builds a new one on the same database (a restart, or a config change). */
  rebuild(options?: { env?: Record<string, string>; deps?: AppDeps }): Promise<void>;
}

/**
 * A fresh app for each test of the file, on the file's test database, closed after it. The returned
 * object is filled in before each test: `const t = useTestApp(); … t.app.inject(…)`.
 */
export function useTestApp(options: { env?: Record<string, string>; deps?: AppDeps } = {}): UsedTestApp {
  const database = useTestDatabase();
  const t = {} as UsedTestApp;
  t.rebuild = async (next = options) => {
    await t.app?.close();
    Object.assign(t, await buildTestApp(database(), next));
  };
  beforeEach(async () => {
    t.database = database();
    Object.assign(t, await buildTestApp(t.database, options));
  });
  afterEach(async () => {
    await t.app?.close();
  });
  return t;
}
