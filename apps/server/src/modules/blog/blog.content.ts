import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type LimitTier, PRICES, ruPlural, TIER_LIMITS, VIDEO_CLIP_SECONDS } from '@podruga/shared';
import frontMatter from 'front-matter';
import MarkdownIt from 'markdown-it';
import { z } from 'zod';

/**
 * The blog (issue 16; 002 §2 `/blog`, `/blog/:slug`): posts are Markdown files with front matter in
 * apps/server/content/blog, one per post, the file name being its address. Read and rendered once at
 * start; a malformed post stops the start (and fails its test) rather than showing half a page.
 */

export interface BlogPost {
  slug: string;
  title: string;
  description: string;
  /** Published, as YYYY-MM-DD. */
  date: string;
  /** Rendered HTML, with `{{brand}}` and `{{supportEmail}}` still to fill per brand (fillBrand). */
  html: string;
  /** About 180 words a minute, at least 1. */
  readingMinutes: number;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const frontMatterSchema = z.object({
  title: z.string().min(5).max(120),
  description: z.string().min(20).max(300),
  // YAML reads an unquoted date as a Date.
  date: z
    .union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)])
    .transform((d) => (typeof d === 'string' ? d : d.toISOString().slice(0, 10))),
});

const COMPANION_FORMS = {
  Nom: ['подруга', 'подруги', 'подруг'],
  Acc: ['подругу', 'подруги', 'подруг'],
  Gen: ['подруги', 'подруг', 'подруг'],
} as const;

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} ${ruPlural(seconds, ['секунда', 'секунды', 'секунд'])}`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} ${ruPlural(minutes, ['минута', 'минуты', 'минут'])}`;
}

/**
 * The numbers a post may name as `{{tier.what}}` or `{{price.product.plan}}`: read from the same
 * constants and config the product enforces, so a post never promises another limit than the app.
 */
export function blogValues(photosPerDay: Readonly<Record<LimitTier, number>>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [tier, limits] of Object.entries(TIER_LIMITS) as Array<
    [LimitTier, (typeof TIER_LIMITS)[LimitTier]]
  >) {
    values[`${tier}.messages`] = String(limits.messagesPerDay);
    values[`${tier}.voice`] = duration(limits.voiceSecondsPerDay);
    values[`${tier}.videos`] = String(limits.videosPerDay);
    values[`${tier}.photos`] = String(photosPerDay[tier]);
    if (limits.companions !== null) {
      values[`${tier}.companions`] = String(limits.companions);
      for (const [form, words] of Object.entries(COMPANION_FORMS)) {
        values[`${tier}.companions${form}`] = `${limits.companions} ${ruPlural(limits.companions, words)}`;
      }
    }
  }
  for (const [tier, seconds] of Object.entries(VIDEO_CLIP_SECONDS))
    values[`${tier}.videoSeconds`] = String(seconds);
  for (const [product, plans] of Object.entries(PRICES)) {
    for (const [plan, price] of Object.entries(plans)) {
      values[`price.${product}.${plan}`] = price.rub.toLocaleString('ru-RU');
    }
  }
  return values;
}

/** Filled per brand when a page is served. */
const BRAND_KEYS = new Set(['brand', 'supportEmail']);

function fillValues(text: string, values: Record<string, string>, file: string): string {
  return text.replace(/\{\{([\w.]+)\}\}/g, (whole, key: string) => {
    if (BRAND_KEYS.has(key)) return whole;
    const value = values[key];
    if (value === undefined) throw new Error(`blog: ${file} names an unknown value {{${key}}}`);
    return value;
  });
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** Reads, checks and renders every post in `dir`, newest first. */
export function loadBlog(dir: string, values: Record<string, string>): BlogPost[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.md'));
  const posts = files.map((file) => {
    const slug = file.slice(0, -3);
    if (!SLUG.test(slug)) throw new Error(`blog: ${file}: the file name must be a lower-case latin slug`);
    const parsed = frontMatter<unknown>(readFileSync(join(dir, file), 'utf8'));
    const meta = frontMatterSchema.safeParse(parsed.attributes);
    if (!meta.success)
      throw new Error(`blog: ${file}: ${meta.error.issues.map((i) => i.message).join('; ')}`);
    const body = fillValues(parsed.body, values, file);
    const words = body.split(/\s+/).filter(Boolean).length;
    return {
      slug,
      title: fillValues(meta.data.title, values, file),
      description: fillValues(meta.data.description, values, file),
      date: meta.data.date,
      html: markdown.render(body),
      readingMinutes: Math.max(1, Math.round(words / 180)),
    };
  });
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `{{brand}}` and `{{supportEmail}}` filled for the brand the page is served under (escaped). */
export function fillBrand(
  html: string,
  brand: { title: string; logoText: string; supportEmail: string },
): string {
  return html
    .replace(/\{\{brand\}\}/g, escapeHtml(brand.logoText))
    .replace(/\{\{supportEmail\}\}/g, escapeHtml(brand.supportEmail));
}
