/**
 * `npm run bench:web`: what each route of the built app downloads (JS/CSS, gzip and on the wire) and
 * Lighthouse's mobile performance for `/` and `/chat`, against DESIGN §8's page budgets. Budget misses are
 * reported, not fatal: the exit code is non-zero only when the harness itself fails.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { machineInfo, machineMarkdown } from '../lib/machine.ts';
import { ROOT, type StartedApp, startApp } from '../lib/server.ts';
import { launchBrowser } from './browser.ts';
import { capture, type Scenario } from './capture.ts';
import { type LighthouseResult, runLighthouse } from './lighthouse.ts';
import { budgetFor, markdown, type RouteResult, summarise } from './report.ts';
import { prepareVisitors } from './visitors.ts';

const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

const visible = (selector: string) => (page: Page) =>
  page.locator(selector).first().waitFor({ state: 'visible', timeout: 30_000 });
const adultGate = (page: Page) =>
  page.getByRole('dialog', { name: 'Только для взрослых' }).waitFor({ timeout: 30_000 });
const chatMessage = visible('[data-testid="chat-message"][data-sender="assistant"]');

function commit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT }).toString().trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  const machine = machineInfo();
  let app: StartedApp | undefined;
  const browser = await launchBrowser();
  try {
    app = await startApp();
    const origin = app.url;
    const visitors = await prepareVisitors(browser, origin);
    const scenarios: Scenario[] = [
      { route: '/', visitor: 'first visit', path: '/', storage: [], ready: adultGate },
      { route: '/', visitor: 'gate passed', path: '/', storage: visitors.gatePassed, ready: visible('h1') },
      {
        route: '/gfs',
        visitor: 'gate passed',
        path: '/gfs',
        storage: visitors.gatePassed,
        ready: visible('article'),
      },
      {
        route: '/personify',
        visitor: 'gate passed',
        path: '/personify',
        storage: visitors.gatePassed,
        ready: visible('h1'),
      },
      {
        route: '/generation',
        visitor: 'gate passed',
        path: '/generation',
        storage: visitors.gatePassed,
        ready: visible('h1'),
      },
      {
        route: '/privacy',
        visitor: 'gate passed',
        path: '/privacy',
        storage: visitors.gatePassed,
        ready: visible('[role="dialog"] section'),
      },
      { route: '/chat', visitor: 'first visit', path: '/chat', storage: [], ready: adultGate },
      {
        route: '/chat',
        visitor: 'with companion',
        path: '/chat',
        storage: visitors.withCompanion,
        ready: chatMessage,
      },
      {
        route: '/chat/{id}',
        visitor: 'with companion',
        path: `/chat/${visitors.chatId}`,
        storage: visitors.withCompanion,
        ready: chatMessage,
      },
    ];

    const routes: RouteResult[] = [];
    for (const scenario of scenarios) {
      const phone = await capture(browser, origin, scenario, 'phone');
      const desktop = await capture(browser, origin, scenario, 'desktop');
      const result: RouteResult = {
        route: scenario.route,
        visitor: scenario.visitor,
        path: scenario.path,
        budgetKb: budgetFor(scenario.route),
        phone: summarise(phone),
        desktop: summarise(desktop),
        files: phone.assets.filter((a) => a.kind === 'js' || a.kind === 'css'),
      };
      routes.push(result);
      console.error(
        `${scenario.route} (${scenario.visitor}): JS ${result.phone.jsGzipKb} KB gzip, CSS ${result.phone.cssGzipKb} KB`,
      );
    }
    await browser.close();

    const lighthouse: LighthouseResult[] = [];
    const pages = [
      { page: '/', path: '/', storage: undefined },
      { page: '/', path: '/', storage: visitors.gatePassed },
      { page: '/chat', path: '/chat', storage: undefined },
      { page: '/chat', path: '/chat', storage: visitors.withCompanion },
    ];
    for (const p of pages) {
      const result = await runLighthouse({ origin, runs: LIGHTHOUSE_RUNS, ...p });
      lighthouse.push(result);
      console.error(
        `lighthouse ${p.page} (${result.visitor}): ${result.runs.map((r) => r.score).join(', ')}`,
      );
    }

    const text = markdown({
      machine: machineMarkdown(machine),
      commit: commit(),
      routes,
      lighthouse,
      lighthouseRuns: LIGHTHOUSE_RUNS,
    });
    console.log(text);
    const dir = join(ROOT, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const stamp = machine.date.replace(/[:.]/g, '-');
    // The median runs' full reports go beside the summary (open them in the Lighthouse viewer).
    for (const l of lighthouse) {
      const name = `web-latest-lighthouse${l.page.replace(/\//g, '-')}-${l.visitor.replace(/ /g, '-')}.json`;
      if (l.median.report) writeFileSync(join(dir, name), l.median.report);
      delete l.median.report;
    }
    const json = JSON.stringify({ machine, commit: commit(), routes, lighthouse }, null, 2);
    writeFileSync(join(dir, `web-${stamp}.md`), `${text}\n`);
    writeFileSync(join(dir, `web-${stamp}.json`), json);
    writeFileSync(join(dir, 'web-latest.md'), `${text}\n`);
    writeFileSync(join(dir, 'web-latest.json'), json);
    console.error(`written: bench/results/web-${stamp}.md and web-latest.json`);
  } finally {
    await browser.close().catch(() => {});
    await app?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
