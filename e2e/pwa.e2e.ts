import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PushPayload, PWA_PUSH_PROMPT_DELAY_MS } from '@podruga/shared';
import { type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerFromMenu } from './support/account.ts';
import { CHROMIUM, CHROMIUM_FLAGS, newVisitor, screenOf, screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { adoptFirstCompanion, expectSettled, passAdultGate, storedToken } from './support/steps.ts';

const journey = useJourney();

/** Waits until the service worker controls the page; its script URL. */
function controllingWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    return navigator.serviceWorker.controller?.scriptURL ?? '';
  });
}

/** The service worker registration's id, as the DevTools protocol names it. */
async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** The notification the service worker shows with this tag, once it shows one (polled: it is async). */
async function shownNotification(page: Page, tag: string) {
  const read = () =>
    page.evaluate(async (t) => {
      const registration = await navigator.serviceWorker.ready;
      const [notification] = await registration.getNotifications({ tag: t });
      return notification
        ? {
            title: notification.title,
            body: notification.body,
            icon: notification.icon,
            data: notification.data,
          }
        : null;
    }, tag);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const found = await read();
    if (found) return found;
    await page.waitForTimeout(100);
  }
  throw new Error(`no notification with the tag ${tag}`);
}

async function installedMember(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(journey.app.url);
  await passAdultGate(page);
  await registerFromMenu(page, { name: 'Вера' });
  return page;
}

