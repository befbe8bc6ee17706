/**
 * What the stream benches start and drive: the servers under test (the app on PGlite, PostgreSQL, with
 * Redis, as a cluster, or the bare relay), pinned to the server's core, and the guests they chat as.
 * Shared by main.ts (the relay under load) and request-cost.ts (the CPU of a chat request).
 */
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { clearRedisPrefix, REDIS_URL, startTopology } from '../../e2e/support/topology.ts';
import { cpuSecondsOf, rssMb, rssMbOf } from '../lib/proc.ts';
import {
  APP_PROCESS_ENV,
  appNodeArgs,
  ROOT,
  type StartedProcess,
  startApp,
  startNode,
} from '../lib/server.ts';
import { connectClients, disconnectAll, type Guest, runWave, seedGuests, type TargetKind } from './load.ts';

export const SERVER_CPU = '1';
export const LOAD_CPU = '0';

export const log = (line: string) => process.stderr.write(`${line}\n`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function control(upstream: StartedProcess, settings: { tokens: number; rate: number }) {
  await fetch(`${upstream.url}/control`, { method: 'POST', body: JSON.stringify(settings) });
}

/**
 * A fresh PostgreSQL database for one run, or undefined (with the reason logged) when none answers.
 * It is dropped by force first: two runs at once on one PostgreSQL need their own BENCH_DATABASE_NAME,
 * or the second start kills the first's server.
 */
export function freshPostgres(): string | undefined {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const name = process.env.BENCH_DATABASE_NAME ?? 'podruga_bench';
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DATABASE_NAME: not a plain name: ${name}`);
  try {
    for (const sql of [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`]) {
      execFileSync('psql', [`${base}/postgres`, '-q', '-c', sql], { stdio: 'pipe' });
    }
    return `${base}/${name}`;
  } catch (error) {
    log(`PostgreSQL skipped: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  }
}

export interface Target {
  url: string;
  /** The processes measured: the server, or both instances of the cluster (CPU and RSS summed). */
  pids: number[];
  /** The balancer in front of the cluster: on the load generator's core, its CPU reported apart. */
  balancerPid?: number;
  /** RSS 3 s after the first start's work (catalogue portraits drawn), before the restart. */
  firstStartRssMb?: number;
  stop(): Promise<void>;
}

/**
 * Every app target runs without making the video preview's 20 clips: a deployment makes them once, at
 * its first start, and they are static files after it. Left on, the restarted server rendered them in its
 * worker thread through the idle and the first waves (about 100 s of one core and 50 MB), and the bench
 * charged that to the chat.
 */
const appEnv = (upstreamUrl: string) => ({
  PREVIEW_CLIPS: 'off',
  // The guard model (issue 27) is on by default with a chat model: a second, non-streamed call per turn
  // and per reply. Off here, the bench compares the relay with the builds before it; BENCH_MODERATION=guard
  // measures the app with it (the fake upstream answers it "safe").
  MODERATION_PROVIDER: process.env.BENCH_MODERATION ?? 'offline',
  LLM_PROVIDER: 'openai',
  LLM_BASE_URL: upstreamUrl,
  LLM_MODEL: 'bench',
  LLM_TIMEOUT_MS: '60000',
});

/**
 * The app starts twice on the same data: the first start creates the database and draws the catalogue
 * portraits (work done once in a deployment's life); what is measured is the restarted server, as it
 * runs from then on. The bare relay starts once.
 */
export async function startTarget(target: string, upstreamUrl: string): Promise<Target | undefined> {
  if (target === 'bare') {
    const server = await startNode({
      script: join(ROOT, 'bench/stream/bare-relay.ts'),
      cpus: SERVER_CPU,
      readyPath: '/health',
      // The app's own flags and environment: the same run compares code, not settings.
      nodeArgs: appNodeArgs(),
      env: { UPSTREAM_URL: upstreamUrl, NODE_ENV: 'production', ...APP_PROCESS_ENV },
    });
    return { url: server.url, pids: [server.pid], stop: () => server.stop() };
  }
  if (target === 'cluster') return startCluster(upstreamUrl);
  const env: Record<string, string> = appEnv(upstreamUrl);
  let databaseUrl: string | undefined;
  if (target === 'postgres' || target === 'postgres-redis') {
    databaseUrl = freshPostgres();
    if (!databaseUrl) return undefined;
  }
  const redisPrefix = `bench-${Date.now().toString(36)}`;
  if (target === 'postgres-redis') {
    // As the cluster's instances run: Redis for rate limits, rooms and jobs.
    Object.assign(env, { REDIS_URL, REDIS_PREFIX: redisPrefix });
  }
  const options = { cpus: SERVER_CPU, env, ...(databaseUrl ? { databaseUrl } : {}) };
  const first = await startApp(options);
  await catalogueReady(first.url);
  await sleep(3000);
  const firstStartRssMb = rssMb(first.pid);
  await first.halt();
  const server = await startApp({ ...options, dataDir: first.dataDir });
  return {
    url: server.url,
    pids: [server.pid],
    firstStartRssMb,
    async stop() {
      await server.stop();
      if (target === 'postgres-redis') await clearRedisPrefix(REDIS_URL, redisPrefix);
    },
  };
}

/**
 * Two instances behind HAProxy (e2e/support/topology.ts), started as `npm start` runs the app: both on
 * the server's core (the app has one core, as a single instance has), HAProxy on the load generator's.
 * Restarted once the first start's work is done, as a single instance is.
 */
async function startCluster(upstreamUrl: string): Promise<Target> {
  const topology = await startTopology({
    cpus: { a: SERVER_CPU, b: SERVER_CPU, balancer: LOAD_CPU },
    nodeArgs: appNodeArgs(),
    env: { NODE_ENV: 'production', ...APP_PROCESS_ENV, ...appEnv(upstreamUrl) },
    requestLog: false,
  });
  try {
    const pids = () => topology.instances.map((i) => i.pid() ?? 0);
    await catalogueReady(topology.url);
    await sleep(3000);
    const firstStartRssMb = rssMbOf(pids());
    for (const instance of topology.instances) await instance.restart('graceful');
    for (const name of ['a', 'b'] as const) await topology.waitForPool(name, 'UP');
    const balancerPid = topology.balancerPid();
    return {
      url: topology.url,
      pids: pids(),
      ...(balancerPid ? { balancerPid } : {}),
      firstStartRssMb,
      stop: () => topology.stop(),
    };
  } catch (error) {
    await topology.stop();
    throw error;
  }
}

let nextAddress = 1;

/**
 * A fresh app draws its catalogue portraits at start, by a job off the request path (decision 0013):
 * "idle" and the restart are measured once every portrait is drawn, so no drawing overlaps a measurement.
 */
export async function catalogueReady(url: string) {
  const headers = { 'x-forwarded-for': '10.255.255.254' };
  const guest = (await (await fetch(`${url}/api/auth/anonymous`, { method: 'POST', headers })).json()) as {
    access_token: string;
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    const { items } = (await (
      await fetch(`${url}/api/catalogue`, {
        headers: { ...headers, authorization: `Bearer ${guest.access_token}` },
      })
    ).json()) as { items: Array<{ image: string | null }> };
    if (items.length > 0 && items.every((item) => item.image !== null)) return;
    if (Date.now() > deadline) throw new Error('the catalogue portraits were not drawn within 3 minutes');
    await sleep(250);
  }
}

/** RSS of a Node process that has loaded nothing: the runtime's own floor on this machine. */
export async function nodeFloorRssMb(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], { stdio: 'ignore' });
  await sleep(1500);
  const rss = child.pid ? rssMb(child.pid) : Number.NaN;
  child.kill();
  return rss;
}

/**
 * Before anything is measured: 20 clients, three fast replies each and one at the normal rate, so the
 * JIT has compiled the hot paths and the pools are open in every target alike.
 */
export async function warmUp(
  kind: TargetKind,
  server: Target,
  upstream: StartedProcess,
  load: { tokens: number; rate: number; content: string },
) {
  const { tokens, rate, content } = load;
  const { guests } = await guestsFor(kind, server, 20);
  const clients = await connectClients(kind, server.url, guests);
  await control(upstream, { tokens, rate: 0 });
  await runWave(clients, { replies: 3, staggerMs: 100, content });
  await control(upstream, { tokens, rate });
  await runWave(clients, { replies: 1, staggerMs: 100, content });
  disconnectAll(clients);
  await sleep(1000);
}

export async function guestsFor(kind: TargetKind, server: Target, count: number) {
  if (kind === 'bare') {
    return {
      guests: Array.from({ length: count }, (_, i): Guest => ({ token: '', chatId: `bare-${i}` })),
      setupCpuMs: 0,
    };
  }
  const cpu = cpuSecondsOf(server.pids);
  const guests = await seedGuests(server.url, count, nextAddress);
  nextAddress += count;
  // Each guest is three requests: the guest session, the catalogue (once) and the adoption.
  return { guests, setupCpuMs: ((cpuSecondsOf(server.pids) - cpu) * 1000) / count };
}
