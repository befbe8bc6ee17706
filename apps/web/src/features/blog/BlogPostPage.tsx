import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../app/TitleSync.tsx';
import { StatusPage } from '../shell/StatusPage.tsx';
import { BLOG_TEXTS, type BlogPostView, blogApi, formatDate, pageData } from './api.ts';
import classes from './Blog.module.css';
import { useLoad } from './useLoad.ts';

/** /blog/:slug (002 §2): one post. Its HTML is the server's rendering of our own Markdown (no raw HTML). */
export function BlogPostPage() {
  const slug = useParams().slug ?? '';
  const navigate = useNavigate();
  const result = useLoad(slug, pageData<{ post: BlogPostView }>(`/blog/${slug}`)?.post ?? null, () =>
    blogApi.post(slug),
  );
  usePageTitle(result.state === 'ready' ? result.value.title : BLOG_TEXTS.title);

  // Links between pages of the app stay in the app (no reload).
  const followInside = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
      return;
    event.preventDefault();
    navigate(href);
  };

  if (result.state === 'missing') {
    return (
      <StatusPage
        code={404}
        title={BLOG_TEXTS.notFound}
        text={BLOG_TEXTS.notFoundText}
        action={
          <Button component={Link} to="/blog" mt="sm">
            {BLOG_TEXTS.back}
          </Button>
        }
      />
    );
  }
  return (
    <Stack gap="md" className="page-container">
      <Anchor component={Link} to="/blog" size="sm">
        ← {BLOG_TEXTS.back}
      </Anchor>
      {result.state === 'loading' && <Text c="dimmed">Загружаем статью…</Text>}
      {result.state === 'failed' && (
        <Stack gap="xs" align="flex-start" role="alert">
          <Text>{BLOG_TEXTS.postFailed}</Text>
          <Button variant="light" onClick={result.retry}>
            {BLOG_TEXTS.retry}
          </Button>
        </Stack>
      )}
      {result.state === 'ready' && (
        <article>
          <Title order={1}>{result.value.title}</Title>
          <Text size="sm" c="dimmed" mt={4}>
            <time dateTime={result.value.date}>{formatDate(result.value.date)}</time> ·{' '}
            {BLOG_TEXTS.minutes(result.value.reading_minutes)}
          </Text>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the clicks are the links' inside it. */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: links keep their own keyboard behaviour. */}
          <div
            className={classes.article}
            onClick={followInside}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, rendered by the server with raw HTML off.
            dangerouslySetInnerHTML={{ __html: result.value.html }}
          />
        </article>
      )}
    </Stack>
  );
}
