import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { describePaymentModes } from './providers/payments/index.ts';

/**
 * Reads the environment, migrates, finishes the replies a killed process left streaming, seeds the
 * catalogue, listens, and on SIGINT/SIGTERM closes cleanly: new messages refused, replies in flight
 * given up to 10 s, the rest stored as interrupted (docs/decisions/0007), running jobs given 10 s.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp(config, { database });
  // PGlite belongs to this one process: every reply still streaming was left by a killed one. On
  // PostgreSQL other instances may be streaming: only stale checkpoints are finished (and later ones
  // on a timer or when their chat is read).
  const recovered = await app.replies.recover(database.kind === 'pglite' ? 0 : undefined);
  if (recovered.interrupted + recovered.removed > 0) {
    app.log.warn(recovered, 'replies left streaming by a stopped process were finished');
  }

  // Upserts the ready-made companions and queues their missing portraits: drawn off the request path.
  await app.catalogue.seed();
  // Support requests stored but not mailed when a process stopped: mailed now.
  await app.support.resume();
  // End-of-access reminders of grants not reminded yet (in-process jobs do not survive a restart).
  await app.payments.resume();
  // Her photos and videos being made when the last process stopped (issue 14).
  await app.herMedia.resume();
  // Voice calls a stopped process left active: closed when past their end, else watched again (issue 15).
  await app.voiceCalls.resume();
  // The video preview's 20 clips (001 §3), made once from the ready-made companions.
  if (config.previewClips > 0) await app.previews.seed(config.previewClips);

  for (const provider of [...Object.values(app.providers), app.jobs]) {
    if (provider.offline) app.log.warn(provider.describe());
    else app.log.info(provider.describe());
  }
  // Per payment method: real, sandbox (test payments, never in production) or off.
  const modes = describePaymentModes(app.payments.modes);
  if (Object.values(app.payments.modes).some((m) => m.mode !== 'real')) app.log.warn(modes);
  else app.log.info(modes);
  if (!config.publicUrl && Object.values(app.payments.modes).some((m) => m.mode === 'real')) {
    app.log.warn(
      'payments: PUBLIC_URL is unset, so providers are given callback addresses of the request host',
    );
  }
  app.log.info(
    database.kind === 'pglite'
      ? `database: embedded PGlite in ${config.dataDir}/pglite`
      : 'database: PostgreSQL',
  );
  if (database.kind === 'postgres' && !config.redisUrl) {
    // Several instances share rate limits, jobs and socket rooms only through Redis (docs/decisions/0026).
    app.log.warn("REDIS_URL is unset: limits, jobs and sockets are this process's own; run one instance");
  }

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const shown =
    config.host === '0.0.0.0' || config.host === '::' ? `http://localhost:${config.port}` : address;
  app.log.info(`Podruga is running at ${shown}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
