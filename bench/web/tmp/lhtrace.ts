import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startApp } from '../../lib/server.ts';
import { CHROMIUM, CHROMIUM_FLAGS, launchBrowser, nextClientIp } from '../browser.ts';
import { prepareVisitors } from '../visitors.ts';

const app = await startApp();
const b = await launchBrowser();
const visitors = await prepareVisitors(b, app.url);
await b.close();
const FLAGS = [...CHROMIUM_FLAGS.filter((f) => f !== '--headless'), '--headless=new'];
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, logLevel: 'error' });
try {
  for (const [label, path, storage] of [
    ['chat', '/chat', visitors.withCompanion],
    ['home', '/', visitors.gatePassed],
  ] as const) {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${app.url}/api/health`);
    await page.evaluate((items) => {
      localStorage.clear();
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, storage);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
    await browser.close();
    const result = await lighthouse(`${app.url}${path}`, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      disableStorageReset: true,
      extraHeaders: { 'x-forwarded-for': nextClientIp() },
    });
    const arts = result!.artifacts as unknown as { Trace: { traceEvents: unknown[] } };
    writeFileSync(`/tmp/lhtrace-${label}.json`, JSON.stringify(arts.Trace));
    console.log(label, Math.round((result!.lhr.categories.performance!.score ?? 0) * 100));
  }
} finally {
  chrome.kill();
  await app.stop();
}
