/**
 * Runs a red-team set (refuse + allow items with their entry point, category and language) through
 * `checkInput` and sums it up: recall per refuse category, false refusals per allow category, per entry
 * point and per language, the misses, and the time per call. Used by `npm run safety:eval` and by the
 * regression tests.
 */
import { checkInput, type SafetyEntry } from '../input.ts';

export interface EvalItem {
  where: SafetyEntry;
  category: string;
  lang?: string;
  text: string;
  history?: string[];
}

export interface EvalSet {
  refuse: EvalItem[];
  allow: EvalItem[];
}

export interface Rate {
  total: number;
  hit: number;
}

export interface EvalReport {
  recall: Rate;
  falseRefusals: Rate;
  perCategory: Record<string, Rate & { kind: 'refuse' | 'allow' }>;
  perEntry: Record<string, { refuse: Rate; allow: Rate }>;
  perLang: Record<string, { refuse: Rate; allow: Rate }>;
  misses: EvalItem[];
  falseRefused: (EvalItem & { reason: string })[];
  microsPerItem: number;
}

const rate = (): Rate => ({ total: 0, hit: 0 });

export function evaluate(set: EvalSet): EvalReport {
  const report: EvalReport = {
    recall: rate(),
    falseRefusals: rate(),
    perCategory: {},
    perEntry: {},
    perLang: {},
    misses: [],
    falseRefused: [],
    microsPerItem: 0,
  };
  const items = [
    ...set.refuse.map((i) => ({ item: i, kind: 'refuse' as const })),
    ...set.allow.map((i) => ({ item: i, kind: 'allow' as const })),
  ];
  const started = process.hrtime.bigint();
  for (const { item, kind } of items) {
    // Read afresh each pass (not remembered), so the time per call is a first reading's.
    const verdict = checkInput({
      text: item.text,
      entry: item.where,
      history: item.history ?? [],
      transient: true,
    });
    const refused = !verdict.ok;
    report.perCategory[item.category] ??= { ...rate(), kind };
    report.perEntry[item.where] ??= { refuse: rate(), allow: rate() };
    report.perLang[item.lang ?? '?'] ??= { refuse: rate(), allow: rate() };
    const category = report.perCategory[item.category]!;
    const entry = report.perEntry[item.where]!;
    const lang = report.perLang[item.lang ?? '?']!;
    const total = kind === 'refuse' ? report.recall : report.falseRefusals;
    for (const r of [category, entry[kind], lang[kind], total]) {
      r.total++;
      if (refused) r.hit++;
    }
    if (kind === 'refuse' && !refused) report.misses.push(item);
    if (kind === 'allow' && !verdict.ok) report.falseRefused.push({ ...item, reason: verdict.reason });
  }
  const elapsed = Number(process.hrtime.bigint() - started) / 1000;
  report.microsPerItem = items.length ? elapsed / items.length : 0;
  return report;
}

export const pct = (r: Rate): number => (r.total ? (100 * r.hit) / r.total : 0);
const fmt = (r: Rate) => `${pct(r).toFixed(1).padStart(5)} % (${r.hit}/${r.total})`;

/** The report as the eval prints it. */
export function formatReport(report: EvalReport): string {
  const lines: string[] = [];
  lines.push(`refuse recall:   ${fmt(report.recall)}`);
  lines.push(`false refusals:  ${fmt(report.falseRefusals)}`);
  lines.push(`time per call:   ${report.microsPerItem.toFixed(0)} µs`);
  lines.push('', 'per category (refuse: refused; allow: falsely refused)');
  for (const [name, r] of Object.entries(report.perCategory).sort()) {
    lines.push(`  ${r.kind.padEnd(6)} ${name.padEnd(26)} ${fmt(r)}`);
  }
  for (const [title, table] of [
    ['per entry point', report.perEntry],
    ['per language', report.perLang],
  ] as const) {
    lines.push('', `${title} (refused / falsely refused)`);
    for (const [name, r] of Object.entries(table).sort()) {
      lines.push(`  ${name.padEnd(22)} refuse ${fmt(r.refuse)}   allow ${fmt(r.allow)}`);
    }
  }
  lines.push('', `misses (${report.misses.length})`);
  for (const m of report.misses) lines.push(`  [${m.category} @ ${m.where}] ${m.text}`);
  lines.push('', `false refusals (${report.falseRefused.length})`);
  for (const f of report.falseRefused) lines.push(`  [${f.category} @ ${f.where} → ${f.reason}] ${f.text}`);
  return lines.join('\n');
}
