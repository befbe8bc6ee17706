// Throwaway: CPU profile of the chat page load for a returning visitor (4x CPU throttle).
import { writeFileSync } from 'node:fs';
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
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const t0 = Date.now();
    await page.goto(app.url + path);
    await page.waitForTimeout(6000);
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(`/tmp/prof-${label}.cpuprofile`, JSON.stringify(profile));
    const counts = await page.evaluate(() => performance.getEntriesByType('resource').length);
    console.log(label, 'done', Date.now() - t0, 'ms, resources', counts);
    await ctx.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
