/**
 * npm run topology — the multi-instance topology of issue 17 on this machine, for a person: a fresh
 * PostgreSQL database, Redis under a prefix of its own, a local S3 server, two instances of the built
 * app and HAProxy in front (e2e/support/topology.ts). Prints the balancer's address and the instances,
 * then runs until Ctrl-C, when it stops everything and removes what it made.
 *
 *   --port 8090   the balancer's port (default: a free one)
 *   --logs        the instances' and the balancer's output, as it comes, prefixed by who wrote it
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { INSTANCE_NAMES, startTopology, topologyMissing } from '../e2e/support/topology.ts';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string' },
    logs: { type: 'boolean', default: false },
  },
});

async function main() {
  if (!existsSync(new URL('../apps/server/dist/server.js', import.meta.url))) {
    throw new Error('Build the app first: npm run build');
  }
  const missing = await topologyMissing();
  if (missing) throw new Error(missing);
  console.log('Starting PostgreSQL database, Redis prefix, S3 server, two instances and HAProxy…');
  const topology = await startTopology({
    ...(args.port ? { port: Number(args.port) } : {}),
    requestLog: args.logs,
    env: { LOG_LEVEL: 'info' },
  });
  console.log(`
Podruga behind HAProxy: ${topology.url}

  instance   address                    pid       data folder
${topology.instances.map((i) => `  ${i.name.padEnd(9)}  ${i.url.padEnd(25)}  ${String(i.pid()).padEnd(8)}  ${i.dataDir}`).join('\n')}

  PostgreSQL ${topology.databaseUrl}
  Redis      ${topology.redisUrl}, keys under ${topology.redisPrefix}
  S3         ${topology.s3.endpoint}, bucket ${topology.s3.bucket}

Round robin; the cookie pin=a or pin=b sends a browser to one instance; X-Instance says who answered.
Ctrl-C stops everything.`);

  if (args.logs) {
    const printed = new Map<string, number>();
    const sources = [
      ...topology.instances.map((i) => ({ name: i.name, logs: i.logs })),
      { name: 'haproxy', logs: topology.balancerLogs },
    ];
    setInterval(() => {
      for (const { name, logs } of sources) {
        const text = logs();
        const from = printed.get(name) ?? 0;
        if (text.length <= from) continue;
        printed.set(name, text.length);
        for (const line of text.slice(from).split('\n').filter(Boolean)) console.log(`${name} | ${line}`);
      }
    }, 250);
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await topology.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // A dead instance is told, not hidden: the balancer passes it over, the person should know.
  const last: Record<string, string> = { a: 'UP', b: 'UP' };
  setInterval(async () => {
    const pool = await topology.pool().catch(() => undefined);
    for (const name of INSTANCE_NAMES) {
      if (!pool || pool[name] === last[name]) continue;
      last[name] = pool[name];
      console.log(`instance ${name}: ${pool[name]} in the balancer's pool`);
    }
  }, 1000);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
