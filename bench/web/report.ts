import { round } from '../lib/stats.ts';
import type { Asset, PageLoad, Scenario } from './capture.ts';
import type { LighthouseResult } from './lighthouse.ts';

/** DESIGN §8: JavaScript < 150 KB gzip for `/` and `/chat`, Lighthouse performance >= 90 on mobile. */
const JS_BUDGET_KB = 150;
const LIGHTHOUSE_BUDGET = 90;
const BUDGETED_ROUTES = ['/', '/chat', '/chat/{id}'];

export interface LoadSummary {
  finalPath: string;
  jsGzipKb: number;
  jsInitialGzipKb: number;
  jsLazyGzipKb: number;
  jsBeforeFcpGzipKb: number;
  jsRawKb: number;
  /** JS bytes on the wire, and how the server encoded them. */
  jsTransferKb: number;
  jsEncodings: string[];
  cssGzipKb: number;
  cssTransferKb: number;
  jsRequests: number;
  cssRequests: number;
  requests: number;
  fcpMs: number | null;
  settledMs: number;
}

export interface RouteResult {
  route: string;
  visitor: Scenario['visitor'];
  path: string;
  budgetKb: number | null;
  phone: LoadSummary;
  desktop: LoadSummary;
  /** The phone load's JS and CSS files. */
  files: Asset[];
}

const kb = (bytes: number) => round(bytes / 1024, 1);
const sum = (assets: Asset[], pick: (a: Asset) => number) => assets.reduce((n, a) => n + pick(a), 0);

export function summarise(load: PageLoad): LoadSummary {
  const js = load.assets.filter((a) => a.kind === 'js');
  const css = load.assets.filter((a) => a.kind === 'css');
  const url = new URL(load.finalUrl);
  return {
    finalPath: url.pathname + url.search,
    jsGzipKb: kb(sum(js, (a) => a.gzipBytes)),
    jsInitialGzipKb: kb(
      sum(
        js.filter((a) => a.initial),
        (a) => a.gzipBytes,
      ),
    ),
    jsLazyGzipKb: kb(
      sum(
        js.filter((a) => !a.initial),
        (a) => a.gzipBytes,
      ),
    ),
    jsBeforeFcpGzipKb: kb(
      sum(
        js.filter((a) => a.beforeFcp),
        (a) => a.gzipBytes,
      ),
    ),
    jsRawKb: kb(sum(js, (a) => a.rawBytes)),
    jsTransferKb: kb(sum(js, (a) => a.transferBytes)),
    jsEncodings: [...new Set(js.map((a) => a.encoding || 'identity'))],
    cssGzipKb: kb(sum(css, (a) => a.gzipBytes)),
    cssTransferKb: kb(sum(css, (a) => a.transferBytes)),
    jsRequests: js.length,
    cssRequests: css.length,
    requests: load.requests,
    fcpMs: load.fcpMs === null ? null : Math.round(load.fcpMs),
    settledMs: load.settledMs,
  };
}

export function budgetFor(route: string): number | null {
  return BUDGETED_ROUTES.includes(route) ? JS_BUDGET_KB : null;
}

const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

