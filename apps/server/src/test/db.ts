import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTableName, isTable, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type Database, defaultMigrationsFolder, openPglite, openPostgres } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';

const TABLES = Object.values(schema)
  .filter(isTable)
  .map((table) => `"${getTableName(table)}"`)
  .join(', ');

export interface TestDatabase {
  database: Database;
  /** Empties every table; cheaper than a new database (PGlite starts cold in seconds). */
  reset(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * drizzle-kit writes foreign keys as "public"."table"; a test schema needs them pointing at itself,
 * so the committed migrations are copied with that qualifier replaced.
 */
async function migrationsFor(schemaName: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'podruga-migrations-'));
  await cp(defaultMigrationsFolder(), dir, { recursive: true });
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.sql'))) {
    const text = await readFile(join(dir, file), 'utf8');
    await writeFile(join(dir, file), text.replaceAll('"public".', `"${schemaName}".`));
  }
  return dir;
}

/** A fresh schema on the DATABASE_URL server, reached through the pool's search_path. */
async function createPostgresSchema(url: string): Promise<TestDatabase> {
  const schemaName = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schemaName}"`);
  await admin.end();
  const database = openPostgres(url, { options: `-c search_path=${schemaName}`, max: 4 });
  const folder = await migrationsFor(schemaName);
  await database.migrate({ migrationsFolder: folder, migrationsSchema: schemaName });
  await rm(folder, { recursive: true, force: true });
  return {
    database,
    reset: async () => void (await database.db.execute(sql.raw(`truncate ${TABLES} cascade`))),
    dispose: async () => {
      await database.db.execute(sql.raw(`drop schema "${schemaName}" cascade`));
      await database.close();
    },
  };
}

/**
 * The migrated empty database, made once per test process (the server project shares its processes
 * between files, vitest.config.ts): initdb and the migrations cost ~1.5 s, a copy ~0.3 s.
 */
let migrated: Promise<Blob> | undefined;

async function migratedDataDir(): Promise<Blob> {
  const database = await openPglite();
  try {
    await database.migrate();
    return await database.dumpDataDir();
  } finally {
    await database.close();
  }
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  migrated ??= migratedDataDir();
  // A failed attempt is not kept: the next file tries again (and reports its own failure).
  const template = await migrated.catch((error: unknown) => {
    migrated = undefined;
    throw error;
  });
  const database = await openPglite(undefined, { loadDataDir: template });
  return {
    database,
    reset: async () => void (await database.db.execute(sql.raw(`truncate ${TABLES} cascade`))),
    dispose: () => database.close(),
  };
}

/** PGlite in memory, or a throw-away schema on the server in DATABASE_URL when that is set. */
export function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  return url ? createPostgresSchema(url) : createPgliteDatabase();
}

/**
 * One migrated database for the whole test file, emptied before each test. Returns a getter, valid
 * inside tests and hooks.
 */
export function useTestDatabase(): () => Database {
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  beforeEach(async () => {
    await testDb?.reset();
  });
  afterAll(async () => {
    await testDb?.dispose();
  });
  return () => {
    if (!testDb) throw new Error('useTestDatabase(): the database is ready only inside tests and hooks');
    return testDb.database;
  };
}
