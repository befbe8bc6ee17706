import { type MachineInfo, machineMarkdown } from '../lib/machine.ts';
import type { ReplyFigures } from './load.ts';

export interface WaveFigures extends ReplyFigures {
  n: number;
  wallMs: number;
  loadGenLagP99Ms: number;
  cpuSeconds?: number;
  cpuMsPer1000Tokens?: number;
  rssBeforeMb?: number;
  peakRssMb?: number;
  /** Server CPU for making one guest with a companion and a chat (three HTTP requests), ms. */
  setupCpuMs?: number;
  upstreamCpuSeconds?: number;
  /** HAProxy's CPU during the wave (cluster), on the load generator's core. */
  balancerCpuSeconds?: number;
}

export interface TargetReport {
  target: string;
  /** Server processes measured together (the cluster's two instances): CPU and RSS are their sums. */
  processes?: number;
  /** The app's first start on fresh data (database created, catalogue portraits drawn), 3 s after. */
  firstStartRssMb?: number;
  /** RSS 3 s after the (re)start the measurements run on. */
  readyRssMb?: number;
  /** RSS after 30 s without requests. */
  idleRssMb: number;
  /** Server CPU per chat message with a one-token reply, ms. */
  requestCpuMs: number;
  waves: WaveFigures[];
}

export interface Report {
  machine: MachineInfo;
  settings: {
    ns: number[];
    replies: number;
    tokens: number;
    rate: number;
    promptChars: number;
    staggerMs: number;
    /** Where PostgreSQL and Redis ran (bench/lib/pin.ts). */
    services?: string;
  };
  direct: WaveFigures[];
  targets: TargetReport[];
  /** CPU ms of one database round trip in a process on the server's core (db-floor.ts). */
  floor?: Record<string, number>;
}

const TITLES: Record<string, string> = {
  pglite: 'Podruga, embedded PGlite',
  postgres: 'Podruga, PostgreSQL 15',
  'postgres-redis': 'Podruga, PostgreSQL 15 + Redis, one instance',
  cluster: 'Podruga, two instances behind HAProxy (PostgreSQL 15 + Redis + S3), both on the server core',
  bare: 'Bare socket.io relay',
};

const f = (value: number | undefined, digits = 1) =>
  value === undefined || Number.isNaN(value) ? '—' : value.toFixed(digits);

function ok(met: boolean | undefined) {
  return met === undefined ? 'not measured' : met ? 'met' : '**missed**';
}

/**
 * CPU per 1,000 tokens spent relaying, with the requests' own cost (the same run's CPU per chat
 * request, times the replies) taken out: what coalescing and the stream path cost per token.
 */
export function relayMsPer1000(w: WaveFigures, requestCpuMs: number, tokens: number): number {
  const replies = w.replies - w.failed;
  if (w.cpuSeconds === undefined || !replies || Number.isNaN(requestCpuMs)) return Number.NaN;
  return (w.cpuSeconds * 1000 - replies * requestCpuMs) / ((replies * tokens) / 1000);
}

/** The upstream's own stream length: (tokens − 1) gaps at the configured rate. */
export function nominalStreamMs(tokens: number, rate: number) {
  return rate > 0 ? ((tokens - 1) / rate) * 1000 : 0;
}

