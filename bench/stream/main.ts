/**
 * npm run bench:stream — the streaming relay under load (DESIGN §8, issue 5).
 *
 * The server under test is pinned to core 1; the fake upstream and this load generator share core 0.
 * For each target and each N, N clients chat at once; the same run calls the upstream directly for the
 * baseline. Targets: pglite (the app on PGlite), postgres (on PostgreSQL), postgres-redis (on PostgreSQL
 * with Redis: one instance as a deployment of several runs it), cluster (two instances on PostgreSQL,
 * Redis and a local S3 behind HAProxy: e2e/support/topology.ts; both instances on core 1, so the app
 * has the same one core as a single instance, HAProxy on core 0 beside the load generator, as the
 * network would be), bare (a bare socket.io relay). Options:
 *   --n 10,100,500,1000   concurrent chats      --replies 2   replies per client per wave
 *   --waves 3             measured waves per level, each on fresh guests and connections; the report
 *                         gives every figure's median (min–max) and judges the budgets by the median
 *   --tokens 200 --rate 50 (tokens/s)           --prompt 3000 characters in each user message
 *   --targets pglite,postgres,bare              --out bench/results
 *   --request-cost-clients 100   the level after whose waves the CPU per chat request is measured
 * PostgreSQL: BENCH_DATABASE_URL (server, default postgres://postgres@127.0.0.1:5432) and
 * BENCH_DATABASE_NAME (default podruga_bench, dropped and made afresh: runs at once need names of their own).
 *
 * How long: `--n 10,100,500 --waves 3 --targets postgres,bare` takes roughly 9 minutes on the 2-core bench
 * machine: each measured wave lasts ~8–13 s plus seeding and connecting its clients (several seconds
 * at 500), so the waves are ~2.5 minutes per target and the direct baseline ~1; each target's start,
 * 30 s idle and warm-up add 1–1.5 minutes. `--waves 1` (one wave, as before) takes about 5.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { clearRedisPrefix, REDIS_URL, startTopology } from '../../e2e/support/topology.ts';
import { machineInfo } from '../lib/machine.ts';
import { pinServices } from '../lib/pin.ts';
import { cpuSeconds, cpuSecondsOf, rssMb, rssMbOf, rssSampler } from '../lib/proc.ts';
import {
  APP_PROCESS_ENV,
  appNodeArgs,
  ROOT,
  type StartedProcess,
  startApp,
  startNode,
} from '../lib/server.ts';
import {
  connectClients,
  directWave,
  disconnectAll,
  type Guest,
  messageText,
  replyFigures,
  runWave,
  seedGuests,
  type TargetKind,
} from './load.ts';
import { type Level, type Report, renderReport, type TargetReport, type WaveFigures } from './report.ts';
import { replyText } from './upstream.ts';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '10,100,500,1000' },
    waves: { type: 'string', default: '3' },
    replies: { type: 'string', default: '2' },
    tokens: { type: 'string', default: '200' },
    rate: { type: 'string', default: '50' },
    prompt: { type: 'string', default: '3000' },
    targets: { type: 'string', default: 'pglite,postgres,bare' },
    out: { type: 'string', default: join(ROOT, 'bench/results') },
    'request-cost-clients': { type: 'string', default: '100' },
  },
});

// The load generator runs on core 0, away from the server under test.
if (!process.env.BENCH_PINNED && spawnSync('taskset', ['-V']).status === 0) {
  const again = spawnSync(
    'taskset',
    ['-c', '0', process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
      env: { ...process.env, BENCH_PINNED: '1' },
    },
  );
  process.exit(again.status ?? 1);
}

const ns = args.n.split(',').map(Number);
const waves = Number(args.waves);
if (!Number.isInteger(waves) || waves < 1)
  throw new Error(`--waves must be a whole number ≥ 1, not ${args.waves}`);
const replies = Number(args.replies);
const tokens = Number(args.tokens);
const rate = Number(args.rate);
const content = messageText(Number(args.prompt));
const expected = replyText(tokens);
/**
 * Clients start at random over one reply's length: from then on each sends its next message when its
 * reply ends, so N chats stream at any moment (a steady state, not one burst of N messages at once).
 */
const staggerMs = Math.max(1000, rate > 0 ? ((tokens - 1) / rate) * 1000 : 0);
const SERVER_CPU = '1';
const LOAD_CPU = '0';

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function control(upstream: StartedProcess, settings: { tokens: number; rate: number }) {
  await fetch(`${upstream.url}/control`, { method: 'POST', body: JSON.stringify(settings) });
}

