import { describe, expect, it } from 'vitest';
import { apiError, stubApi } from '../../test/api.ts';
import { render, screen, within } from '../../test/render.tsx';
import { AdminJobsPage } from './AdminJobsPage.tsx';

describe('/admin/jobs', () => {
  it('shows each kind’s depths and the latest failures', async () => {
    stubApi({
      'GET /api/admin/jobs': () => ({
        runner: 'bullmq',
        kinds: [{ name: 'portrait', waiting: 3, active: 1, delayed: 0 }],
        failures: [{ job: 'mail', key: 'm1', attempts: 5, error: 'SMTP down', at: '2026-11-26T05:00:00Z' }],
      }),
    });
    render(<AdminJobsPage />);
    const kinds = await screen.findByRole('table', { name: 'Задачи по видам' });
    expect(within(kinds).getByRole('row', { name: /portrait/ }).textContent).toBe('portrait310');
    expect(screen.getByText('SMTP down')).toBeTruthy();
    expect(screen.getByText(/общие для всех экземпляров/)).toBeTruthy();
  });

  it('says no access to anyone but an admin', async () => {
    stubApi({
      'GET /api/admin/jobs': () => {
        throw apiError(403, { detail: 'Эта страница доступна только администраторам', code: 'forbidden' });
      },
    });
    render(<AdminJobsPage />);
    expect(await screen.findByText('Нет доступа')).toBeTruthy();
  });
});
