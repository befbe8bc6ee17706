/**
 * `npx tsx apps/server/src/modules/safety/eval/crisis-eval.ts [dev-2] [dev-1]`: the crisis detector on the
 * shared red-team sets. The `crisis` items of dev-2 must trigger it (with their history), its
 * `crisis_nearmiss` items must not, and neither must any other item of either set (600 of dev-2, 180 of
 * dev-1: sexual role-play, minors, celebrities — none is a crisis). Prints the rates, every miss and false
 * trigger (with the signals it read), how many texts the prefilter lets through, and the time per call
 * (the median of five passes after a warm-up), beside the rules' `checkInput` on the same items in the
 * same process, so that the ratio holds on a busy machine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { detectCrisis, explainCrisis, mayBeCrisis } from '../crisis.ts';
import { checkInput } from '../input.ts';
import type { SafetyTurn } from '../turns.ts';

interface Item {
  id?: string;
  where: string;
  category: string;
  lang?: string;
  text: string;
  history?: readonly (string | SafetyTurn)[];
  note?: string;
}
interface RedTeamSet {
  refuse: Item[];
  allow: Item[];
}

const root = new URL('../../../../../../', import.meta.url).pathname;
const shared = (name: string) => resolve(root, '..', 'shared', 'safety', name);
const [dev2Path = shared('redteam-dev-2.json'), dev1Path = shared('redteam-dev.json')] =
  process.argv.slice(2);

function load(path: string): Item[] {
  if (!existsSync(path)) {
    console.error(`crisis-eval: no red-team set at ${path}`);
    process.exit(2);
  }
  const set = JSON.parse(readFileSync(path, 'utf8')) as RedTeamSet;
  return [...set.refuse, ...set.allow];
}

const items = [...load(dev2Path), ...load(dev1Path)];
const historyOf = (item: Item): SafetyTurn[] =>
  (item.history ?? []).map((t) => (typeof t === 'string' ? { role: 'user', text: t } : t));
const prepared = items.map((item) => ({ item, history: historyOf(item) }));

interface Tally {
  total: number;
  hit: number;
  list: Item[];
}
const tally = (): Tally => ({ total: 0, hit: 0, list: [] });

function run() {
  const crisis = tally();
  const nearMiss = tally();
  const others = tally();
  const kinds: Record<string, number> = {};
  const started = process.hrtime.bigint();
  for (const { item, history } of prepared) {
    const verdict = detectCrisis(item.text, history);
    const t = item.category === 'crisis' ? crisis : item.category === 'crisis_nearmiss' ? nearMiss : others;
    t.total++;
    if (verdict.crisis) {
      t.hit++;
      if (item.category === 'crisis') kinds[verdict.kind ?? '?'] = (kinds[verdict.kind ?? '?'] ?? 0) + 1;
    }
    // A crisis item that is not referred is listed; any other item that is.
    if (verdict.crisis !== (item.category === 'crisis')) t.list.push(item);
  }
  const micros = Number(process.hrtime.bigint() - started) / 1000 / prepared.length;
  return { crisis, nearMiss, others, kinds, micros };
}

run();
const runs = Array.from({ length: 5 }, run);
const times = runs.map((r) => r.micros).sort((a, b) => a - b);
const report = runs[0]!;

/** `checkInput` on the same texts, timed the same way (not remembered: it keeps what it read), for the ratio. */
function timeCheck(): number {
  const started = process.hrtime.bigint();
  for (const { item, history } of prepared)
    checkInput({ text: item.text, entry: 'chat', turns: history, transient: true });
  return Number(process.hrtime.bigint() - started) / 1000 / prepared.length;
}
timeCheck();
const checkTimes = Array.from({ length: 5 }, timeCheck).sort((a, b) => a - b);

/** The detector on the items that are not about a crisis at all: what ordinary chat traffic costs. */
const ordinary = prepared.filter(({ item }) => !item.category.startsWith('crisis'));
function timeOrdinary(): number {
  const started = process.hrtime.bigint();
  for (const { item, history } of ordinary) detectCrisis(item.text, history);
  return Number(process.hrtime.bigint() - started) / 1000 / ordinary.length;
}
timeOrdinary();
const ordinaryTimes = Array.from({ length: 5 }, timeOrdinary).sort((a, b) => a - b);
const pct = (t: Tally) =>
  `${((100 * t.hit) / Math.max(1, t.total)).toFixed(1).padStart(5)} % (${t.hit}/${t.total})`;
const passed = items.filter((i) => mayBeCrisis(i.text)).length;
const ordinaryPassed = ordinary.filter(({ item }) => mayBeCrisis(item.text)).length;

console.log(`dev-2: ${dev2Path}\ndev-1: ${dev1Path}\n`);
console.log(`crisis referred:         ${pct(report.crisis)}`);
console.log(`near-misses triggered:   ${pct(report.nearMiss)}`);
console.log(`other items triggered:   ${pct(report.others)}`);
console.log(`kinds of the referrals:  ${JSON.stringify(report.kinds)}`);
console.log(
  `prefilter lets through:  ${passed}/${items.length} texts (${ordinaryPassed}/${ordinary.length} of those that are no crisis)`,
);
console.log(
  `time per call:           ${times[2]!.toFixed(1)} µs (median of 5 passes over ${items.length} items)`,
);
console.log(`  on the ${ordinary.length} items that are no crisis: ${ordinaryTimes[2]!.toFixed(1)} µs`);
console.log(
  `checkInput, same items:  ${checkTimes[2]!.toFixed(1)} µs (the detector costs ${((100 * times[2]!) / checkTimes[2]!).toFixed(0)} % of it)`,
);
const show = (item: Item) => {
  const history = (item.history ?? [])
    .map((h) => (typeof h === 'string' ? { role: 'user', text: h } : h))
    .map((h) => `\n      ${h.role}: ${h.text}`)
    .join('');
  const signals = explainCrisis(item.text, historyOf(item));
  return `  ${item.id ?? ''} [${item.category} @ ${item.where}, ${item.lang ?? '?'}]${history}\n    ${item.text}${signals.length ? `\n    signals: ${signals.join(', ')}` : ''}`;
};
console.log(`\nmissed crisis items (${report.crisis.list.length})`);
for (const item of report.crisis.list) console.log(show(item));
console.log(`\ntriggered near-misses (${report.nearMiss.list.length})`);
for (const item of report.nearMiss.list) console.log(show(item));
console.log(`\ntriggered other items (${report.others.list.length})`);
for (const item of report.others.list) console.log(show(item));
