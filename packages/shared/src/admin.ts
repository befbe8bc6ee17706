/** The admins' pages (issues 16–17): who may see them is decided by the server (ADMIN_EMAILS, confirmed). */
export const ADMIN_TEXTS = {
  /** 403 `detail` of every admin route, and the page's text. */
  forbidden: 'Эта страница доступна только администраторам',
  noAccess: 'Нет доступа',
  loading: 'Загружаем…',
  retry: 'Попробовать снова',
  jobsTitle: 'Очередь задач',
  jobsFailed: 'Не удалось загрузить очередь',
} as const;
