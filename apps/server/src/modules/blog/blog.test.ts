import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMIT_TIERS, type LimitTier, PRICES, TIER_LIMITS } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { BLOG_DIR } from '../../app.ts';
import { useTestApp } from '../../test/app.ts';
import { blogValues, loadBlog } from './blog.content.ts';

/** A built web app as far as the server needs one: the real index.html template. */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'podruga-blog-web-'));
  const template = readFileSync(new URL('../../../../web/index.html', import.meta.url), 'utf8');
  writeFileSync(join(dir, 'index.html'), template);
  return dir;
}

const values = blogValues(
  Object.fromEntries(LIMIT_TIERS.map((tier) => [tier, TIER_LIMITS[tier].photosPerDay])) as Record<
    LimitTier,
    number
  >,
);

describe('blog posts', () => {
  it('are the four posts, newest first, every value filled from the limits the app enforces', () => {
    const posts = loadBlog(BLOG_DIR, values);
    expect(posts.map((p) => p.slug)).toEqual([
      'golos-i-foto',
      'privatnost-i-bezopasnost',
      'chto-daet-kazhdyy-tarif',
      'kak-sozdat-podrugu',
    ]);
    for (const post of posts) {
      expect(post.html.replace(/\{\{(brand|supportEmail)\}\}/g, '')).not.toMatch(/\{\{|\}\}/);
      expect(post.readingMinutes).toBeGreaterThanOrEqual(2);
    }
    const plans = posts.find((p) => p.slug === 'chto-daet-kazhdyy-tarif')?.html ?? '';
    expect(plans).toContain(`${TIER_LIMITS.plus.messagesPerDay} сообщений в день`);
    expect(plans).toContain(`${PRICES.plus.monthly.rub.toLocaleString('ru-RU')} ₽ за месяц`);
    expect(plans).toContain('5 минут звонков в день');
    expect(plans).toContain('1 подруга');
  });

  it('refuses a post naming an unknown value, a bad file name or missing front matter', () => {
    const dir = (name: string, text: string) => {
      const d = mkdtempSync(join(tmpdir(), 'podruga-blog-'));
      mkdirSync(d, { recursive: true });
      writeFileSync(join(d, name), text);
      return d;
    };
    const ok =
      '---\ntitle: Заголовок статьи\ndescription: Описание статьи длиной больше двадцати знаков\ndate: 2026-01-01\n---\n';
    expect(() => loadBlog(dir('a.md', `${ok}Лимит: {{plus.unknown}}`), values)).toThrow(/unknown value/);
    expect(() => loadBlog(dir('Bad Name.md', ok), values)).toThrow(/slug/);
    expect(() => loadBlog(dir('a.md', 'Просто текст'), values)).toThrow(/blog: a.md/);
    expect(loadBlog(dir('a.md', `${ok}<script>alert(1)</script>`), values)[0]?.html).toContain(
      '&lt;script&gt;',
    );
  });
});

describe('blog pages', () => {
  const t = useTestApp({ env: { WEB_DIST_DIR: webDist() } });

  it('serves /blog and each post as HTML a crawler reads without JavaScript', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/blog', headers: { host: 'localhost' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain('<h1>Блог</h1>');
    expect(list.body).toContain('href="/blog/kak-sozdat-podrugu"');
    expect(list.body).toContain('<link rel="canonical" href="http://localhost/blog" />');
    expect(list.body).toContain('type="application/rss+xml"');
    expect(list.body).not.toContain('Грузим...');

    const post = await t.app.inject({
      method: 'GET',
      url: '/blog/privatnost-i-bezopasnost',
      headers: { host: 'localhost' },
    });
    expect(post.statusCode).toBe(200);
    expect(post.body).toMatch(/<title>Приватность и безопасность[^<]*<\/title>/);
    expect(post.body).toContain('<meta property="og:type" content="article" />');
    expect(post.body).toContain('<meta property="og:title" content="Приватность и безопасность');
    expect(post.body).toContain('<meta name="description" content="Кто читает переписку');
    expect(post.body).toContain('<h2>Кто читает переписку</h2>');
    expect(post.body).toContain('сквозного шифрования здесь нет');
    // The brand's own support address, not a placeholder.
    expect(post.body).not.toContain('{{');
    const data = /<script id="podruga-page-data" type="application\/json">(.*?)<\/script>/s.exec(
      post.body,
    )?.[1];
    expect(JSON.parse(data ?? 'null')).toMatchObject({ path: '/blog/privatnost-i-bezopasnost' });

    // Not a post: the SPA's own page (its not-found screen), never a server error.
    const missing = await t.app.inject({ method: 'GET', url: '/blog/net-takoy' });
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toContain('Грузим...');
  });

  it('answers the API, sitemap.xml, robots.txt and the RSS feed', async () => {
    const posts = await t.app.inject({ method: 'GET', url: '/api/blog/posts' });
    expect(posts.json().posts).toHaveLength(4);
    const one = await t.app.inject({ method: 'GET', url: '/api/blog/posts/golos-i-foto' });
    expect(one.json().post).toMatchObject({ slug: 'golos-i-foto', title: expect.any(String) });
    expect(one.json().post.html).toContain('<h2>');
    const missing = await t.app.inject({ method: 'GET', url: '/api/blog/posts/..%2F..%2Fetc' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Статья не найдена');

    const sitemap = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'localhost' },
    });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const path of ['/', '/gfs', '/plus', '/blog', '/help/crisis', '/blog/kak-sozdat-podrugu']) {
      expect(sitemap.body).toContain(`<loc>http://localhost${path}</loc>`);
    }
    expect(sitemap.body).not.toContain('/chat');

    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'localhost' } });
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Sitemap: http://localhost/sitemap.xml');

    const rss = await t.app.inject({ method: 'GET', url: '/blog/rss.xml', headers: { host: 'localhost' } });
    expect(rss.headers['content-type']).toContain('application/rss+xml');
    expect(rss.body.match(/<item>/g)).toHaveLength(4);
    expect(rss.body).toContain('<link>http://localhost/blog/golos-i-foto</link>');
  });

  it('never puts a forged host into its links', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/blog', headers: { host: 'evil.example' } });
    expect(page.body).not.toContain('evil.example');
    const sitemap = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'evil.example' },
    });
    expect(sitemap.body).not.toContain('evil.example');
  });
});