export function renderReport(report: Report): string {
  const { settings } = report;
  const nominal = nominalStreamMs(settings.tokens, settings.rate);
  const directAt = (n: number) => report.direct.find((w) => w.n === n);
  const lines: string[] = [];
  lines.push('## Streaming relay (`npm run bench:stream`)', '', machineMarkdown(report.machine), '');
  lines.push(
    `Server pinned to core 1; fake upstream and load generator on core 0. Replies of ${settings.tokens} tokens at ` +
      `${settings.rate} tokens/s (a stream lasts ${f(nominal / 1000, 2)} s at the upstream), user messages of ` +
      `${settings.promptChars} characters (~9 KB prompt upstream), ${settings.replies} replies per client per wave, ` +
      `clients starting at random within ${settings.staggerMs} ms (one reply's length: after that, each sends its ` +
      'next message as soon as its reply ends, so N chats stream at any moment).' +
      (settings.services ? ` ${settings.services}.` : ''),
    '',
  );
  lines.push('### Calling the upstream directly (baseline)', '');
  lines.push('| N | first token p50 | p99 | chunk gap p99 | stream p50 | load generator lag p99 |');
  lines.push('|---:|---:|---:|---:|---:|---:|');
  for (const w of report.direct) {
    lines.push(
      `| ${w.n} | ${f(w.firstTokenP50, 2)} ms | ${f(w.firstTokenP99, 2)} ms | ${f(w.gapP99)} ms | ${f(w.streamP50 / 1000, 2)} s | ${f(w.loadGenLagP99Ms)} ms |`,
    );
  }
  for (const t of report.targets) {
    lines.push('', `### ${TITLES[t.target] ?? t.target}`, '');
    lines.push(
      (t.firstStartRssMb !== undefined
        ? `RSS ${f(t.firstStartRssMb)} MB after the first start on fresh data (catalogue portraits drawn); restarted on that data: `
        : 'RSS ') +
        `${f(t.readyRssMb)} MB when ready, ${f(t.idleRssMb)} MB after 30 s idle. ` +
        `CPU per chat request (one-token replies): ${f(t.requestCpuMs, 2)} ms.`,
      '',
    );
    lines.push(
      '| N | first token p50 (added) | p99 (added) | chunk gap p99 | stream p50 | CPU s | CPU ms / 1,000 tokens (relaying only) | peak RSS | failed / wrong text | load gen lag p99 | upstream CPU s |',
    );
    lines.push('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const w of t.waves) {
      const d = directAt(w.n);
      lines.push(
        `| ${w.n} | ${f(w.firstTokenP50, 2)} (+${f(w.firstTokenP50 - (d?.firstTokenP50 ?? 0), 2)}) ms | ` +
          `${f(w.firstTokenP99, 2)} (+${f(w.firstTokenP99 - (d?.firstTokenP99 ?? 0), 2)}) ms | ${f(w.gapP99)} ms | ` +
          `${f(w.streamP50 / 1000, 2)} s | ${f(w.cpuSeconds, 2)} | ${f(w.cpuMsPer1000Tokens)} (${f(relayMsPer1000(w, t.requestCpuMs, settings.tokens))}) | ${f(w.peakRssMb)} MB | ` +
          `${w.failed} / ${w.wrongText} of ${w.replies}${w.errors.length ? ` (${w.errors.join('; ')})` : ''} | ` +
          `${f(w.loadGenLagP99Ms)} ms | ${f(w.upstreamCpuSeconds, 2)} |`,
      );
    }
  }

  const bare = report.targets.find((t) => t.target === 'bare');
  const apps = report.targets.filter((t) => t.target !== 'bare');
  if (bare && apps.length) {
    lines.push('', '### Ours / bare relay, same run', '');
    lines.push(
      '| target | N | first token added, ours / bare | CPU per 1,000 tokens, ours / bare | relaying only, ours / bare | peak RSS, ours / bare |',
    );
    lines.push('|---|---:|---:|---:|---:|---:|');
    for (const t of apps) {
      for (const w of t.waves) {
        const b = bare.waves.find((x) => x.n === w.n);
        const d = directAt(w.n);
        if (!b || !d) continue;
        const oursAdded = w.firstTokenP50 - d.firstTokenP50;
        const bareAdded = b.firstTokenP50 - d.firstTokenP50;
        lines.push(
          `| ${t.target} | ${w.n} | ${f(oursAdded, 2)} / ${f(bareAdded, 2)} ms | ` +
            `${f(w.cpuMsPer1000Tokens)} / ${f(b.cpuMsPer1000Tokens)} ms = ${f((w.cpuMsPer1000Tokens ?? 0) / (b.cpuMsPer1000Tokens ?? 1), 2)} | ` +
            `${f(relayMsPer1000(w, t.requestCpuMs, settings.tokens))} / ${f(relayMsPer1000(b, bare.requestCpuMs, settings.tokens))} ms = ${f(relayMsPer1000(w, t.requestCpuMs, settings.tokens) / relayMsPer1000(b, bare.requestCpuMs, settings.tokens), 2)} | ` +
            `${f(w.peakRssMb)} / ${f(b.peakRssMb)} MB |`,
        );
      }
      lines.push(
        `| ${t.target} | idle | | CPU per request ${f(t.requestCpuMs, 2)} / ${f(bare.requestCpuMs, 2)} ms = ${f(t.requestCpuMs / bare.requestCpuMs, 2)} | | ${f(t.idleRssMb)} / ${f(bare.idleRssMb)} MB |`,
      );
    }
  }

  const cluster = report.targets.find((t) => t.target === 'cluster');
  const single = report.targets.find((t) => t.target === 'postgres-redis');
  if (cluster && single) lines.push('', ...clusterComparison(single, cluster, report));

  if (report.floor) {
    const { postgresSelect1, postgresPreparedRow, pgliteSelect1, nodeRssMb } = report.floor;
    lines.push('', '### Floors measured in the same run', '');
    lines.push(`A Node.js process that has loaded nothing holds ${f(nodeRssMb)} MB resident.`, '');
    lines.push(
      `One database round trip, CPU of the calling process: node-postgres over loopback TCP: \`select 1\` ${f(postgresSelect1, 3)} ms, a prepared one-row query ` +
        `${f(postgresPreparedRow, 3)} ms. PGlite in-process: \`select 1\` ${f(pgliteSelect1, 3)} ms. ` +
        'A chat message makes three trips (the session user with the chat, companion, history and count; ' +
        'count-and-store; the reply), which the bare relay does not.',
    );
  }

  lines.push('', '### Budgets (DESIGN §8)', '');
  lines.push('| budget | target | measured | verdict |');
  lines.push('|---|---|---|---|');
  // The budgets are one process's: the cluster's figures are two processes' sums.
  for (const t of apps.filter((a) => (a.processes ?? 1) === 1)) {
    const at = (n: number) => t.waves.find((w) => w.n === n);
    const d10 = directAt(10);
    const w10 = at(10);
    if (w10 && d10) {
      const added = w10.firstTokenP50 - d10.firstTokenP50;
      lines.push(
        `| first token ≤ 3 ms added (p50, N=10) | ${t.target} | +${f(added, 2)} ms | ${ok(added <= 3)} |`,
      );
    }
    const w100 = at(100);
    const b100 = bare?.waves.find((w) => w.n === 100);
    if (w100 && b100 && bare) {
      const ratio = (w100.cpuMsPer1000Tokens ?? 0) / (b100.cpuMsPer1000Tokens ?? 1);
      const ours = relayMsPer1000(w100, t.requestCpuMs, settings.tokens);
      const theirs = relayMsPer1000(b100, bare.requestCpuMs, settings.tokens);
      lines.push(
        `| CPU per 1,000 relayed tokens ≤ bare relay (N=100) | ${t.target} | relaying ${f(ours)} vs ${f(theirs)} ms (×${f(ours / theirs, 2)}); all-in ${f(w100.cpuMsPer1000Tokens)} vs ${f(b100.cpuMsPer1000Tokens)} ms (×${f(ratio, 2)}) | ${ok(ours <= theirs)} |`,
      );
    }
    lines.push(
      `| CPU per chat request ≤ 2 ms | ${t.target} | ${f(t.requestCpuMs, 2)} ms | ${ok(Number.isNaN(t.requestCpuMs) ? undefined : t.requestCpuMs <= 2)} |`,
    );
    const w500 = at(500);
    if (w500) {
      const delivered = w500.streamP50 / nominal;
      const met = w500.gapP99 < 100 && w500.failed === 0 && w500.wrongText === 0 && delivered <= 1.05;
      lines.push(
        `| 500 chats: gap p99 < 100 ms, stream within 5 %, nothing lost | ${t.target} | gap p99 ${f(w500.gapP99)} ms, stream ×${f(delivered, 3)}, ${w500.failed} failed, ${w500.wrongText} wrong | ${ok(met)} |`,
      );
    }
    lines.push(
      `| idle RSS < 100 MB | ${t.target} | ${f(t.idleRssMb)} MB after 30 s idle (${f(t.readyRssMb)} MB when ready) | ${ok(t.idleRssMb < 100)} |`,
    );
    if (w100?.peakRssMb !== undefined) {
      lines.push(
        `| RSS < 150 MB with 100 streaming chats | ${t.target} | ${f(w100.peakRssMb)} MB | ${ok(w100.peakRssMb < 150)} |`,
      );
    }
  }
  return lines.join('\n');
}

