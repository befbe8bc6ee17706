import { api } from '../../shared/api/index.ts';

/** A post in the list (GET /api/blog/posts). */
export interface BlogPostSummary {
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD. */
  date: string;
  reading_minutes: number;
}
/** A whole post (GET /api/blog/posts/{slug}): `html` is the server's rendering of our own Markdown. */
export interface BlogPostView extends BlogPostSummary {
  html: string;
}

export const BLOG_TEXTS = {
  title: 'Блог',
  back: 'Все статьи',
  loadFailed: 'Не удалось загрузить статьи',
  postFailed: 'Не удалось загрузить статью',
  retry: 'Попробовать снова',
  notFound: 'Статья не найдена',
  notFoundText: 'Такой статьи нет. Возможно, ссылка устарела.',
  empty: 'Статей пока нет.',
  minutes: (n: number) => `${n} мин чтения`,
} as const;

const DATE = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
export const formatDate = (date: string) => DATE.format(new Date(date));

/**
 * What the server rendered into the page for this path (`<script id="podruga-page-data">`), read once:
 * the first page a visitor opens shows without asking the API again.
 */
export function pageData<T>(path: string): T | null {
  const element = document.getElementById('podruga-page-data');
  if (!element?.textContent) return null;
  try {
    const parsed = JSON.parse(element.textContent) as { path?: string; data?: T };
    element.remove();
    return parsed.path === path && parsed.data ? parsed.data : null;
  } catch {
    return null;
  }
}

export const blogApi = {
  list: () => api.get<{ posts: BlogPostSummary[] }>('/api/blog/posts').then((r) => r.posts),
  post: (slug: string) =>
    api.get<{ post: BlogPostView }>(`/api/blog/posts/${encodeURIComponent(slug)}`).then((r) => r.post),
};
