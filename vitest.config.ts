import { defineConfig } from 'vitest/config';

// One runner, six projects: shared (pure rules), server (buildApp + inject against a real database),
// web (client helpers), web-components (React components in jsdom), bench (the benchmarks' parts), e2e (browser journeys in Debian's Chromium).
export default defineConfig({
  test: {
    // Two cores on this machine and in CI; the server files each hold a PGlite instance (~1 GB peak).
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The files share their worker processes: the app's modules are loaded once per process, not
          // once per file (~1 s each), and each file's PGlite starts from one migrated copy (src/test/db.ts).
          // Nothing a file leaves behind reaches the next: each has its own database, apps and servers,
          // closes them in its hooks, and no file mocks a module (the jsdom project does: it stays isolated).
          // The suite took 239 s isolated, 128 s shared, on two cores (PostgreSQL: 133 s, 87 s).
          isolate: false,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' } },
      // The web app's components in jsdom with Testing Library: what a user sees and does on one part of a
      // page, with the network stubbed at the API client (apps/web/src/test/).
      {
        test: {
          name: 'web-components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A ceiling, not a measure: beside the server suites on two cores a typed form takes seconds.
          testTimeout: 30_000,
        },
      },
      // The benchmarks' own parts (fake upstream, statistics, report): the benchmarks run by npm scripts.
      { test: { name: 'bench', include: ['bench/**/*.test.ts'] } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          // An empty migrated database made once, which each app's data folder starts as a copy of.
          globalSetup: ['e2e/support/global-setup.ts'],
          // Several journey files at a time (each its own app, data folder and Chromium): the journeys
          // mostly wait (for replies, settled URLs, quiet networks), so two at once took the browser part
          // from 559 s to 322 s on two cores; `npm test` runs three (scripts/test.mjs). The timeouts are
          // ceilings for a loaded machine, not measures.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: true,
        },
      },
    ],
  },
});
