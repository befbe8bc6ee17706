// Throwaway: Lighthouse on the returning-visitor pages only.

import { writeFileSync } from 'node:fs';
import { startApp } from '../../lib/server.ts';
import { launchBrowser } from '../browser.ts';
import { runLighthouse } from '../lighthouse.ts';
import { prepareVisitors } from '../visitors.ts';

const runs = Number(process.env.RUNS ?? 3);
const app = await startApp();
const browser = await launchBrowser();
try {
  const visitors = await prepareVisitors(browser, app.url);
  await browser.close();
  const which = (process.env.PAGES ?? 'chat,home').split(',');
  for (const [label, page, storage] of [
    ['chat', '/chat', visitors.withCompanion],
    ['home', '/', visitors.gatePassed],
    ['chatfirst', '/chat', undefined],
  ] as const) {
    if (!which.includes(label)) continue;
    const r = await runLighthouse({ origin: app.url, page, path: page, runs, storage });
    if (r.median.report) writeFileSync(`/tmp/lh-${label}.json`, r.median.report);
    console.log(
      label,
      r.runs.map((x) => `${x.score} (tbt ${x.tbtMs} lcp ${x.lcpMs} fcp ${x.fcpMs})`).join(' | '),
    );
  }
} finally {
  await browser.close().catch(() => {});
  await app.stop();
}
