import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, stubApi } from '../../test/api.ts';
import { render, screen } from '../../test/render.tsx';
import { BlogPage } from './BlogPage.tsx';
import { BlogPostPage } from './BlogPostPage.tsx';

const POST = {
  slug: 'golos-i-foto',
  title: 'Голос и фото',
  description: 'Как попросить её фото и позвонить ей',
  date: '2026-11-24',
  reading_minutes: 3,
  html: '<h2>Фото по запросу</h2><p>Смотри <a href="/blog/kak-sozdat-podrugu">как создать</a>.</p>',
};

function pageWithData(path: string, data: unknown) {
  const script = document.createElement('script');
  script.id = 'podruga-page-data';
  script.type = 'application/json';
  script.textContent = JSON.stringify({ path, data });
  document.body.append(script);
}

const renderPost = (slug: string) =>
  render(
    <Routes>
      <Route path="/blog/:slug" element={<BlogPostPage />} />
      <Route path="/blog" element={<p>Список</p>} />
    </Routes>,
    { route: `/blog/${slug}` },
  );

afterEach(() => document.getElementById('podruga-page-data')?.remove());

describe('the blog', () => {
  it('shows the post the server put into the page without asking the API, and keeps its links inside', async () => {
    pageWithData('/blog/golos-i-foto', { post: POST });
    const { calls } = stubApi({
      'GET /api/blog/posts/kak-sozdat-podrugu': () => ({
        post: { ...POST, slug: 'kak-sozdat-podrugu', title: 'Как создать' },
      }),
    });
    const { user, location } = renderPost('golos-i-foto');
    expect(screen.getByRole('heading', { level: 1, name: 'Голос и фото' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Фото по запросу' })).toBeTruthy();
    expect(screen.getByText('24 ноября 2026 г.', { exact: false })).toBeTruthy();
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'как создать' }));
    expect(location().pathname).toBe('/blog/kak-sozdat-podrugu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Как создать' })).toBeTruthy();
  });

  it('loads a post from the API when the page holds another', async () => {
    pageWithData('/blog/other', { post: { ...POST, slug: 'other' } });
    stubApi({
      'GET /api/blog/posts/golos-i-foto': () => ({ post: POST }),
    });
    renderPost('golos-i-foto');
    expect(await screen.findByRole('heading', { level: 1, name: 'Голос и фото' })).toBeTruthy();
  });

  it('shows the 404 page for an unknown post, with the way back to the list', async () => {
    stubApi({
      'GET /api/blog/posts/net': () => {
        throw apiError(404, { detail: 'Статья не найдена', code: 'not_found' });
      },
    });
    const { user, location } = renderPost('net');
    expect(await screen.findByText('Статья не найдена')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Все статьи' }));
    expect(location().pathname).toBe('/blog');
  });

  it('lists the posts and offers a retry when they cannot be loaded', async () => {
    let fail = true;
    stubApi({
      'GET /api/blog/posts': () => {
        if (fail) throw apiError(503, { detail: 'Сервис недоступен' });
        return { posts: [POST] };
      },
    });
    const { user } = render(<BlogPage />, { route: '/blog' });
    expect(await screen.findByText('Не удалось загрузить статьи')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    expect(await screen.findByRole('link', { name: 'Голос и фото' })).toBeTruthy();
  });
});
