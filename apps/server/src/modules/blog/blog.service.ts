import { type Brand, CRISIS_PAGE_PATH } from '@podruga/shared';
import type { PrerenderedPage } from '../../plugins/web-app.ts';
import { type BlogPost, fillBrand } from './blog.content.ts';

/** A post as the API and the page data give it (the brand's names filled in). */
export interface BlogPostView {
  slug: string;
  title: string;
  description: string;
  date: string;
  reading_minutes: number;
  html: string;
}
export type BlogPostSummary = Omit<BlogPostView, 'html'>;

/**
 * The public pages besides the blog that search engines may list (the rest need an account or are
 * tools); the crisis protocol's page is published (issue 27).
 */
export const PUBLIC_PAGES = ['/', '/gfs', '/plus', '/blog', CRISIS_PAGE_PATH] as const;

/** Paths robots are asked not to crawl: the API, personal pages, debug pages. */
const DISALLOWED = [
  '/api/',
  '/chat',
  '/profile',
  '/vip',
  '/payment-return',
  '/test/',
  '/hell',
  '/hbar',
  '/verify-email',
  '/reset-password',
];

const DATE = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const minutes = (n: number) => `${n} мин чтения`;

/** The blog's posts, pages, sitemap, robots.txt and RSS feed. Posts are read once, at start. */
export class BlogService {
  private readonly bySlug: Map<string, BlogPost>;

  constructor(private readonly posts: BlogPost[]) {
    this.bySlug = new Map(posts.map((p) => [p.slug, p]));
  }

  list(): BlogPostSummary[] {
    return this.posts.map(({ html: _html, ...post }) => this.summary(post));
  }

  /** Null for an unknown slug. */
  post(slug: string, brand: Brand): BlogPostView | null {
    const post = this.bySlug.get(slug);
    if (!post) return null;
    return { ...this.summary(post), html: fillBrand(post.html, brand) };
  }

  private summary(post: Omit<BlogPost, 'html'>): BlogPostSummary {
    return {
      slug: post.slug,
      title: post.title,
      description: post.description,
      date: post.date,
      reading_minutes: post.readingMinutes,
    };
  }

  /** /blog and /blog/{slug} rendered for search engines and link previews (web-app's prerender). */
  prerender(path: string, brand: Brand): PrerenderedPage | null {
    if (path === '/blog' || path === '/blog/') {
      const list = this.list();
      const items = list
        .map(
          (p) =>
            `<li><article><h2><a href="/blog/${p.slug}">${escapeHtml(p.title)}</a></h2>` +
            `<p><time datetime="${p.date}">${DATE.format(new Date(p.date))}</time> · ${minutes(p.reading_minutes)}</p>` +
            `<p>${escapeHtml(p.description)}</p></article></li>`,
        )
        .join('');
      return {
        title: 'Блог',
        description: `Статьи ${brand.logoText} об AI-подругах: как создать подругу, что дают тарифы, приватность, голос и фото.`,
        path: '/blog',
        ogType: 'website',
        bodyHtml: `<main class="blog-static"><h1>Блог</h1><ul>${items}</ul></main>`,
        data: { posts: list },
      };
    }
    const slug = /^\/blog\/([a-z0-9-]+)\/?$/.exec(path)?.[1];
    const post = slug ? this.post(slug, brand) : null;
    if (!post) return null;
    return {
      title: post.title,
      description: post.description,
      path: `/blog/${post.slug}`,
      ogType: 'article',
      publishedTime: post.date,
      bodyHtml:
        `<main class="blog-static"><article><p><a href="/blog">Блог</a></p><h1>${escapeHtml(post.title)}</h1>` +
        `<p><time datetime="${post.date}">${DATE.format(new Date(post.date))}</time> · ${minutes(post.reading_minutes)}</p>` +
        `${post.html}</article></main>`,
      data: { post },
    };
  }

  // `sitemap` and `feed` are loaded at the first request for them (crawlers, feed readers), not by every
  // server at start (docs/PERFORMANCE.md, issue 18).
  async sitemap(origin: string): Promise<string> {
    const { SitemapStream, streamToPromise } = await import('sitemap');
    const stream = new SitemapStream({ hostname: origin });
    for (const path of PUBLIC_PAGES)
      stream.write({ url: path, changefreq: path === '/blog' ? 'weekly' : 'monthly' });
    for (const post of this.posts)
      stream.write({ url: `/blog/${post.slug}`, lastmod: post.date, changefreq: 'monthly' });
    stream.end();
    return (await streamToPromise(stream)).toString('utf8');
  }

  robots(origin: string): string {
    return [
      'User-agent: *',
      ...DISALLOWED.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
  }

  async rss(origin: string, brand: Brand): Promise<string> {
    const { Feed } = await import('feed');
    const feed = new Feed({
      id: `${origin}/blog`,
      title: `${brand.title} — блог`,
      description: `Статьи ${brand.logoText} об AI-подругах`,
      link: `${origin}/blog`,
      language: 'ru',
      copyright: `© ${brand.logoText}`,
      generator: false,
      feedLinks: { rss: `${origin}/blog/rss.xml` },
      ...(this.posts[0] ? { updated: new Date(this.posts[0].date) } : {}),
    });
    for (const post of this.posts) {
      feed.addItem({
        id: `${origin}/blog/${post.slug}`,
        link: `${origin}/blog/${post.slug}`,
        title: post.title,
        description: post.description,
        content: fillBrand(post.html, brand),
        date: new Date(post.date),
      });
    }
    return feed.rss2();
  }
}
