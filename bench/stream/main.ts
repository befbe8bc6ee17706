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
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { machineInfo } from '../lib/machine.ts';
import { pinServices } from '../lib/pin.ts';
import { cpuSeconds, cpuSecondsOf, rssMbOf, rssSampler } from '../lib/proc.ts';
import { ROOT, type StartedProcess, startNode } from '../lib/server.ts';
import {
  connectClients,
  directWave,
  disconnectAll,
  messageText,
  replyFigures,
  runWave,
  type TargetKind,
} from './load.ts';
import { type Level, type Report, renderReport, type TargetReport, type WaveFigures } from './report.ts';
import {
  control,
  freshPostgres,
  guestsFor,
  LOAD_CPU,
  log,
  nodeFloorRssMb,
  SERVER_CPU,
  sleep,
  startTarget,
  type Target,
  warmUp,
} from './targets.ts';
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
    await warmUp(kind, server, upstream, { tokens, rate, content });
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
