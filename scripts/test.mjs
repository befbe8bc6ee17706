#!/usr/bin/env node
// `npm test`: typecheck, lint and the build side by side, unit + integration tests (server on PGlite, then
// again on PostgreSQL when DATABASE_URL is set), then the browser journeys in Debian's Chromium against the
// built app. Without a Chromium the journeys are skipped loudly; with CI=true a missing Chromium fails the run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const isCI = process.env.CI === 'true' || process.env.CI === '1';
const totals = { passed: 0, failed: 0, skipped: 0 };
/** The failing tests by name, printed again at the very end so that the tail of a CI log names them. */
const failures = [];
const started = Date.now();

function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}: ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `◀ ${title}: ${res.status === 0 ? 'ok' : `FAILED (exit ${res.status})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  return res.status === 0;
}

/**
 * Runs steps side by side, each one's output kept and printed in one piece when it ends (in the order they
 * end), with its time. For steps that share no files and run no tests: their speed is not under test.
 */
async function together(steps) {
  const results = await Promise.all(
    steps.map(
      ({ title, cmd, args }) =>
        new Promise((resolve) => {
          const t0 = Date.now();
          const chunks = [];
          const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (d) => chunks.push(d));
          child.stderr.on('data', (d) => chunks.push(d));
          const done = (status) => {
            console.log(`\n▶ ${title}: ${cmd} ${args.join(' ')}`);
            process.stdout.write(Buffer.concat(chunks));
            const secs = ((Date.now() - t0) / 1000).toFixed(1);
            console.log(`◀ ${title}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${secs} s`);
            resolve(status === 0);
          };
          child.on('error', (error) => {
            chunks.push(Buffer.from(`${error}\n`));
            done(-1);
          });
          child.on('close', (status) => done(status));
        }),
    ),
  );
  return results.every(Boolean);
}

function vitest(title, projects, env = {}, extra = []) {
  const out = join(reports, `${title.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...extra];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${out}`);
  const ok = run(title, 'npx', args, env);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests ?? 0;
    // A run that failed without a failing test (an unhandled error, a broken config) still counts.
    totals.failed += r.numFailedTests || (ok ? 0 : 1);
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    for (const file of r.testResults ?? []) {
      const rel = String(file.name ?? '').replace(root, '');
      const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failed) {
        const why = String(a.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        failures.push(`${title} › ${rel} › ${a.fullName ?? a.title}\n    ${why}`);
      }
      if (!failed.length && file.status === 'failed') {
        failures.push(
          `${title} › ${rel}: ${String(file.message ?? '')
            .split('\n')[0]
            .slice(0, 300)}`,
        );
      }
    }
  } else if (!ok) totals.failed += 1;
  return ok;
}

function finish(ok) {
  const secs = ((Date.now() - started) / 1000).toFixed(0);
  if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
  console.log(`\nnpm test finished in ${secs} s`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok ? 0 : 1);
}

const journeys = existsSync(chromium);
// tsc is one core for ~30 s; the lint and the build (only the journeys use it) fit beside it.
let ok = await together([
  {
    title: 'typecheck',
    cmd: 'npx',
    args: ['tsc', '-b', 'packages/shared', 'apps/server', 'apps/web', 'e2e', 'bench'],
  },
  { title: 'lint', cmd: 'npx', args: ['biome', 'check', '.'] },
  ...(journeys ? [{ title: 'build', cmd: 'npm', args: ['run', 'build'] }] : []),
]);
const { DATABASE_URL } = process.env;
ok =
  vitest('unit and integration (PGlite)', ['shared', 'web', 'web-components', 'bench', 'server'], {
    DATABASE_URL: '',
  }) && ok;
if (DATABASE_URL) {
  ok = vitest('server on PostgreSQL', ['server'], { DATABASE_URL }) && ok;
} else {
  console.log('\n(DATABASE_URL is not set: the server suite ran on PGlite only)');
}

if (!journeys) {
  const msg = `Chromium not found at ${chromium}: the browser journeys in e2e/ were NOT run. Install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`;
  console.error(`\n${'!'.repeat(100)}\n!! ${msg}\n${'!'.repeat(100)}`);
  if (isCI) {
    totals.failed += 1;
    finish(false);
  }
  finish(ok);
}
// Three journey files at a time: they mostly wait (replies, settled pages), so a third one uses what two
// leave idle (the journeys took 470 s with two at once, 364 s with three, on two cores).
ok =
  vitest('browser journeys (Chromium)', ['e2e'], { DATABASE_URL: '', CHROMIUM_PATH: chromium }, [
    '--maxWorkers=3',
  ]) && ok;
finish(ok);
