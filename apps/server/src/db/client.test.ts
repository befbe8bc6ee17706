import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, openPglite } from './client.ts';

/** node-postgres and PGlite both answer `{rows}`. */
async function rows(database: Database, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: Record<string, unknown>[] }).rows;
}

async function sharedBuffers(database: Database): Promise<unknown> {
  return (await rows(database, sql`show shared_buffers`))[0]?.shared_buffers;
}

describe('the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'podruga-pglite-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts with a 16MB page cache, not PGlite’s 128MB (each megabyte stays resident)', async () => {
    const database = await openPglite();
    try {
      expect(await sharedBuffers(database)).toBe('16MB');
    } finally {
      await database.close();
    }
  });

  it('takes PGLITE_SHARED_BUFFERS at every start, the data on disk kept across starts', async () => {
    const config = {
      databaseUrl: undefined,
      databasePoolSize: 40,
      dataDir,
      pglite: { sharedBuffers: '1024kB', wasmTierUp: true },
    };
    const first = await openDatabase(config);
    expect(first.kind).toBe('pglite');
    await first.db.execute(sql`create table kept (note text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    await first.close();

    const second = await openDatabase({ ...config, pglite: { ...config.pglite, sharedBuffers: '2MB' } });
    try {
      expect(await sharedBuffers(second)).toBe('2MB');
      expect(await rows(second, sql`select note from kept`)).toEqual([{ note: 'still here' }]);
    } finally {
      await second.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL', () => {
  it('keeps at most DATABASE_POOL_SIZE connections, however many queries wait', async () => {
    const database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      databasePoolSize: 2,
      dataDir: '/nonexistent',
      pglite: { sharedBuffers: '16MB', wasmTierUp: false },
    });
    try {
      const backends = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const [row] = await rows(database, sql`select pg_backend_pid() as pid, pg_sleep(0.05)`);
          return row?.pid;
        }),
      );
      expect(new Set(backends).size).toBe(2);
    } finally {
      await database.close();
    }
  });
});
