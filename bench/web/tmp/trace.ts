// Throwaway: DevTools trace of a route load for a returning visitor.
import { startApp } from '../../lib/server.ts';
import { launchBrowser, newVisitor } from '../browser.ts';
import { prepareVisitors } from '../visitors.ts';

const app = await startApp();
const browser = await launchBrowser();
try {
  const visitors = await prepareVisitors(browser, app.url);
  for (const [label, storage, path] of [
    ['chat', visitors.withCompanion, '/chat'],
    ['home', visitors.gatePassed, '/'],
  ] as const) {
    const ctx = await newVisitor(browser, app.url, 'phone', storage);
    const page = await ctx.newPage();
    await browser.startTracing(page, {
      path: `/tmp/trace-${label}.json`,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'toplevel',
        'disabled-by-default-devtools.timeline.stack',
      ],
    });
    await page.goto(app.url + path);
    await page.waitForTimeout(5000);
    await browser.stopTracing();
    await ctx.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
