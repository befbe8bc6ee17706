import { describe, expect, it } from 'vitest';
import type { ReplyFigures } from './load.ts';
import {
  deliveredTokensPerSecond,
  nominalStreamMs,
  type Report,
  relayMsPer1000,
  renderReport,
  type WaveFigures,
} from './report.ts';

const figures: ReplyFigures = {
  replies: 20,
  failed: 0,
  wrongText: 0,
  firstTokenP50: 5,
  firstTokenP99: 9,
  gapP99: 60,
  streamP50: 3980,
  errors: [],
};
const wave = (n: number, extra: Partial<WaveFigures> = {}): WaveFigures => ({
  n,
  ...figures,
  wallMs: 9000,
  loadGenLagP99Ms: 11,
  ...extra,
});

const report: Report = {
  machine: {
    date: '2026-11-22T00:00:00.000Z',
    cpu: 'test',
    cores: 2,
    memoryGb: 24,
    node: 'v20',
    kernel: 'Linux',
    loadAverage: [0.1, 0.1, 0.1],
  },
  settings: { ns: [10, 100, 500], replies: 2, tokens: 200, rate: 50, promptChars: 3000, staggerMs: 1000 },
  direct: [wave(10, { firstTokenP50: 4 }), wave(100), wave(500)],
  targets: [
    {
      target: 'postgres',
      readyRssMb: 130,
      idleRssMb: 90,
      requestCpuMs: 2.5,
      waves: [
        wave(10, { firstTokenP50: 6, cpuMsPer1000Tokens: 90, peakRssMb: 120 }),
        wave(100, { cpuMsPer1000Tokens: 80, peakRssMb: 160 }),
        wave(500, { gapP99: 150, streamP50: 3990 }),
      ],
    },
    {
      target: 'bare',
      idleRssMb: 80,
      requestCpuMs: 1,
      waves: [wave(10, { cpuMsPer1000Tokens: 95 }), wave(100, { cpuMsPer1000Tokens: 100 }), wave(500)],
    },
  ],
  floor: { postgresSelect1: 0.17, postgresPreparedRow: 0.13, pgliteSelect1: 0.48, nodeRssMb: 40 },
};

describe('bench:stream report', () => {
  const text = renderReport(report);
  const budget = (name: string) => text.split('\n').find((line) => line.startsWith(`| ${name}`)) ?? '';

  it('judges each budget of DESIGN §8 from the figures of the same run', () => {
    expect(budget('first token ≤ 3 ms added')).toContain('+2.00 ms | met');
    // No cpuSeconds in these figures: relaying-only cannot be computed, so the verdict says so.
    expect(budget('CPU per 1,000 relayed tokens ≤ bare relay')).toContain('all-in 80.0 vs 100.0 ms (×0.80)');
    expect(budget('CPU per chat request ≤ 2 ms')).toContain('2.50 ms | **missed**');
    expect(budget('500 chats')).toContain('gap p99 150.0 ms');
    expect(budget('500 chats')).toContain('**missed**');
    expect(budget('idle RSS < 100 MB')).toContain('90.0 MB after 30 s idle (130.0 MB when ready) | met');
    expect(budget('RSS < 150 MB with 100 streaming chats')).toContain('160.0 MB | **missed**');
  });

  it('shows ours / bare ratios and the database floor', () => {
    expect(text).toContain('| postgres | 100 | ');
    expect(text).toContain('80.0 / 100.0 ms = 0.80');
    expect(relayMsPer1000({ ...wave(100), cpuSeconds: 4.5, replies: 200 }, 5, 200)).toBeCloseTo(87.5);
    expect(text).toContain('CPU per request 2.50 / 1.00 ms = 2.50');
    expect(text).toContain('`select 1` 0.170 ms');
  });

  it('says where PostgreSQL and Redis ran', () => {
    const note = 'PostgreSQL (7 processes) and Redis (1 process) pinned to core 0 with the load generator';
    const md = renderReport({ ...report, settings: { ...report.settings, services: note } });
    expect(md).toContain(`${note}.`);
  });

  it('knows how long the upstream takes to send a reply', () => {
    expect(nominalStreamMs(200, 50)).toBe(3980);
    expect(nominalStreamMs(1, 0)).toBe(0);
  });

  it('sets two instances beside one, per N, and judges no one-process budget on their sums', () => {
    const single = {
      target: 'postgres-redis',
      idleRssMb: 95,
      requestCpuMs: 2.6,
      waves: [wave(10, { cpuSeconds: 1 })],
    };
    const cluster = {
      target: 'cluster',
      processes: 2,
      idleRssMb: 190,
      requestCpuMs: 3.1,
      waves: [wave(10, { cpuSeconds: 1.2, balancerCpuSeconds: 0.05, firstTokenP50: 7 })],
    };
    const both = renderReport({ ...report, targets: [single, cluster] });
    expect(both).toContain('### One instance / two instances behind HAProxy, same run');
    // 20 replies of 200 tokens in 9 s.
    expect(both).toContain('| 10 | postgres-redis | 2.22 | 444 | 5.00 ms |');
    expect(both).toContain('| 10 | cluster | 2.22 | 444 | 7.00 ms |');
    expect(both).toContain('| 0.05 | 0 of 20 |');
    expect(both).toContain('3.10 ms on two (summed)');
    const budgets = both.slice(both.indexOf('### Budgets'));
    expect(budgets).toContain('| postgres-redis |');
    expect(budgets).not.toContain('| cluster |');
    expect(deliveredTokensPerSecond({ ...wave(10), failed: 2 }, 200)).toBeCloseTo(400);
  });
});
