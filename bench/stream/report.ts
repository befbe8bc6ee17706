import { type MachineInfo, machineMarkdown } from '../lib/machine.ts';
import { type Spread, spread, spreadDifference, spreadRatio } from '../lib/stats.ts';
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

/** One level of load, N concurrent chats, measured once per wave (`--waves`). */
export interface Level {
  n: number;
  /** Each wave's figures, in the order they ran: every wave on fresh guests and connections. */
  runs: WaveFigures[];
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
  /** Server CPU per chat message with a one-token reply, ms: one per wave at --request-cost-clients. */
  requestCpuMs: number[];
  levels: Level[];
}

export interface Report {
  machine: MachineInfo;
  settings: {
    ns: number[];
    /** Measured waves per level (and per request-cost measurement). */
    waves: number;
    replies: number;
    tokens: number;
    rate: number;
    promptChars: number;
    staggerMs: number;
    /** Where PostgreSQL and Redis ran (bench/lib/pin.ts). */
    services?: string;
  };
  direct: Level[];
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

/** A difference, signed: "+2.00", "-0.40". */
const plus = (value: number, digits = 1) => (value >= 0 ? '+' : '') + f(value, digits);

/**
 * A figure over the waves: "median (min–max)", or the value alone when one wave measured it. `format`
 * is the median's (a difference's sign); the range is plain numbers.
 */
const sp = (s: Spread, digits = 1, format: (value: number, digits?: number) => string = f) =>
  s.count <= 1
    ? format(s.median, digits)
    : `${format(s.median, digits)} (${f(s.min, digits)}–${f(s.max, digits)})`;

/** One figure of every wave of a level (a figure a wave did not take counts as not measured). */
const across = (level: Level | undefined, pick: (w: WaveFigures) => number | undefined): Spread =>
  spread((level?.runs ?? []).map((w) => pick(w) ?? Number.NaN));

/** First token p50 and p99 and chunk gap p99, the three latency cells every table starts with. */
const latencyCells = (at: (pick: (w: WaveFigures) => number | undefined) => Spread): string[] => [
  `${sp(
    at((w) => w.firstTokenP50),
    2,
  )} ms`,
  `${sp(
    at((w) => w.firstTokenP99),
    2,
  )} ms`,
  `${sp(at((w) => w.gapP99))} ms`,
];

/** A markdown table row. */
const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;

/** Failures are not averaged: a reply lost in any wave was lost. */
function losses(level: Level) {
  const sum = (pick: (w: WaveFigures) => number) => level.runs.reduce((total, w) => total + pick(w), 0);
  return {
    replies: sum((w) => w.replies),
    failed: sum((w) => w.failed),
    wrongText: sum((w) => w.wrongText),
    errors: [...new Set(level.runs.flatMap((w) => w.errors))].slice(0, 5),
  };
}

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

/** "3 waves, median (min–max)" or "one wave": how every figure of the report was taken. */
export function wavesLabel(waves: number) {
  return waves > 1 ? `${waves} waves, median (min–max)` : 'one wave';
}

export function renderReport(report: Report): string {
  const { settings } = report;
  const nominal = nominalStreamMs(settings.tokens, settings.rate);
  const directAt = (n: number) => report.direct.find((l) => l.n === n);
  const levelAt = (t: TargetReport | undefined, n: number) => t?.levels.find((l) => l.n === n);
  const request = (t: TargetReport) => spread(t.requestCpuMs);
  /** Relaying only, per wave, with the median request cost of the same target taken out. */
  const relaying = (t: TargetReport, level: Level | undefined) =>
    across(level, (w) => relayMsPer1000(w, request(t).median, settings.tokens));
  const firstTokenAdded = (level: Level | undefined, key: 'firstTokenP50' | 'firstTokenP99') =>
    spreadDifference(
      across(level, (w) => w[key]),
      across(level && directAt(level.n), (w) => w[key]),
    );
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
  if (settings.waves > 1) {
    lines.push(
      `${settings.waves} waves per level, each on fresh guests, chats and connections (a reused chat's history ` +
        'would grow the prompt from wave to wave); the CPU per chat request is measured after each. Figures ' +
        'are the median (min–max) across waves; failures are summed over them. A ratio or difference of two ' +
        "targets is that of their medians, its range the widest the waves allow (ours' lowest against the " +
        "other's highest, and the reverse): the two ran minutes apart, so their waves are not paired.",
      '',
    );
  }
  lines.push(`### Calling the upstream directly (baseline): ${wavesLabel(settings.waves)}`, '');
  lines.push('| N | first token p50 | p99 | chunk gap p99 | stream p50 | load generator lag p99 |');
  lines.push('|---:|---:|---:|---:|---:|---:|');
  for (const l of report.direct) {
    const at = (pick: (w: WaveFigures) => number | undefined) => across(l, pick);
    lines.push(
      row([
        l.n,
        ...latencyCells(at),
        `${sp(
          at((w) => w.streamP50 / 1000),
          2,
        )} s`,
        `${sp(at((w) => w.loadGenLagP99Ms))} ms`,
      ]),
    );
  }
  for (const t of report.targets) {
    lines.push('', `### ${TITLES[t.target] ?? t.target}: ${wavesLabel(settings.waves)}`, '');
    lines.push(
      (t.firstStartRssMb !== undefined
        ? `RSS ${f(t.firstStartRssMb)} MB after the first start on fresh data (catalogue portraits drawn); restarted on that data: `
        : 'RSS ') +
        `${f(t.readyRssMb)} MB when ready, ${f(t.idleRssMb)} MB after 30 s idle. ` +
        `CPU per chat request (one-token replies): ${sp(request(t), 2)} ms.`,
      '',
    );
    lines.push(
      '| N | first token p50 | added | p99 | added | chunk gap p99 | stream p50 | CPU s | CPU ms / 1,000 tokens | relaying only | peak RSS | failed / wrong text | load gen lag p99 | upstream CPU s |',
    );
    lines.push('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const l of t.levels) {
      const at = (pick: (w: WaveFigures) => number | undefined) => across(l, pick);
      const lost = losses(l);
      lines.push(
        row([
          l.n,
          `${sp(
            at((w) => w.firstTokenP50),
            2,
          )} ms`,
          `${plus(firstTokenAdded(l, 'firstTokenP50').median, 2)} ms`,
          `${sp(
            at((w) => w.firstTokenP99),
            2,
          )} ms`,
          `${plus(firstTokenAdded(l, 'firstTokenP99').median, 2)} ms`,
          `${sp(at((w) => w.gapP99))} ms`,
          `${sp(
            at((w) => w.streamP50 / 1000),
            2,
          )} s`,
          sp(
            at((w) => w.cpuSeconds),
            2,
          ),
          sp(at((w) => w.cpuMsPer1000Tokens)),
          sp(relaying(t, l)),
          `${sp(at((w) => w.peakRssMb))} MB`,
          `${lost.failed} / ${lost.wrongText} of ${lost.replies}` +
            (lost.errors.length ? ` (${lost.errors.join('; ')})` : ''),
          `${sp(at((w) => w.loadGenLagP99Ms))} ms`,
          sp(
            at((w) => w.upstreamCpuSeconds),
            2,
          ),
        ]),
      );
    }
  }

  const bare = report.targets.find((t) => t.target === 'bare');
  const apps = report.targets.filter((t) => t.target !== 'bare');
  if (bare && apps.length) {
    lines.push('', `### Ours / bare relay, same run: ${wavesLabel(settings.waves)}`, '');
    lines.push(
      '| target | N | first token added, ours / bare | CPU per 1,000 tokens, ours / bare | relaying only, ours / bare | peak RSS, ours / bare |',
    );
    lines.push('|---|---:|---:|---:|---:|---:|');
    for (const t of apps) {
      for (const l of t.levels) {
        const b = levelAt(bare, l.n);
        if (!b || !directAt(l.n)) continue;
        const allIn = [
          across(l, (w) => w.cpuMsPer1000Tokens),
          across(b, (w) => w.cpuMsPer1000Tokens),
        ] as const;
        const relay = [relaying(t, l), relaying(bare, b)] as const;
        const added = [firstTokenAdded(l, 'firstTokenP50'), firstTokenAdded(b, 'firstTokenP50')] as const;
        const peak = [across(l, (w) => w.peakRssMb), across(b, (w) => w.peakRssMb)] as const;
        lines.push(
          row([
            t.target,
            l.n,
            `${sp(added[0], 2, plus)} / ${sp(added[1], 2, plus)} ms`,
            `${sp(allIn[0])} / ${sp(allIn[1])} ms = ${sp(spreadRatio(...allIn), 2)}`,
            `${sp(relay[0])} / ${sp(relay[1])} ms = ${sp(spreadRatio(...relay), 2)}`,
            `${sp(peak[0])} / ${sp(peak[1])} MB`,
          ]),
        );
      }
      const cost = [request(t), request(bare)] as const;
      lines.push(
        row([
          t.target,
          'idle',
          '',
          `CPU per request ${sp(cost[0], 2)} / ${sp(cost[1], 2)} ms = ${sp(spreadRatio(...cost), 2)}`,
          '',
          `${f(t.idleRssMb)} / ${f(bare.idleRssMb)} MB`,
        ]),
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

  lines.push('', `### Budgets (DESIGN §8): ${wavesLabel(settings.waves)}`, '');
  if (settings.waves > 1) lines.push('Each verdict is the median\'s; "nothing lost" counts every wave.', '');
  lines.push('| budget | target | measured | verdict |');
  lines.push('|---|---|---|---|');
  // The budgets are one process's: the cluster's figures are two processes' sums.
  for (const t of apps.filter((a) => (a.processes ?? 1) === 1)) {
    const l10 = levelAt(t, 10);
    if (l10 && directAt(10)) {
      const added = firstTokenAdded(l10, 'firstTokenP50');
      const b10 = levelAt(bare, 10);
      const bareAdded = b10 ? firstTokenAdded(b10, 'firstTokenP50') : undefined;
      const overBare = bareAdded?.count ? added.median - bareAdded.median : undefined;
      lines.push(
        row([
          'first token ≤ 3 ms added and ≤ the bare relay’s + 1.5 ms (p50, N=10)',
          t.target,
          `${sp(added, 2, plus)} ms${bareAdded?.count ? ` (bare ${sp(bareAdded, 2, plus)} ms)` : ''}`,
          ok(added.median <= 3 && (overBare === undefined || overBare <= 1.5)),
        ]),
      );
    }
    const l100 = levelAt(t, 100);
    const b100 = levelAt(bare, 100);
    if (l100 && b100 && bare) {
      const allIn = [
        across(l100, (w) => w.cpuMsPer1000Tokens),
        across(b100, (w) => w.cpuMsPer1000Tokens),
      ] as const;
      const relay = [relaying(t, l100), relaying(bare, b100)] as const;
      const measured = relay[0].count > 0 && relay[1].count > 0;
      lines.push(
        row([
          'CPU per 1,000 relayed tokens ≤ bare relay (N=100)',
          t.target,
          `relaying ${sp(relay[0])} vs ${sp(relay[1])} ms (×${sp(spreadRatio(...relay), 2)}); ` +
            `all-in ${sp(allIn[0])} vs ${sp(allIn[1])} ms (×${sp(spreadRatio(...allIn), 2)})`,
          ok(measured ? relay[0].median <= relay[1].median : undefined),
        ]),
      );
    }
    const cost = [request(t), bare ? request(bare) : spread([])] as const;
    const costMeasured = cost[0].count > 0 && cost[1].count > 0;
    lines.push(
      row([
        'CPU per chat request ≤ 1.3× the bare relay',
        t.target,
        `${sp(cost[0], 2)} vs ${sp(cost[1], 2)} ms (×${sp(spreadRatio(...cost), 2)})`,
        ok(costMeasured ? cost[0].median <= 1.3 * cost[1].median : undefined),
      ]),
    );
    const l500 = levelAt(t, 500);
    if (l500) {
      const gap = across(l500, (w) => w.gapP99);
      const first = across(l500, (w) => w.firstTokenP99);
      const delivered = across(l500, (w) => w.streamP50 / nominal);
      const lost = losses(l500);
      const met =
        gap.median < 100 &&
        first.median < 250 &&
        lost.failed === 0 &&
        lost.wrongText === 0 &&
        delivered.median <= 1.05;
      lines.push(
        row([
          '500 chats: gap p99 < 100 ms, first token p99 < 250 ms, stream within 5 %, nothing lost',
          t.target,
          `gap p99 ${sp(gap)} ms, first token p99 ${sp(first)} ms, stream ×${sp(delivered, 3)}, ${lost.failed} failed, ${lost.wrongText} wrong`,
          ok(met),
        ]),
      );
    }
    const l1000 = levelAt(t, 1000);
    const b1000 = levelAt(bare, 1000);
    if (l1000) {
      const first = [across(l1000, (w) => w.firstTokenP99), across(b1000, (w) => w.firstTokenP99)] as const;
      const gap = [across(l1000, (w) => w.gapP99), across(b1000, (w) => w.gapP99)] as const;
      const measured = first[1].count > 0 && gap[1].count > 0;
      lines.push(
        row([
          '1,000 chats: first token and chunk gap (p99) within 1.5× the bare relay’s',
          t.target,
          `first token ${sp(first[0])} vs ${sp(first[1])} ms (×${sp(spreadRatio(...first), 2)}), ` +
            `gap ${sp(gap[0])} vs ${sp(gap[1])} ms (×${sp(spreadRatio(...gap), 2)})`,
          ok(
            measured
              ? first[0].median <= 1.5 * first[1].median && gap[0].median <= 1.5 * gap[1].median
              : undefined,
          ),
        ]),
      );
    }
    // The embedded default (PGlite) has its own idle budget.
    const idleBudget = t.target === 'pglite' ? 150 : 100;
    lines.push(
      `| idle RSS < ${idleBudget} MB | ${t.target} | ${f(t.idleRssMb)} MB after 30 s idle (${f(t.readyRssMb)} MB when ready) | ${ok(t.idleRssMb < idleBudget)} |`,
    );
    const peak = across(l100, (w) => w.peakRssMb);
    if (peak.count && t.target !== 'pglite') {
      lines.push(
        `| RSS < 150 MB with 100 streaming chats | ${t.target} | ${sp(peak)} MB | ${ok(peak.median < 150)} |`,
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
  const lines = [
    `### One instance / two instances behind HAProxy, same run: ${wavesLabel(report.settings.waves)}`,
    '',
  ];
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
      const l = t.levels.find((x) => x.n === n);
      if (!l) continue;
      const at = (pick: (w: WaveFigures) => number | undefined) => across(l, pick);
      const lost = losses(l);
      lines.push(
        row([
          n,
          t.target,
          sp(
            at((w) => (w.replies - w.failed) / (w.wallMs / 1000)),
            2,
          ),
          sp(
            at((w) => deliveredTokensPerSecond(w, tokens)),
            0,
          ),
          ...latencyCells(at),
          sp(
            at((w) => w.cpuSeconds),
            2,
          ),
          sp(at((w) => w.cpuMsPer1000Tokens)),
          sp(
            at((w) => w.balancerCpuSeconds),
            2,
          ),
          `${lost.failed} of ${lost.replies}`,
        ]),
      );
    }
  }
  lines.push(
    '',
    `CPU per chat request (one-token replies): ${sp(spread(single.requestCpuMs), 2)} ms on one instance, ` +
      `${sp(spread(cluster.requestCpuMs), 2)} ms on two (summed). Idle RSS ${f(single.idleRssMb)} MB against ` +
      `${f(cluster.idleRssMb)} MB for both instances.`,
  );
  return lines;
}
