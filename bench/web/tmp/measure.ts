import { startApp } from '../../lib/server.ts';
import { launchBrowser, newVisitor } from '../browser.ts';

const app = await startApp();
const browser = await launchBrowser();
try {
  const ctx = await newVisitor(browser, app.url, 'phone');
  const page = await ctx.newPage();
  await page.route('**/api/auth/**', async (r) => {
    await new Promise((x) => setTimeout(x, 3000));
    await r.continue();
  });
  await page.goto(app.url + '/');
  await page.waitForSelector('.loading-screen .mantine-Loader-root');
  console.log(
    await page.evaluate(() => {
      const l = document.querySelector('.loading-screen .mantine-Loader-root')!.getBoundingClientRect();
      const t = document.querySelector('.loading-screen > span:last-child')!.getBoundingClientRect();
      return {
        loader: [l.width, l.height, l.top],
        text: [t.top, t.height],
        html: document.querySelector('.loading-screen')!.outerHTML.slice(0, 600),
      };
    }),
  );
} finally {
  await browser.close();
  await app.stop();
}
