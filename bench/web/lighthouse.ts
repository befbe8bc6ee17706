import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { median } from '../lib/stats.ts';
import { CHROMIUM, CHROMIUM_FLAGS, type LocalStorageState, nextClientIp } from './browser.ts';

export interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  finalUrl: string;
  warnings: string[];
  /** The full Lighthouse report (JSON), kept for the median run only. */
  report?: string;
}

export interface LighthouseResult {
  page: string;
  visitor: 'first visit' | 'returning visitor';
  path: string;
  runs: LighthouseRun[];
  /** The run with the median score (its metrics belong together). */
  median: LighthouseRun;
}

/** Lighthouse errors about its own recording, not about the page. */
const TRANSIENT = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED', 'NO_LCP', 'PROTOCOL_TIMEOUT']);
const MAX_RETRIES = 3;

const FLAGS = [...CHROMIUM_FLAGS.filter((f) => f !== '--headless'), '--headless=new'];

function numeric(lhr: { audits: Record<string, { numericValue?: number }> }, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/**
 * Gives the origin the visitor's localStorage without loading any of the app's files (a JSON endpoint on the
 * same origin), then empties the HTTP cache: a returning visitor whose cache is cold, the worst case.
 */
async function seedStorage(port: number, origin: string, storage: LocalStorageState): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no default browser context');
    const page = await context.newPage();
    await page.goto(`${origin}/api/health`);
    await page.evaluate((items) => {
      localStorage.clear();
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, storage);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await page.close();
  } finally {
    // Connected over CDP: this disconnects, the browser stays up.
    await browser.close();
  }
}

/**
 * Lighthouse's default config (mobile, simulated throttling), performance only, `runs` times. A first visit
 * lets Lighthouse reset the storage as usual; a returning visitor keeps the seeded storage
 * (`disableStorageReset`) and gets an empty HTTP cache.
 */
export async function runLighthouse(options: {
  origin: string;
  page: string;
  path: string;
  runs: number;
  storage?: LocalStorageState;
}): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, logLevel: 'error' });
  const runs: LighthouseRun[] = [];
  try {
    for (let i = 0, retries = 0; i < options.runs; i += 1) {
      if (options.storage) await seedStorage(chrome.port, options.origin, options.storage);
      const result = await lighthouse(`${options.origin}${options.path}`, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance'],
        disableStorageReset: !!options.storage,
        extraHeaders: { 'x-forwarded-for': nextClientIp() },
      });
      if (!result) throw new Error('lighthouse returned nothing');
      const lhr = result.lhr;
      // A trace Lighthouse could not read (NO_NAVSTART, NO_FCP… seen on a busy machine) says nothing
      // about the page: that run is made again, a few times at most.
      if (lhr.runtimeError && TRANSIENT.has(lhr.runtimeError.code) && retries < MAX_RETRIES) {
        console.error(`lighthouse ${options.path}: ${lhr.runtimeError.code}, run again`);
        retries += 1;
        i -= 1;
        continue;
      }
      if (lhr.runtimeError)
        throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const score = lhr.categories.performance?.score;
      if (typeof score !== 'number') throw new Error('lighthouse gave no performance score');
      runs.push({
        score: Math.round(score * 100),
        fcpMs: numeric(lhr, 'first-contentful-paint'),
        lcpMs: numeric(lhr, 'largest-contentful-paint'),
        tbtMs: numeric(lhr, 'total-blocking-time'),
        cls: numeric(lhr, 'cumulative-layout-shift'),
        speedIndexMs: numeric(lhr, 'speed-index'),
        finalUrl: lhr.finalDisplayedUrl,
        warnings: lhr.runWarnings.map(String),
        report: typeof result.report === 'string' ? result.report : undefined,
      });
    }
  } finally {
    chrome.kill();
  }
  const middle = median(runs.map((r) => r.score));
  const chosen = runs.find((r) => r.score === middle) ?? runs[0];
  if (!chosen) throw new Error('no lighthouse runs');
  for (const run of runs) if (run !== chosen) delete run.report;
  return {
    page: options.page,
    visitor: options.storage ? 'returning visitor' : 'first visit',
    path: options.path,
    runs,
    median: chosen,
  };
}
