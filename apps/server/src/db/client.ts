import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

type Schema = typeof schema;
/** The one database type repositories see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

interface MigrateOptions {
  /** Defaults to the committed apps/server/drizzle folder. */
  migrationsFolder?: string;
  /** Where drizzle keeps its journal; tests give each file its own schema. */
  migrationsSchema?: string;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(options?: MigrateOptions): Promise<void>;
  close(): Promise<void>;
}

export interface PgliteDatabase extends Database {
  /**
   * The whole data directory as an uncompressed tarball, for `PgliteOptions.loadDataDir` (the tests
   * migrate one database per process and start each file's database as a copy of it).
   */
  dumpDataDir(): Promise<Blob>;
}

/** Any fixed number: PostgreSQL advisory locks are keyed by a bigint. */
const MIGRATION_LOCK_ID = 720_451_913;

/**
 * The committed migrations: apps/server/drizzle, reached from src/db/ (tests, tsx) and from dist/
 * (the esbuild bundle) alike.
 */
export function defaultMigrationsFolder(): string {
  for (const relative of ['../../drizzle', '../drizzle']) {
    const dir = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(join(dir, 'meta', '_journal.json'))) return dir;
  }
  throw new Error('Migrations folder apps/server/drizzle not found next to the server code');
}

/** What the embedded database holds resident; both measured in docs/decisions/0029. */
export interface PgliteOptions {
  /**
   * PostgreSQL's shared_buffers ("16MB", "16384kB"). PGlite allocates and touches all of it at start,
   * inside its WebAssembly memory, which never shrinks: PGlite's own 128MB is 128 MB of RSS from the
   * first second. 16MB when omitted.
   */
  sharedBuffers?: string;
  /**
   * false: V8 keeps WebAssembly on its baseline compiler (Liftoff) for the rest of the process. The
   * optimising compiler's passes over PGlite's hot functions leave ~40 MB of freed malloc memory that
   * glibc does not hand back; the stream bench saw no difference in CPU per chat request without them
   * (a grouping query over 9,000 rows ran up to ~30 % slower). V8's flags are process-wide: every
   * WebAssembly module of the process stays on Liftoff (the offline clip encoder runs ~1.6× longer).
   * Omitted: the flags are left alone (tests).
   */
  wasmTierUp?: boolean;
}

const DEFAULT_SHARED_BUFFERS = '16MB';

/**
 * Embedded PostgreSQL: on disk under `dataDir`, or in memory when it is omitted (tests). `loadDataDir`:
 * a data directory from `dumpDataDir` that a new database starts as, instead of running initdb (the
 * tests, in memory: ~0.3 s a database instead of ~1.5 s).
 */
export async function openPglite(
  dataDir?: string,
  options: PgliteOptions & { loadDataDir?: Blob } = {},
): Promise<PgliteDatabase> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // Before PGlite's module is compiled: V8 reads the flags as it compiles and tiers functions up.
  if (options.wasmTierUp === false) setFlagsFromString('--no-wasm-tier-up --no-wasm-dynamic-tiering');
  // Loaded only when used: a server on PostgreSQL never pays for the embedded database's code.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create(dataDir, {
    loadDataDir: options.loadDataDir,
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${options.sharedBuffers ?? DEFAULT_SHARED_BUFFERS}`,
    ],
  });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: async (options = {}) => {
      await migratePglite(db, {
        migrationsFolder: options.migrationsFolder ?? defaultMigrationsFolder(),
        migrationsSchema: options.migrationsSchema,
      });
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

export function openPostgres(connectionString: string, poolOptions: pg.PoolConfig = {}): Database {
  const pool = new pg.Pool({ connectionString, ...poolOptions });
  return {
    db: drizzlePg({ client: pool, schema }),
    kind: 'postgres',
    // Several instances may start together: one migrates while the others wait on the lock, then
    // find nothing left to do.
    migrate: async (options = {}) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client, schema }), {
          migrationsFolder: options.migrationsFolder ?? defaultMigrationsFolder(),
          migrationsSchema: options.migrationsSchema,
        });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite. */
export function openDatabase(config: {
  databaseUrl: string | undefined;
  /** Connections to PostgreSQL at most (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  dataDir: string;
  pglite: Required<PgliteOptions>;
}): Promise<Database> {
  return config.databaseUrl
    ? Promise.resolve(openPostgres(config.databaseUrl, { max: config.databasePoolSize }))
    : openPglite(join(config.dataDir, 'pglite'), config.pglite);
}

/** PostgreSQL's code for a unique-constraint violation, found on the driver error or its cause. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') return true;
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}
