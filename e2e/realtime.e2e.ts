import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

/** A guest's token and whether the server still knows it. */
async function newGuest(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/anonymous`, {
    method: 'POST',
    headers: { 'x-forwarded-for': '198.51.100.7' },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}
async function isValid(url: string, token: string): Promise<boolean> {
  const res = await fetch(`${url}/api/auth/validate`, { headers: { authorization: `Bearer ${token}` } });
  return res.ok;
}

describe('the server restarting under a visitor', () => {
  it('comes back on the same address with its data, after a deploy and after a crash', async () => {
    const token = await newGuest(app.url);
    let downChecked = false;
    await app.restart('graceful', {
      whileDown: async () => {
        await expect(fetch(`${app.url}/api/health`)).rejects.toThrow();
        downChecked = true;
      },
    });
    expect(downChecked).toBe(true);
    expect(await isValid(app.url, token)).toBe(true);
    await app.restart('crash');
    expect(await isValid(app.url, token)).toBe(true);
    expect(app.logs()).toContain('server stopped (crash)');
  });
});
