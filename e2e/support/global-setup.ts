import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { PGLITE_TEMPLATE_ENV } from './app.ts';

const migrations = new URL('../../apps/server/drizzle', import.meta.url).pathname;

/**
 * Once per journey run (vitest.config.ts, project e2e): an empty PGlite data folder with every committed
 * migration applied, as the server's own first start leaves it before it seeds. `startApp` gives each app
 * a copy of it, so a start skips initdb and the migrations (~2 s of a core each, 30 starts a run); the
 * server still runs its migrations at start and finds nothing left to do. One journey keeps the first
 * start on an empty folder (`startApp(…, { emptyDataDir: true })`, server-restart.e2e.ts).
 */
export async function setup(): Promise<() => void> {
  const folder = mkdtempSync(join(tmpdir(), 'podruga-e2e-template-'));
  const dataDir = join(folder, 'pglite');
  const client = await PGlite.create(dataDir);
  try {
    await migrate(drizzle({ client }), { migrationsFolder: migrations });
  } finally {
    await client.close();
  }
  // Read by startApp in the workers, which are started after this.
  process.env[PGLITE_TEMPLATE_ENV] = dataDir;
  return () => rmSync(folder, { recursive: true, force: true });
}
