/**
 * The floor under "CPU per chat request": what one database round trip costs the server process on
 * this machine, measured the way the app talks to each database (node-postgres over loopback TCP;
 * PGlite in-process). Run pinned to the server's core by main.ts; prints one JSON line.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const ROUNDS = 2000;

async function cpuMsPer(task: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) await task(); // warm up: JIT, connection, plan cache
  const before = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) await task();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / ROUNDS;
}

const result: Record<string, number | string> = {};
const url = process.env.DATABASE_URL;
if (url) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  result.postgresSelect1 = await cpuMsPer(() => pool.query('select 1'));
  result.postgresPreparedRow = await cpuMsPer(() =>
    pool.query({
      name: 'floor_row',
      text: 'select $1::uuid as id, now() as at',
      values: [crypto.randomUUID()],
    }),
  );
  await pool.end();
}
const lite = await PGlite.create();
result.pgliteSelect1 = await cpuMsPer(() => lite.query('select 1'));
await lite.close();
process.stdout.write(`${JSON.stringify(result)}\n`);
