import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BLOG_TEXTS, type BlogPostSummary, blogApi, formatDate, pageData } from './api.ts';
import classes from './Blog.module.css';
import { useLoad } from './useLoad.ts';

/** /blog (002 §2): the posts, newest first. The server already put them into the page for crawlers. */
export function BlogPage() {
  const result = useLoad(
    'list',
    pageData<{ posts: BlogPostSummary[] }>('/blog')?.posts ?? null,
    blogApi.list,
  );
  return (
    <Stack gap="lg" className="page-container">
      <Title order={1}>{BLOG_TEXTS.title}</Title>
      {result.state === 'loading' && <Text c="dimmed">Загружаем статьи…</Text>}
      {(result.state === 'failed' || result.state === 'missing') && (
        <Stack gap="xs" align="flex-start" role="alert">
          <Text>{BLOG_TEXTS.loadFailed}</Text>
          {result.state === 'failed' && (
            <Button variant="light" onClick={result.retry}>
              {BLOG_TEXTS.retry}
            </Button>
          )}
        </Stack>
      )}
      {result.state === 'ready' &&
        (result.value.length === 0 ? (
          <Text c="dimmed">{BLOG_TEXTS.empty}</Text>
        ) : (
          <ul className={classes.list}>
            {result.value.map((post) => (
              <li key={post.slug}>
                <article className={classes.card}>
                  <Title order={2} size="h3">
                    <Link to={`/blog/${post.slug}`} className={classes.cardLink}>
                      {post.title}
                    </Link>
                  </Title>
                  <Text size="sm" c="dimmed" mt={4}>
                    <time dateTime={post.date}>{formatDate(post.date)}</time> ·{' '}
                    {BLOG_TEXTS.minutes(post.reading_minutes)}
                  </Text>
                  <Text mt="xs">{post.description}</Text>
                </article>
              </li>
            ))}
          </ul>
        ))}
    </Stack>
  );
}