describe('the installable app', () => {
  it('serves a service worker that controls the page, a branded manifest, and Chromium finds nothing against installing', async () => {
    // A profile on disk: Chromium does not install apps from an incognito context (newContext's kind).
    const profile = mkdtempSync(join(tmpdir(), 'podruga-pwa-profile-'));
    const ctx = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
      ...screenOf('desktop'),
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.12' },
    });
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.goto(journey.app.url);
    await passAdultGate(page);

    const worker = await ctx.request.get(`${journey.app.url}/sw.js`);
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toBe('text/javascript; charset=utf-8');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(await worker.text()).toContain('showNotification');
    expect(await controllingWorker(page)).toBe(`${journey.app.url}/sw.js`);

    // The manifest carries the host's brand: the first brand for an unknown host, Milaya for hers.
    const manifest = await (await ctx.request.get(`${journey.app.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({
      name: 'Podruga — твоя AI-подруга',
      short_name: 'Podruga',
      display: 'standalone',
      start_url: '/?pwa=true',
    });
    const milaya = await ctx.request.get(`${journey.app.url}/manifest.webmanifest`, {
      headers: { host: 'milaya.app' },
    });
    expect(await milaya.json()).toMatchObject({ short_name: 'Milaya' });
    for (const icon of manifest.icons as { src: string }[]) {
      const res = await ctx.request.get(`${journey.app.url}${icon.src}`);
      expect(res.headers()['content-type']).toBe('image/png');
    }

    const cdp = await ctx.newCDPSession(page);
    const { errors, url } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${journey.app.url}/manifest.webmanifest`);
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    // Offline, a navigation gets the offline page from the worker's cache.
    await ctx.setOffline(true);
    await page.goto(`${journey.app.url}/gfs`);
    await page.getByRole('heading', { name: 'Нет соединения с интернетом' }).waitFor();
    await screenshot(page, 'pwa-offline');
    await ctx.setOffline(false);
    await ctx.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('a registered user opening the installed app is marked and gets the pwa tier (30 a day), and push is offered once', async () => {
    const ctx = await newVisitor(journey.browser, 'phone');
    const page = await installedMember(ctx);
    const marked = page.waitForResponse(
      (r) => r.url().endsWith('/api/user/set-pwa-status') && r.request().method() === 'POST',
    );
    await page.goto(`${journey.app.url}/?pwa=true`);
    const response = await marked;
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ is_pwa_user: true });

    const token = await storedToken(page);
    const limits = await (
      await ctx.request.get(`${journey.app.url}/api/user/limits/status`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(limits.tier).toBe('pwa');
    expect(limits.resources.messages.limit).toBe(30);

    // The push dialog is offered once, 2 s later (the flag is the device's memory of it).
    await page.waitForFunction(
      () => localStorage.getItem('pwa_push_notification_prompted') === 'true',
      null,
      {
        timeout: PWA_PUSH_PROMPT_DELAY_MS + 10_000,
      },
    );
    // A reload inside the app (no ?pwa=true now) still knows it is installed and does not mark again.
    let markedAgain = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/user/set-pwa-status')) markedAgain = true;
    });
    await page.goto(journey.app.url);
    await expectSettled(page, /\/$/, page.getByRole('button', { name: 'Меню пользователя' }));
    expect(await page.evaluate(() => localStorage.getItem('isPwa'))).toBe('true');
    expect(markedAgain).toBe(false);
    await ctx.close();
  });

  it('a push delivered to the service worker shows a notification whose click opens her chat', async () => {
    const ctx = await newVisitor(journey.browser);
    await ctx.grantPermissions(['notifications'], { origin: journey.app.url });
    const page = await ctx.newPage();
    await adoptFirstCompanion(page, journey.app.url);
    const chatPath = new URL(page.url()).pathname;
    await controllingWorker(page);
    await page.goto(`${journey.app.url}/gfs`);
    await page.getByRole('article').first().waitFor();

    const cdp = await ctx.newCDPSession(page);
    const id = await registrationId(cdp, `${journey.app.url}/`);
    const payload: PushPayload = {
      title: 'Новое сообщение',
      body: 'Она ответила тебе',
      url: chatPath,
      tag: 'e2e-push',
      type: 'new_message',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: journey.app.url,
      registrationId: id,
      data: JSON.stringify(payload),
    });

    const shown = await shownNotification(page, 'e2e-push');
    expect(shown).toEqual({
      title: 'Новое сообщение',
      body: 'Она ответила тебе',
      icon: `${journey.app.url}/icons/icon-192.png`,
      data: { url: chatPath },
    });

    // Headless Chromium cannot click a system notification: the worker's own click path is driven for
    // the notification it showed (src/sw.ts, SW_MESSAGES.clickNotification).
    await page.evaluate(() =>
      navigator.serviceWorker.controller?.postMessage({
        type: 'podruga:click-notification',
        tag: 'e2e-push',
      }),
    );
    await expectSettled(
      page,
      new RegExp(`${chatPath}$`),
      page.locator('[data-testid="chat-message"][data-sender="assistant"]'),
    );
    const left = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications({ tag: 'e2e-push' })).length;
    });
    expect(left).toBe(0);
    await ctx.close();
  });

  it('the install instructions: the detected browser first, the others to pick', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const ctx = await newVisitor(journey.browser, viewport);
      const page = await ctx.newPage();
      await page.goto(`${journey.app.url}/test/dialogs?token=${journey.app.debugSecret}`);
      await passAdultGate(page);
      await page.getByRole('button', { name: 'Установить приложение' }).click();
      const dialog = page.getByRole('dialog', { name: 'Установить приложение' });
      await dialog.waitFor();
      const browsers = dialog.getByRole('radio');
      expect(await browsers.first().textContent()).toBe('Chrome');
      expect(await browsers.first().getAttribute('aria-checked')).toBe('true');
      await dialog.getByRole('listitem').first().waitFor();
      await screenshot(page, `pwa-install-${viewport}`);
      await dialog.getByRole('radio', { name: 'Safari' }).click();
      await dialog.getByText('На экран „Домой“', { exact: false }).waitFor();
      await screenshot(page, `pwa-install-safari-${viewport}`);
      await dialog.getByRole('button', { name: 'Понятно' }).click();
      await dialog.waitFor({ state: 'detached' });
      await ctx.close();
    }
  });

  it('a new version waits for «Обновить», then takes over with one reload', async () => {
    const ctx = await newVisitor(journey.browser, 'phone');
    const page = await ctx.newPage();
    await page.goto(journey.app.url);
    await passAdultGate(page);
    await controllingWorker(page);

    // A deploy of a new build: the same app with a different worker.
    const built = new URL('../apps/web/dist/sw.js', import.meta.url).pathname;
    const original = readFileSync(built, 'utf8');
    try {
      writeFileSync(built, `${original}\n// the next version\n`);
      await journey.app.restart('graceful');
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Доступна новая версия' });
      await toast.waitFor();
      await screenshot(page, 'pwa-update-phone');
      const reloaded = page.waitForEvent('load');
      await toast.getByRole('button', { name: 'Обновить' }).click();
      await reloaded;
      await expectSettled(page, /\/$/, page.getByRole('button', { name: 'Меню пользователя' }));
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: registration?.waiting !== null, controlled: !!navigator.serviceWorker.controller };
      });
      expect(state).toEqual({ waiting: false, controlled: true });
      expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    } finally {
      writeFileSync(built, original);
      await journey.app.restart('graceful');
      await ctx.close();
    }
  });
});
