import { gzipSync } from 'node:zlib';
import type { Browser, Page, Request, Response } from 'playwright-core';
import { type LocalStorageState, newVisitor, type Viewport } from './browser.ts';

export type AssetKind = 'js' | 'css' | 'html' | 'other';

export interface Asset {
  url: string;
  kind: AssetKind;
  status: number;
  /** Body bytes as the page uses them (decoded). */
  rawBytes: number;
  /** The body gzipped here at level 9: independent of what the server sends. */
  gzipBytes: number;
  /** Content-Encoding the server answered with ('' when none). */
  encoding: string;
  /** Body bytes on the wire (after Content-Encoding), as Chromium counted them. */
  transferBytes: number;
  /** Named by index.html (entry script, module preloads, stylesheets): fetched before the first render. */
  initial: boolean;
  /** Finished before the first contentful paint. */
  beforeFcp: boolean;
}

export interface PageLoad {
  finalUrl: string;
  assets: Asset[];
  requests: number;
  fcpMs: number | null;
  settledMs: number;
}

export interface Scenario {
  route: string;
  visitor: 'first visit' | 'gate passed' | 'with companion';
  path: string;
  storage: LocalStorageState;
  /** What on the page says the route's content is there. */
  ready: (page: Page) => Promise<void>;
}

function kindOf(response: Response): AssetKind {
  const type = response.request().resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  if (type === 'script' || /javascript/.test(contentType)) return 'js';
  if (type === 'stylesheet' || /text\/css/.test(contentType)) return 'css';
  if (type === 'document' || /text\/html/.test(contentType)) return 'html';
  return 'other';
}

/** What index.html names itself: `<script src>`, `<link rel=modulepreload|stylesheet href>`. */
function initialAssets(html: string, origin: string): Set<string> {
  const out = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const tag = m[0];
    const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!src) continue;
    if (tag.startsWith('<script') || /rel="(?:modulepreload|stylesheet)"/.test(tag)) {
      out.add(new URL(src, origin).href);
    }
  }
  return out;
}

/** Resolves once no request has been in flight for `quietMs` (websockets do not count). */
function networkQuiet(page: Page, quietMs: number, timeoutMs: number): Promise<void> {
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  return new Promise<void>((resolve, reject) => {
    const deadline = setTimeout(() => {
      cleanup();
      reject(new Error(`network never went quiet (${inFlight} requests in flight)`));
    }, timeoutMs);
    const arm = () => {
      clearTimeout(timer);
      if (inFlight === 0)
        timer = setTimeout(() => {
          cleanup();
          resolve();
        }, quietMs);
    };
    const started = () => {
      inFlight += 1;
      clearTimeout(timer);
    };
    const ended = () => {
      inFlight = Math.max(0, inFlight - 1);
      arm();
    };
    const cleanup = () => {
      clearTimeout(timer);
      clearTimeout(deadline);
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    };
    page.on('request', started);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    arm();
  });
}

/**
 * Loads one route in a fresh context (cold HTTP cache, the visitor's storage), waits until its content
 * is on screen and the network has been quiet for a second, and records every response.
 */
export async function capture(
  browser: Browser,
  origin: string,
  scenario: Scenario,
  viewport: Viewport,
): Promise<PageLoad> {
  const ctx = await newVisitor(browser, origin, viewport, scenario.storage);
  try {
    const page = await ctx.newPage();
    const responses: Response[] = [];
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    page.on('response', (r) => responses.push(r));
    const started = Date.now();
    await page.goto(`${origin}${scenario.path}`, { waitUntil: 'load', timeout: 60_000 });
    await scenario.ready(page);
    // Lazy chunks and API calls that follow the first render: wait until nothing has moved for a second.
    await networkQuiet(page, 1_000, 30_000);
    const settledMs = Date.now() - started;
    const finalUrl = page.url();
    const paint = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const ends = performance
        .getEntriesByType('resource')
        .map((e) => [e.name, (e as PerformanceResourceTiming).responseEnd] as const);
      return { fcp, ends };
    });
    const endOf = new Map(paint.ends);

    const documentResponse = responses.find((r) => r.request().resourceType() === 'document');
    const html = documentResponse ? await documentResponse.text() : '';
    const initial = initialAssets(html, origin);

    const assets: Asset[] = [];
    for (const response of responses) {
      const status = response.status();
      if (status < 200 || status >= 300) continue;
      const body = await response.body().catch(() => null);
      if (!body) continue;
      const sizes = await response
        .request()
        .sizes()
        .catch(() => null);
      const end = endOf.get(response.url());
      assets.push({
        url: response.url(),
        kind: kindOf(response),
        status,
        rawBytes: body.length,
        gzipBytes: gzipSync(body, { level: 9 }).length,
        encoding: response.headers()['content-encoding'] ?? '',
        transferBytes: sizes?.responseBodySize ?? body.length,
        initial: initial.has(response.url()),
        beforeFcp: paint.fcp !== null && end !== undefined && end <= paint.fcp,
      });
    }
    return { finalUrl, assets, requests: requests.length, fcpMs: paint.fcp, settledMs };
  } finally {
    await ctx.close();
  }
}