/**
 * A fresh PostgreSQL database for one run, or undefined (with the reason logged) when none answers.
 * It is dropped by force first: two runs at once on one PostgreSQL need their own BENCH_DATABASE_NAME,
 * or the second start kills the first's server.
 */
function freshPostgres(): string | undefined {
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

interface Target {
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
async function startTarget(target: string, upstreamUrl: string): Promise<Target | undefined> {
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
async function catalogueReady(url: string) {
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
async function nodeFloorRssMb(): Promise<number> {
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
async function warmUp(kind: TargetKind, server: Target, upstream: StartedProcess) {
  const { guests } = await guestsFor(kind, server, 20);
  const clients = await connectClients(kind, server.url, guests);
  await control(upstream, { tokens, rate: 0 });
  await runWave(clients, { replies: 3, staggerMs: 100, content });
  await control(upstream, { tokens, rate });
  await runWave(clients, { replies: 1, staggerMs: 100, content });
  disconnectAll(clients);
  await sleep(1000);
}

async function guestsFor(kind: TargetKind, server: Target, count: number) {
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

/**
 * One measured wave of N chats on fresh guests and connections (a reused chat's history would grow the
 * prompt from wave to wave), then, at --request-cost-clients, the CPU per chat request on the same
 * clients: one-token replies as fast as the upstream can.
 */
async function measureWave(
  target: string,
  kind: TargetKind,
  server: Target,
  upstream: StartedProcess,
  n: number,
  label: string,
): Promise<{ figures: WaveFigures; requestCpu?: number }> {
  const { pids, balancerPid } = server;
  await control(upstream, { tokens, rate });
  const { guests, setupCpuMs } = await guestsFor(kind, server, n);
  const clients = await connectClients(kind, server.url, guests);
  try {
    await sleep(500);
    const rssBefore = rssMbOf(pids);
    const cpuBefore = cpuSecondsOf(pids);
    const upstreamCpuBefore = cpuSeconds(upstream.pid);
    const balancerCpuBefore = balancerPid ? cpuSeconds(balancerPid) : 0;
    const sampler = rssSampler(pids);
    const wave = await runWave(clients, { replies, staggerMs, content });
    const peakRssMb = sampler.stop();
    const cpu = cpuSecondsOf(pids) - cpuBefore;
    const replyStats = replyFigures(wave.records, expected);
    const relayedTokens = (replyStats.replies - replyStats.failed) * tokens;
    const figures: WaveFigures = {
      n,
      ...replyStats,
      cpuSeconds: cpu,
      cpuMsPer1000Tokens: relayedTokens ? (cpu * 1000 * 1000) / relayedTokens : Number.NaN,
      rssBeforeMb: rssBefore,
      peakRssMb,
      setupCpuMs,
      wallMs: wave.wallMs,
      loadGenLagP99Ms: wave.loadGenLagP99Ms,
      upstreamCpuSeconds: cpuSeconds(upstream.pid) - upstreamCpuBefore,
      ...(balancerPid ? { balancerCpuSeconds: cpuSeconds(balancerPid) - balancerCpuBefore } : {}),
    };
    log(
      `${target} N=${n} wave ${label}: first token p50 ${replyStats.firstTokenP50.toFixed(1)} ms, gap p99 ${replyStats.gapP99.toFixed(1)} ms, ` +
        `CPU ${cpu.toFixed(2)} s, failed ${replyStats.failed}, wrong ${replyStats.wrongText}, peak RSS ${peakRssMb} MB` +
        (replyStats.errors.length ? `, errors: ${replyStats.errors.join('; ')}` : ''),
    );
    if (n !== Number(args['request-cost-clients'])) return { figures };
    await control(upstream, { tokens: 1, rate: 0 });
    const cpu0 = cpuSecondsOf(pids);
    const quick = await runWave(clients, { replies: 2, staggerMs: 200, content });
    const done = quick.records.filter((r) => r.ok).length;
    const requestCpu = done ? ((cpuSecondsOf(pids) - cpu0) * 1000) / done : Number.NaN;
    log(`${target} wave ${label}: CPU per chat request ${requestCpu.toFixed(2)} ms over ${done} requests`);
    return { figures, requestCpu };
  } finally {
    disconnectAll(clients);
    await sleep(1000);
  }
}

async function measureTarget(target: string, upstream: StartedProcess): Promise<TargetReport | undefined> {
  const kind: TargetKind = target === 'bare' ? 'bare' : 'app';
  const started = await startTarget(target, `${upstream.url}/v1`);
  if (!started) return undefined;
  const server = started;
  const { firstStartRssMb, pids } = started;
  try {
    await sleep(3000);
    const readyRssMb = rssMbOf(pids);
    // Idle means idle: V8 shrinks its heap once nothing has happened for a while (its memory reducer).
    await sleep(27_000);
    const idleRssMb = rssMbOf(pids);
    log(
      `${target}: RSS ${firstStartRssMb ?? '—'} MB after the first start, ${readyRssMb} MB ready, ${idleRssMb} MB idle`,
    );
    await warmUp(kind, server, upstream);
    const levels: Level[] = [];
    const requestCpuMs: number[] = [];
    for (const n of ns) {
      const runs: WaveFigures[] = [];
      for (let k = 1; k <= waves; k++) {
        const { figures, requestCpu } = await measureWave(target, kind, server, upstream, n, `${k}/${waves}`);
        runs.push(figures);
        if (requestCpu !== undefined) requestCpuMs.push(requestCpu);
      }
      levels.push({ n, runs });
    }
    return {
      target,
      ...(pids.length > 1 ? { processes: pids.length } : {}),
      ...(firstStartRssMb !== undefined ? { firstStartRssMb } : {}),
      readyRssMb,
      idleRssMb,
      requestCpuMs,
      levels,
    };
  } finally {
    await server.stop();
  }
}

/** The database floor (db-floor.ts) on the server's core; undefined when it cannot run. */
function databaseFloor(): Record<string, number> | undefined {
  const databaseUrl = freshPostgres();
  const run = spawnSync(
    'taskset',
    ['-c', SERVER_CPU, process.execPath, '--import', 'tsx', join(ROOT, 'bench/stream/db-floor.ts')],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl ?? '' }, encoding: 'utf8' },
  );
  if (run.status !== 0) {
    log(`database floor skipped: ${run.stderr.split('\n')[0]}`);
    return undefined;
  }
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
}

async function main() {
  const machine = machineInfo();
  const services = pinServices(LOAD_CPU);
  log(services.note);
  try {
    await run(machine, services.note);
  } finally {
    services.restore();
  }
}

async function run(machine: ReturnType<typeof machineInfo>, servicesNote: string) {
  const floor = { ...databaseFloor(), nodeRssMb: await nodeFloorRssMb() };
  log(`floor: ${JSON.stringify(floor)}`);
  const upstream = await startNode({
    script: join(ROOT, 'bench/stream/upstream.ts'),
    cpus: LOAD_CPU,
    readyPath: '/health',
    env: { TOKENS: String(tokens), RATE: String(rate) },
  });
  try {
    const body = JSON.stringify({
      model: 'bench',
      stream: true,
      messages: [
        { role: 'system', content: 'Ты — Аня, вымышленная взрослая собеседница. '.repeat(70) },
        { role: 'user', content },
      ],
    });
    const direct: Level[] = [];
    for (const n of ns) {
      const runs: WaveFigures[] = [];
      for (let k = 1; k <= waves; k++) {
        await control(upstream, { tokens, rate });
        const wave = await directWave(`${upstream.url}/v1`, n, { staggerMs, body });
        const figures = replyFigures(wave.records, expected);
        runs.push({ n, ...figures, wallMs: wave.wallMs, loadGenLagP99Ms: wave.loadGenLagP99Ms });
        log(
          `direct N=${n} wave ${k}/${waves}: first token p50 ${figures.firstTokenP50.toFixed(2)} ms, gap p99 ${figures.gapP99.toFixed(1)} ms`,
        );
      }
      direct.push({ n, runs });
    }
    const targets: TargetReport[] = [];
    for (const target of args.targets.split(',')) {
      const report = await measureTarget(target, upstream);
      if (report) targets.push(report);
    }
    const report: Report = {
      machine,
      settings: {
        ns,
        waves,
        replies,
        tokens,
        rate,
        promptChars: content.length,
        staggerMs,
        services: servicesNote,
      },
      direct,
      targets,
      floor,
    };
    const markdown = renderReport(report);
    mkdirSync(args.out, { recursive: true });
    const stamp = machine.date.replace(/[:.]/g, '-');
    writeFileSync(join(args.out, `stream-${stamp}.json`), JSON.stringify(report, null, 2));
    writeFileSync(join(args.out, 'stream-latest.json'), JSON.stringify(report, null, 2));
    writeFileSync(join(args.out, `stream-${stamp}.md`), markdown);
    process.stdout.write(`${markdown}\n`);
  } finally {
    await upstream.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
