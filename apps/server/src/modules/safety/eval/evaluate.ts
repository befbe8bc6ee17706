/**
 * Runs a red-team set through the checks as the app's entry points run them (issue 27): a chat
 * message with its history replayed turn by turn into the chat's context (`conversation.ts`), a photo
 * request as one, her reply through the output check with her as the speaker, and the crisis protocol
 * before anything else. Both shared formats: dev-1 (`where`, `category`, `lang`, `text`) and dev-2
 * (`id`, `history` of `{role, text}`, `where: "reply"` and `"photo_request"`, the `crisis` and
 * `crisis_nearmiss` categories). Sums it up per category, entry point and language, with the misses
 * and the time per item. Used by `npm run safety:eval` and by the regression tests.
 */
import { EMPTY_CONTEXT, judgeHer, judgeUser, replay } from '../conversation.ts';
import type { SafetyEntry } from '../input.ts';
import type { SafetyTurn } from '../turns.ts';

export interface EvalItem {
  id?: string;
  /** An entry point, or dev-2's `photo_request` (= `image_request`) and `reply` (her reply). */
  where: SafetyEntry | 'photo_request' | 'reply';
  category: string;
  lang?: string;
  text: string;
  /** Earlier turns, oldest first: a plain string is a user turn. */
  history?: readonly (string | SafetyTurn)[];
  note?: string;
}

export interface EvalSet {
  refuse: EvalItem[];
  allow: EvalItem[];
}

export interface Rate {
  total: number;
  hit: number;
}

/** What the checks did with an item. */
export interface Outcome {
  /** Refused (or, for her reply, cut), with the reason. */
  refused?: string;
  /** The crisis protocol answered it. */
  crisis: boolean;
}

/** The crisis detector, when there is one: the user's message with the turns before it. */
export type CrisisCheck = (text: string, history: readonly SafetyTurn[]) => boolean;

export interface EvalReport {
  /** Refuse items (crisis ones apart) blocked. */
  recall: Rate;
  /** Allow items (crisis near-misses apart) not passed unchanged. */
  falseRefusals: Rate;
  /** `crisis` items that got the crisis protocol (a plain refusal is a miss). */
  crisis: Rate;
  /** `crisis_nearmiss` items that triggered anything. */
  crisisNearMiss: Rate;
  /** Every non-crisis item that triggered the crisis protocol. */
  crisisElsewhere: Rate;
  perCategory: Record<string, Rate & { kind: 'refuse' | 'allow' }>;
  perEntry: Record<string, { refuse: Rate; allow: Rate }>;
  perLang: Record<string, { refuse: Rate; allow: Rate }>;
  misses: EvalItem[];
  falseRefused: (EvalItem & { reason: string })[];
  microsPerItem: number;
}

const rate = (): Rate => ({ total: 0, hit: 0 });
const turnOf = (t: string | SafetyTurn): SafetyTurn =>
  typeof t === 'string' ? { role: 'user', text: t } : t;
const entryOf = (where: EvalItem['where']): SafetyEntry =>
  where === 'photo_request' ? 'image_request' : where === 'reply' ? 'chat' : where;

/** One item through the entry point it names. */
export function judgeItem(item: EvalItem, crisis?: CrisisCheck): Outcome {
  const history = (item.history ?? []).map(turnOf);
  const entry = entryOf(item.where);
  const context = history.length ? replay(history) : EMPTY_CONTEXT;
  if (item.where === 'reply') {
    const verdict = judgeHer(item.text, context, true);
    return verdict.ok ? { crisis: false } : { refused: verdict.reason, crisis: false };
  }
  // Forms (a name, a description) are not a conversation: the crisis protocol answers chat turns.
  const conversational = entry === 'chat' || entry === 'image_request' || entry === 'upload_caption';
  if (conversational && crisis?.(item.text, history)) return { crisis: true };
  const verdict = judgeUser(item.text, entry, context, true);
  return verdict.ok ? { crisis: false } : { refused: verdict.reason, crisis: false };
}

export function evaluate(set: EvalSet, crisis?: CrisisCheck): EvalReport {
  const report: EvalReport = {
    recall: rate(),
    falseRefusals: rate(),
    crisis: rate(),
    crisisNearMiss: rate(),
    crisisElsewhere: rate(),
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
    const outcome = judgeItem(item, crisis);
    const isCrisis = item.category === 'crisis';
    const isNearMiss = item.category === 'crisis_nearmiss';
    // A crisis item is caught only by the crisis protocol; any other refuse item by a block; an allow
    // item passes only unchanged.
    const caught = isCrisis ? outcome.crisis : kind === 'refuse' ? Boolean(outcome.refused) : false;
    const blocked = kind === 'refuse' ? caught : Boolean(outcome.refused) || outcome.crisis;
    report.perCategory[item.category] ??= { ...rate(), kind };
    report.perEntry[item.where] ??= { refuse: rate(), allow: rate() };
    report.perLang[item.lang ?? '?'] ??= { refuse: rate(), allow: rate() };
    const totals = isCrisis
      ? report.crisis
      : isNearMiss
        ? report.crisisNearMiss
        : kind === 'refuse'
          ? report.recall
          : report.falseRefusals;
    for (const r of [
      report.perCategory[item.category]!,
      report.perEntry[item.where]![kind],
      report.perLang[item.lang ?? '?']![kind],
      totals,
    ]) {
      r.total++;
      if (blocked) r.hit++;
    }
    if (!isCrisis) {
      report.crisisElsewhere.total++;
      if (outcome.crisis) report.crisisElsewhere.hit++;
    }
    if (kind === 'refuse' && !blocked) report.misses.push(item);
    if (kind === 'allow' && blocked)
      report.falseRefused.push({ ...item, reason: outcome.crisis ? 'crisis' : (outcome.refused ?? '') });
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
  if (report.crisis.total || report.crisisNearMiss.total) {
    lines.push(`crisis referred: ${fmt(report.crisis)}`);
    lines.push(`near-misses hit: ${fmt(report.crisisNearMiss)}`);
  }
  lines.push(`crisis elsewhere:${fmt(report.crisisElsewhere)}`);
  lines.push(`time per item:   ${report.microsPerItem.toFixed(0)} µs`);
  lines.push('', 'per category (refuse: blocked or referred; allow: not passed unchanged)');
  for (const [name, r] of Object.entries(report.perCategory).sort()) {
    lines.push(`  ${r.kind.padEnd(6)} ${name.padEnd(26)} ${fmt(r)}`);
  }
  for (const [title, table] of [
    ['per entry point', report.perEntry],
    ['per language', report.perLang],
  ] as const) {
    lines.push('', `${title} (blocked / not passed)`);
    for (const [name, r] of Object.entries(table).sort()) {
      lines.push(`  ${name.padEnd(22)} refuse ${fmt(r.refuse)}   allow ${fmt(r.allow)}`);
    }
  }
  const show = (m: EvalItem) => {
    const history = (m.history ?? []).map((h) => `\n      ${turnOf(h).role}: ${turnOf(h).text}`).join('');
    return `${m.id ? `${m.id} ` : ''}[${m.category} @ ${m.where}]${history}\n    ${m.text}`;
  };
  lines.push('', `misses (${report.misses.length})`);
  for (const m of report.misses) lines.push(`  ${show(m)}`);
  lines.push('', `false refusals (${report.falseRefused.length})`);
  for (const f of report.falseRefused) lines.push(`  → ${f.reason} ${show(f)}`);
  return lines.join('\n');
}
