/**
 * `npm run safety:eval [path ...]`: red-team sets through the checks as the entry points run them. The
 * paths default to SAFETY_EVAL_SET, then to both shared dev sets beside the repository
 * (../shared/safety/redteam-dev.json and redteam-dev-2.json).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { detectCrisis } from '../crisis.ts';
import { type CrisisCheck, type EvalSet, evaluate, formatReport } from './evaluate.ts';

const root = new URL('../../../../../../', import.meta.url).pathname;
const shared = (name: string) => resolve(root, '..', 'shared', 'safety', name);
const paths = process.argv.slice(2).length
  ? process.argv.slice(2)
  : process.env.SAFETY_EVAL_SET
    ? [process.env.SAFETY_EVAL_SET]
    : [shared('redteam-dev.json'), shared('redteam-dev-2.json')];
for (const path of paths.map((p) => resolve(p))) {
  if (!existsSync(path)) {
    console.error(`safety:eval: no red-team set at ${path} (pass a path or set SAFETY_EVAL_SET)`);
    process.exit(2);
  }
  const set = JSON.parse(readFileSync(path, 'utf8')) as EvalSet;
  // The crisis protocol's detector is asked first, as the send pipeline asks it.
  const crisis: CrisisCheck = (text, history) => detectCrisis(text, history).crisis;
  // One warm-up pass (the first calls fill the stem cache), then five: the time is their median.
  evaluate(set, crisis);
  const runs = Array.from({ length: 5 }, () => evaluate(set, crisis));
  const times = runs.map((r) => r.microsPerItem).sort((a, b) => a - b);
  const report = { ...runs[0]!, microsPerItem: times[2]! };
  console.log(`red-team set: ${path}\n`);
  console.log(formatReport(report));
  console.log('');
}
