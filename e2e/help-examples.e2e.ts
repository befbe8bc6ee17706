import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, type Viewport } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { visitHome } from './support/steps.ts';

// The help guide's examples as a visitor meets them: her voice from the offline espeak-ng stand-in
// (GET /api/help/audio/{name}), and the first preview clip as the video example.
const journey = useJourney({ env: { PREVIEW_CLIPS: '1' } });

async function openGuide(page: Page) {
  const link = page.getByRole('contentinfo').getByRole('button', { name: 'Помощь' });
  await link.scrollIntoViewIfNeeded();
  await link.click();
  const guide = page.getByRole('dialog', { name: 'Как всё устроено' });
  await guide.waitFor();
  return guide;
}

/** Waits until the server has made preview clip 1 (made at start through the offline video port). */
async function clipMade(): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const head = await fetch(`${journey.app.url}/vids/001.mp4`, { method: 'HEAD' });
    if (head.ok) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('preview clip 1 was not made');
}

describe('the help guide’s examples', () => {
  for (const viewport of ['desktop', 'phone'] satisfies Viewport[]) {
    it(`on a ${viewport}: her call sample plays when pressed, and a preview clip is the video example`, async () => {
      await clipMade();
      const page = await visitHome(journey.browser, journey.app.url, viewport);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/help/audio/')) asked.push(request.url());
      });
      const guide = await openGuide(page);

      const call = guide.getByRole('figure', { name: 'Звонок' });
      await call.scrollIntoViewIfNeeded();
      expect(await call.textContent()).toContain('Слышна только её сторона разговора');
      // Nothing is loaded before the press.
      await page.waitForTimeout(500);
      expect(asked).toEqual([]);

      const answer = page.waitForResponse((r) => r.url().endsWith('/api/help/audio/call'), {
        timeout: 60_000,
      });
      await call.getByRole('button', { name: 'Слушать: Звонок' }).click();
      const response = await answer;
      expect([200, 206]).toContain(response.status());
      expect(response.headers()['content-type']).toBe('audio/wav');
      // Playing: the button pauses, and the length is her four lines with the pauses between them.
      await call.getByRole('button', { name: 'Пауза: Звонок' }).waitFor();
      await expect
        .poll(() => call.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime), {
          timeout: 30_000,
        })
        .toBeGreaterThan(0.5);
      const duration = await call.locator('audio').evaluate((a: HTMLAudioElement) => a.duration);
      expect(duration).toBeGreaterThan(12);
      expect(duration).toBeLessThan(60);
      expect(await call.getByTestId('audio-time').textContent()).toMatch(/^\d:\d\d \/ 0:\d\d$/);
      await screenshot(page, `help-audio-${viewport}`);
      await call.getByRole('button', { name: 'Пауза: Звонок' }).click();
      await call.getByRole('button', { name: 'Слушать: Звонок' }).waitFor();

      const video = guide.getByTestId('video-example');
      await video.scrollIntoViewIfNeeded();
      expect(await video.getAttribute('data-variant')).toBe(viewport === 'phone' ? 'mobile' : 'wide');
      const player = video.getByLabel('Пример видео');
      expect(await player.getAttribute('src')).toBe('/vids/001.mp4');
      expect(await player.getAttribute('preload')).toBe('none');
      await screenshot(page, `help-video-${viewport}`);
      await page.context().close();
    });
  }
});
