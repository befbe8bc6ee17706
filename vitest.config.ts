import { defineConfig } from 'vitest/config';

// One runner, four projects: shared (pure rules), server (buildApp + inject against a real database),
// web (client helpers), e2e (browser journeys in Debian's Chromium against the built app).
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
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