function fileName(url: string): string {
  return new URL(url).pathname.replace(/^\/assets\//, '');
}

export function markdown(options: {
  machine: string;
  commit: string;
  routes: RouteResult[];
  lighthouse: LighthouseResult[];
  lighthouseRuns: number;
}): string {
  const { routes, lighthouse } = options;
  const out: string[] = [];
  out.push('# bench:web — page weight and Lighthouse', '');
  out.push(options.machine, `- Commit: ${options.commit}`, '');
  out.push(
    '## Page weight',
    '',
    'Each route loaded in Chromium in a fresh context (cold HTTP cache), phone viewport (390×844), until its',
    'content is on screen and the network has been quiet for 1 s. JS/CSS "gzip" is each body gzipped here',
    '(zlib level 9), whatever the server sent; "wire" is what Chromium received (and its encoding).',
    '"Initial" JS is what index.html names (entry + module preloads: fetched before the first render);',
    '"lazy" is everything loaded after that until settled. "≤ FCP" is the JS that finished loading before',
    'the first contentful paint. Budget (DESIGN §8): JS < 150 KB gzip for `/` and `/chat`, everything counted.',
    '',
    '| Route | Visitor | Ends at | JS gzip KB (initial + lazy) | JS ≤ FCP | JS raw KB | JS wire KB (enc.) | CSS gzip KB | CSS wire KB | Requests (JS / CSS / all) | JS gzip KB, desktop | Budget |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of routes) {
    const p = r.phone;
    const worst = Math.max(p.jsGzipKb, r.desktop.jsGzipKb);
    out.push(
      `| \`${r.route}\` | ${r.visitor} | \`${p.finalPath}\` | **${p.jsGzipKb}** (${p.jsInitialGzipKb} + ${p.jsLazyGzipKb}) | ${p.jsBeforeFcpGzipKb} | ${p.jsRawKb} | ${p.jsTransferKb} (${p.jsEncodings.join(', ')}) | ${p.cssGzipKb} | ${p.cssTransferKb} | ${p.jsRequests} / ${p.cssRequests} / ${p.requests} | ${r.desktop.jsGzipKb} | ${r.budgetKb === null ? '—' : `${verdict(worst < r.budgetKb)} (< ${r.budgetKb})`} |`,
    );
  }
  out.push('');

  out.push(
    '## Lighthouse 12 (mobile, simulated throttling, performance only)',
    '',
    `${options.lighthouseRuns} runs per row; the metrics are those of the run with the median score.`,
    '"First visit": empty storage, so the app creates a guest and shows the 18+ gate (a first visit to',
    '`/chat` has no companion and is sent to `/`). "Returning visitor": localStorage of a guest who passed the',
    'gate (for `/`) or adopted a companion (for `/chat`), seeded on the origin without loading the app, and an',
    'empty HTTP cache (`disableStorageReset`).',
    '',
    '| Page | Visitor | Ends at | Score (runs) | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | Budget |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const l of lighthouse) {
    const m = l.median;
    out.push(
      `| \`${l.page}\` | ${l.visitor} | \`${new URL(m.finalUrl).pathname}\` | **${m.score}** (${l.runs.map((r) => r.score).join(', ')}) | ${Math.round(m.fcpMs)} | ${Math.round(m.lcpMs)} | ${Math.round(m.tbtMs)} | ${round(m.cls, 3)} | ${Math.round(m.speedIndexMs)} | ${verdict(m.score >= LIGHTHOUSE_BUDGET)} (≥ ${LIGHTHOUSE_BUDGET}) |`,
    );
  }
  const warnings = [...new Set(lighthouse.flatMap((l) => l.runs.flatMap((r) => r.warnings)))];
  if (warnings.length) out.push('', 'Lighthouse warnings:', ...warnings.map((w) => `- ${w}`));
  out.push('');

  out.push('## Files of the budgeted routes (phone)', '');
  for (const r of routes.filter((x) => x.budgetKb !== null)) {
    out.push(
      `### \`${r.route}\`, ${r.visitor}`,
      '',
      '| File | Kind | When | Raw KB | Gzip KB | Wire KB (enc.) |',
      '|---|---|---|---|---|---|',
    );
    const files = [...r.files].sort(
      (a, b) => Number(b.initial) - Number(a.initial) || b.gzipBytes - a.gzipBytes,
    );
    for (const f of files) {
      out.push(
        `| ${fileName(f.url)} | ${f.kind} | ${f.initial ? 'initial' : 'lazy'} | ${kb(f.rawBytes)} | ${kb(f.gzipBytes)} | ${kb(f.transferBytes)} (${f.encoding || 'identity'}) |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}