/** Replies' tokens delivered per second of the wave (what the clients received, failures left out). */
export function deliveredTokensPerSecond(w: WaveFigures, tokens: number): number {
  return ((w.replies - w.failed) * tokens) / (w.wallMs / 1000);
}

/**
 * One instance on PostgreSQL + Redis against two behind HAProxy, same run, per N: throughput, first
 * token, chunk gaps and the app's CPU (both instances summed), with the balancer's own CPU apart.
 */
export function clusterComparison(single: TargetReport, cluster: TargetReport, report: Report): string[] {
  const { tokens } = report.settings;
  const lines = ['### One instance / two instances behind HAProxy, same run', ''];
  lines.push(
    'Both instances on core 1, the one core the single instance has: what two instances cost, not what a ' +
      'second machine would add. HAProxy on core 0 with the load generator and the upstream (the network, ' +
      `in a deployment); ${report.settings.services ?? 'PostgreSQL and Redis not pinned'}, for both targets alike.`,
    '',
  );
  lines.push(
    '| N | target | replies/s | tokens/s delivered | first token p50 | p99 | chunk gap p99 | app CPU s | CPU ms / 1,000 tokens | HAProxy CPU s | failed |',
  );
  lines.push('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const n of report.settings.ns) {
    for (const t of [single, cluster]) {
      const w = t.waves.find((x) => x.n === n);
      if (!w) continue;
      lines.push(
        `| ${n} | ${t.target} | ${f((w.replies - w.failed) / (w.wallMs / 1000), 2)} | ${f(deliveredTokensPerSecond(w, tokens), 0)} | ` +
          `${f(w.firstTokenP50, 2)} ms | ${f(w.firstTokenP99, 2)} ms | ${f(w.gapP99)} ms | ${f(w.cpuSeconds, 2)} | ` +
          `${f(w.cpuMsPer1000Tokens)} | ${f(w.balancerCpuSeconds, 2)} | ${w.failed} of ${w.replies} |`,
      );
    }
  }
  lines.push(
    '',
    `CPU per chat request (one-token replies): ${f(single.requestCpuMs, 2)} ms on one instance, ` +
      `${f(cluster.requestCpuMs, 2)} ms on two (summed). Idle RSS ${f(single.idleRssMb)} MB against ` +
      `${f(cluster.idleRssMb)} MB for both instances.`,
  );
  return lines;
}
