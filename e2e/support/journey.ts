import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type RunningApp, startApp } from './app.ts';
import { launchBrowser } from './browser.ts';
import { type FakeLlm, type FakeLlmOptions, startFakeLlm } from './fake-llm.ts';

/** What a journey file shares: the built app, a browser, and the fake model behind the app if asked for. */
export interface Journey {
  app: RunningApp;
  browser: Browser;
  /** Set when `useJourney({ llm })` asked for a fake OpenAI-compatible model. */
  llm: FakeLlm;
}

/**
 * One app and one Chromium for the journeys of a file, started before them and stopped after; with
 * `llm`, the app answers from a fake OpenAI-compatible model instead of the offline engine; `env` is
 * added to the app's environment.
 */
export function useJourney(options: { llm?: FakeLlmOptions; env?: Record<string, string> } = {}): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    if (options.llm) journey.llm = await startFakeLlm(options.llm);
    [journey.app, journey.browser] = await Promise.all([
      startApp({ ...options.env, ...journey.llm?.appEnv }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.app?.stop();
    await journey.llm?.close();
  });
  return journey;
}
