/**
 * npm run bench:request — the CPU one chat request costs the server: the app (on PostgreSQL by default)
 * against the bare socket.io relay, in alternating rounds (DESIGN §8: ≤ 1.3× the bare relay).
 *
 * Both servers run at once on the server's core (the one not being measured idles); each round gives
 * each target `--clients` fresh connections (the app: fresh guests, seeded before the measurement)
 * that send `--replies` messages of `--prompt` characters one after another, answered with one-token
 * replies as fast as the upstream can; the CPU the server used in that window, divided by the replies
 * that arrived, is the round's figure. The targets swap order every round (A B, B A, …) so the
 * machine's drift over minutes falls on both alike, and the ratio is taken per round as well as of the
 * medians. The stream bench measures the same figure after each of its waves, but 200 requests at a
 * time and minutes apart from the bare relay's.
 *
 * Both figures fall over the first rounds after the start (the JIT, the heap and the pools settling:
 * −40 % from the first round to the sixth in the first runs), so `--warm-rounds` unmeasured rounds of
 * each target come first.
 *
 *   --rounds 8  --warm-rounds 3  --clients 100  --replies 4 (a guest's day has 5)  --prompt 3000
 *   --targets postgres,bare   a target may carry Node flags of its own (postgres+--max-semi-space-size=8:
 *               an A/B of a flag, paired round by round), or be another checkout's build
 *               (postgres@/path/to/other/checkout, built there: an A/B of two commits)   --out bench/results
 *   --profile cpu|heap   the app's measured windows profiled by V8 (bench/lib/profile-on-signal.cjs):
 *               one .cpuprofile (or .heapprofile: what was allocated) per round in <out>/profiles-<time>/,
 *               summed by bench/lib/profile-summary.ts. The profiler's own work shows in the figures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { machineInfo, machineMarkdown } from '../lib/machine.ts';
import { pinServices } from '../lib/pin.ts';
import { cpuSecondsOf } from '../lib/proc.ts';
import { ROOT, startNode } from '../lib/server.ts';
import { round, type Spread, spread } from '../lib/stats.ts';
import { connectClients, disconnectAll, messageText, runWave, type TargetKind } from './load.ts';
import { control, guestsFor, LOAD_CPU, log, sleep, startTarget, type Target, warmUp } from './targets.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '8' },
    'warm-rounds': { type: 'string', default: '3' },
    clients: { type: 'string', default: '100' },
    replies: { type: 'string', default: '4' },
    prompt: { type: 'string', default: '3000' },
    targets: { type: 'string', default: 'postgres,bare' },
    out: { type: 'string', default: join(ROOT, 'bench/results') },
    profile: { type: 'string' },
  },
});

const rounds = Number(args.rounds);
const clients = Number(args.clients);
const replies = Number(args.replies);
const content = messageText(Number(args.prompt));
const names = args.targets.split(',');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const profileDir = join(args.out, `profiles-${stamp}`);

interface Running {
  name: string;
  kind: TargetKind;
  server: Target;
  /** ms of the server's CPU per request, one per round. */
  perRequest: number[];
}

/** One measured round of one target: fresh clients, `replies` one-token replies each. */
async function measureRound(
  target: Running,
  upstreamControl: () => Promise<void>,
  measured = true,
): Promise<number> {
  const { guests } = await guestsFor(target.kind, target.server, clients);
  const connected = await connectClients(target.kind, target.server.url, guests);
  try {
    await upstreamControl();
    await sleep(300);
    const profiled = measured && Boolean(args.profile) && target.kind === 'app';
    const pid = target.server.pids[0] as number;
    if (profiled) process.kill(pid, 'SIGUSR2');
    const cpu0 = cpuSecondsOf(target.server.pids);
    const wave = await runWave(connected, { replies, staggerMs: 200, content });
    const cpu = cpuSecondsOf(target.server.pids) - cpu0;
    if (profiled) process.kill(pid, 'SIGUSR2');
    const done = wave.records.filter((r) => r.ok).length;
    const failed = wave.records.length - done;
    if (failed) log(`${target.name}: ${failed} of ${wave.records.length} replies failed`);
    return done ? (cpu * 1000) / done : Number.NaN;
  } finally {
    disconnectAll(connected);
    await sleep(500);
  }
}

function fmt(s: Spread, digits = 2): string {
  return `${round(s.median, digits)} (${round(s.min, digits)}–${round(s.max, digits)})`;
}

