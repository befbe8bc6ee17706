import { describe, expect, it } from 'vitest';
import { screenOf, screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { expectSettled, passAdultGate } from './support/steps.ts';

const journey = useJourney();

describe('the blog', () => {
  it('is readable without JavaScript: the list, a post, its meta tags, the sitemap and the feed', async () => {
    const ctx = await journey.browser.newContext({ ...screenOf('desktop'), javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${journey.app.url}/blog`);
    await page.getByRole('heading', { level: 1, name: 'Блог' }).waitFor();
    const links = page.getByRole('link', {
      name: /Как создать свою AI-подругу|Что даёт каждый тариф|Приватность|Голос и фото/,
    });
    expect(await links.count()).toBe(4);
    await screenshot(page, 'blog-no-js');

    await page.getByRole('link', { name: /Приватность и безопасность/ }).click();
    await page.waitForURL(/\/blog\/privatnost-i-bezopasnost$/);
    await page.getByRole('heading', { level: 1, name: /Приватность и безопасность/ }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Кто читает переписку' }).waitFor();
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
      /\/blog\/privatnost-i-bezopasnost$/,
    );
    expect(await page.title()).toMatch(/^Приватность и безопасность/);

    const sitemap = await page.request.get(`${journey.app.url}/sitemap.xml`);
    expect(sitemap.headers()['content-type']).toContain('xml');
    expect(await sitemap.text()).toContain('/blog/golos-i-foto</loc>');
    const rss = await page.request.get(`${journey.app.url}/blog/rss.xml`);
    expect((await rss.text()).match(/<item>/g)).toHaveLength(4);
    await ctx.close();
  });

  it('opens a post from the list in the app and follows a link between posts without a reload', async () => {
    const ctx = await journey.browser.newContext(screenOf('phone'));
    const page = await ctx.newPage();
    await page.goto(`${journey.app.url}/blog`);
    await passAdultGate(page);
    await page.getByRole('link', { name: /Как создать свою AI-подругу/ }).click();
    const title = page.getByRole('heading', { level: 1, name: /Как создать свою AI-подругу/ });
    await expectSettled(page, /\/blog\/kak-sozdat-podrugu$/, title);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.getByRole('link', { name: 'о тарифах' }).click();
    await expectSettled(
      page,
      /\/blog\/chto-daet-kazhdyy-tarif$/,
      page.getByRole('heading', { level: 1, name: /Что даёт каждый тариф/ }),
    );
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await page.getByText('50 сообщений в день').first().waitFor();
    await screenshot(page, 'blog-post-phone');

    await page.goto(`${journey.app.url}/blog/net-takoy-stati`);
    await expectSettled(page, /\/blog\/net-takoy-stati$/, page.getByText('Статья не найдена'));
    await ctx.close();
  });
});
