/**
 * `npm run safety:eval [path]`: the red-team set through the rules layer. The path defaults to
 * SAFETY_EVAL_SET, then to ../shared/safety/redteam-dev.json beside the repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type EvalSet, evaluate, formatReport } from './evaluate.ts';

const root = new URL('../../../../../../', import.meta.url).pathname;
const path = resolve(
  process.argv[2] ??
    process.env.SAFETY_EVAL_SET ??
    resolve(root, '..', 'shared', 'safety', 'redteam-dev.json'),
);
if (!existsSync(path)) {
  console.error(`safety:eval: no red-team set at ${path} (pass a path or set SAFETY_EVAL_SET)`);
  process.exit(2);
}
const set = JSON.parse(readFileSync(path, 'utf8')) as EvalSet;
// One warm-up pass (the first calls fill the stem cache), then five: the time is their median.
evaluate(set);
const runs = Array.from({ length: 5 }, () => evaluate(set));
const times = runs.map((r) => r.microsPerItem).sort((a, b) => a - b);
const report = { ...runs[0]!, microsPerItem: times[2]! };
console.log(`red-team set: ${path}\n`);
console.log(formatReport(report));