async function main() {
  const machine = machineInfo();
  const services = pinServices(LOAD_CPU);
  log(services.note);
  const upstream = await startNode({
    script: join(ROOT, 'bench/stream/upstream.ts'),
    cpus: LOAD_CPU,
    readyPath: '/health',
    env: { TOKENS: '1', RATE: '0' },
  });
  const running: Running[] = [];
  try {
    const before = { args: process.env.BENCH_NODE_ARGS, database: process.env.BENCH_DATABASE_NAME };
    for (const [i, name] of names.entries()) {
      // "postgres+--max-semi-space-size=8": the target with Node flags of its own (an A/B of a flag);
      // "postgres@/work/base": another checkout's build (an A/B of two commits).
      const [withFlags = name, otherRoot] = name.split('@');
      const [base = withFlags, ...flags] = withFlags.split('+');
      const kind: TargetKind = base === 'bare' ? 'bare' : 'app';
      const nodeArgs = [before.args ?? '', ...flags];
      if (args.profile && kind === 'app') {
        nodeArgs.push(`--require ${join(ROOT, 'bench/lib/profile-on-signal.cjs')}`);
        process.env.PROFILE_DIR = profileDir;
        process.env.PROFILE_KIND = args.profile;
      }
      process.env.BENCH_NODE_ARGS = nodeArgs.join(' ');
      // Two app targets on PostgreSQL need a database each (a start drops its database by force).
      process.env.BENCH_DATABASE_NAME = `${before.database ?? 'podruga_bench'}${i ? `_${i}` : ''}`;
      if (otherRoot) process.env.BENCH_SERVER_ROOT = otherRoot;
      const server = await startTarget(base, `${upstream.url}/v1`);
      delete process.env.BENCH_SERVER_ROOT;
      process.env.BENCH_NODE_ARGS = before.args ?? '';
      if (before.database === undefined) delete process.env.BENCH_DATABASE_NAME;
      else process.env.BENCH_DATABASE_NAME = before.database;
      if (!server) continue;
      running.push({ name, kind, server, perRequest: [] });
    }
    for (const target of running)
      await warmUp(target.kind, target.server, upstream, { tokens: 200, rate: 0, content });
    const oneToken = () => control(upstream, { tokens: 1, rate: 0 });
    for (let r = 0; r < Number(args['warm-rounds']); r++) {
      for (const target of running) await measureRound(target, oneToken, false);
    }
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 ? [...running].reverse() : running;
      for (const target of order) {
        const ms = await measureRound(target, oneToken);
        target.perRequest.push(ms);
        log(`round ${r + 1}/${rounds} ${target.name}: ${ms.toFixed(3)} ms CPU per request`);
      }
    }
    const lines = [
      '# CPU per chat request',
      '',
      machineMarkdown(machine),
      `- Rounds: ${rounds}, alternating, after ${args['warm-rounds']} unmeasured; ${clients} clients × ${replies} one-token replies a round, messages of ${content.length} characters`,
      `- Services: ${services.note}`,
      '',
      '| target | ms per request, median (min–max) |',
      '|---|---|',
      ...running.map((t) => `| ${t.name} | ${fmt(spread(t.perRequest), 3)} |`),
    ];
    // The ratio: the first app target against the bare relay.
    const [app, bare] = [running.find((t) => t.kind === 'app'), running.find((t) => t.kind === 'bare')];
    const result: Record<string, unknown> = {
      machine,
      settings: { rounds, clients, replies, promptChars: content.length, services: services.note },
      targets: running.map((t) => ({ target: t.name, perRequestMs: t.perRequest })),
    };
    if (app && bare) {
      const paired = app.perRequest.map((ms, i) => ms / (bare.perRequest[i] as number));
      const ratio = spread(paired);
      const ofMedians = spread(app.perRequest).median / spread(bare.perRequest).median;
      result.ratio = { perRound: paired, ofMedians };
      lines.push(
        '',
        `${app.name} / ${bare.name}: ${round(ofMedians, 2)}× of the medians; per round ${fmt(ratio)}× (goal ≤ 1.3×)`,
      );
    }
    // An A/B of two app targets (two builds, or a flag): the second against the first, round by round.
    const [first, second] = running.filter((t) => t.kind === 'app');
    if (first && second) {
      const paired = spread(second.perRequest.map((ms, i) => ms / (first.perRequest[i] as number)));
      result.ab = { perRound: second.perRequest.map((ms, i) => ms / (first.perRequest[i] as number)) };
      lines.push('', `${second.name} / ${first.name}: per round ${fmt(paired, 3)}×`);
    }
    const markdown = lines.join('\n');
    mkdirSync(args.out, { recursive: true });
    writeFileSync(join(args.out, `request-cost-${stamp}.json`), JSON.stringify(result, null, 2));
    writeFileSync(join(args.out, `request-cost-${stamp}.md`), markdown);
    process.stdout.write(`${markdown}\n`);
    if (args.profile) process.stdout.write(`\nProfiles: ${profileDir}\n`);
  } finally {
    for (const target of running) await target.server.stop();
    await upstream.stop();
    services.restore();
  }
}

if (!process.env.BENCH_PINNED) {
  // As main.ts: the load generator on the load core, away from the servers under test.
  const { spawnSync } = await import('node:child_process');
  if (spawnSync('taskset', ['-V']).status === 0) {
    const again = spawnSync(
      'taskset',
      ['-c', LOAD_CPU, process.execPath, ...process.execArgv, ...process.argv.slice(1)],
      {
        stdio: 'inherit',
        env: { ...process.env, BENCH_PINNED: '1' },
      },
    );
    process.exit(again.status ?? 1);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
