import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = new URL('../..', import.meta.url).pathname;
/** The built server: this checkout's, or another's (`BENCH_SERVER_ROOT`: an A/B against another build). */
const serverEntry = () => join(process.env.BENCH_SERVER_ROOT || ROOT, 'apps/server/dist/server.js');

export interface StartedProcess {
  url: string;
  port: number;
  pid: number;
  logs(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** `taskset -c <cpus> node …` when asked and available (the process keeps its pid: taskset execs). */
function command(cpus: string | undefined, args: string[]): [string, string[]] {
  if (cpus && existsSync('/usr/bin/taskset'))
    return ['/usr/bin/taskset', ['-c', cpus, process.execPath, ...args]];
  return [process.execPath, args];
}

async function waitFor(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url} in time:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Spawns a Node script on a free port (given as PORT) and waits until `readyPath` answers 200. */
export async function startNode(options: {
  script: string;
  args?: string[];
  env?: Record<string, string>;
  cpus?: string;
  readyPath: string;
  port?: number;
  nodeArgs?: string[];
}): Promise<StartedProcess> {
  const port = options.port ?? (await freePort());
  let output = '';
  const [bin, args] = command(options.cpus, [
    ...(options.nodeArgs ?? []),
    ...(options.script.endsWith('.ts') ? ['--import', 'tsx'] : []),
    options.script,
    ...(options.args ?? []),
  ]);
  const child = spawn(bin, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${options.readyPath}`, child, () => output);
  if (!child.pid) throw new Error('no pid');
  return {
    url,
    port,
    pid: child.pid,
    logs: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof", reaches the server under test. */
export function serverNodeArgs(): string[] {
  return process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
}

/**
 * The Node flags every server under test runs with — the app as `npm start` runs it (package.json: V8's
 * young generation capped at 8 MB a half (decision 0032), its old generation let grow by half of what survived the last
 * full collection before the next; decision 0030), and the bare relay alike, so a ratio between them
 * measures the code, not the flags (DESIGN §8). BENCH_NODE_ARGS comes after and wins.
 */
export function appNodeArgs(): string[] {
  return ['--max-semi-space-size=8', '--heap-growing-percent=50', ...serverNodeArgs()];
}

/** The environment `npm start` gives the app: glibc keeps two malloc arenas instead of one per thread. */
export const APP_PROCESS_ENV = { MALLOC_ARENA_MAX: '2' } as const;

export interface StartedApp extends StartedProcess {
  dataDir: string;
  /** Stops the process and keeps the data folder and database (for a restart on them). */
  halt(): Promise<void>;
}

/**
 * The built app (`npm run build` first) as `npm start` runs it, with a fresh data folder. Without
 * `databaseUrl` it uses the embedded PGlite. The proxy is trusted so a load generator can present
 * many client addresses through X-Forwarded-For.
 */
export async function startApp(
  options: { cpus?: string; databaseUrl?: string; env?: Record<string, string>; dataDir?: string } = {},
): Promise<StartedApp> {
  const entry = serverEntry();
  if (!existsSync(entry)) throw new Error(`Build the app first (npm run build): ${entry} is missing`);
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'podruga-bench-'));
  const started = await startNode({
    script: entry,
    ...(options.cpus ? { cpus: options.cpus } : {}),
    readyPath: '/api/health',
    nodeArgs: appNodeArgs(),
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl ?? '',
      REDIS_URL: '',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      ...APP_PROCESS_ENV,
      ...options.env,
    },
  });
  return {
    ...started,
    dataDir,
    halt: () => started.stop(),
    async stop() {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
