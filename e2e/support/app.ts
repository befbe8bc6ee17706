import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const serverEntry = join(root, 'apps/server/dist/server.js');

/** One built server process (`apps/server/dist/server.js`): its address, data folder, output and life. */
export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  /** The current process's id (a new one after each restart). */
  pid(): number | undefined;
  /** Raw .eml texts written by the offline mail adapter, oldest first. */
  outbox(): string[];
  /** Everything every server process of this app printed, in order. */
  logs(): string;
  /**
   * Stops the server process and starts it again on the same port, data folder and environment, then
   * waits for /api/health: a deploy (`graceful`: SIGTERM, then wait for the process to exit) or a crash
   * (`crash`: SIGKILL). `whileDown` runs between the two, so a journey can keep the app down for a while
   * and look at the page meanwhile; the server starts again even when it throws. After `kill`, a restart
   * just starts it again.
   */
  restart(kind?: 'graceful' | 'crash', options?: { whileDown?: () => Promise<void> }): Promise<void>;
  /** Sends `signal` and waits for the process to exit: its exit code (null when killed by a signal). */
  kill(signal: NodeJS.Signals): Promise<number | null>;
  /** Ends the process (SIGTERM, SIGKILL after 10 s); the data folder is removed unless it was given. */
  stop(): Promise<void>;
}

/** The app a journey file runs: one server process, with the debug routes' secret. */
export interface RunningApp extends ServerProcess {
  debugSecret: string;
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

/** How long a graceful stop may take: the server drains the replies in flight before it exits. */
const GRACEFUL_EXIT_MS = 60_000;
const START_TIMEOUT_MS = 120_000;

/** Resolves once the process has exited (at once when it already has). */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Ends the process: SIGTERM and up to `graceMs` for it to close by itself (then SIGKILL), or SIGKILL at
 * once when `graceMs` is 0.
 */
async function endProcess(child: ChildProcess, graceMs: number): Promise<void> {
  const done = exited(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  if (graceMs > 0) {
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([done, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
    clearTimeout(timer);
  }
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await done;
}

/**
 * The environment every test server starts with: no PostgreSQL, no Redis (PGlite in the data folder,
 * memory and in-process jobs), the proxy trusted (each browser context presents its own client address
 * through X-Forwarded-For, the way a load balancer would), the debug routes open with `debugSecret`.
 */
export function baseServerEnv(port: number, dataDir: string, debugSecret: string): Record<string, string> {
  return {
    DATABASE_URL: '',
    REDIS_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: 'true',
    DEBUG_ROUTES_SECRET: debugSecret,
    LOG_LEVEL: 'warn',
    // The preview clips cost a minute of one core at a first start: made only where a journey needs them.
    PREVIEW_CLIPS: 'off',
  };
}

/**
 * Starts the built server (`npm run build` first) as `npm start` does, with `env` over this process's
 * environment, and waits for /api/health on `port`. `env` must set PORT and DATA_DIR (baseServerEnv).
 */
export async function startServer(options: {
  env: Record<string, string>;
  port: number;
  dataDir: string;
  /** The data folder was given by the caller: left in place on stop. */
  keepDataDir?: boolean;
  /** Node's own flags, before the script (e.g. `--max-semi-space-size=4`). */
  nodeArgs?: string[];
  /** `taskset -c <cpus>`: the process on these cores only (the benchmarks pin what they measure). */
  cpus?: string;
}): Promise<ServerProcess> {
  const { port, dataDir } = options;
  const url = `http://127.0.0.1:${port}`;
  const childEnv = { ...process.env, ...options.env };
  let output = '';

  /** One server process, up once /api/health answers. */
  async function spawnServer(): Promise<ChildProcess> {
    const args = [...(options.nodeArgs ?? []), serverEntry];
    // taskset execs node, so the process keeps its pid.
    const [bin, argv]: [string, string[]] = options.cpus
      ? ['taskset', ['-c', options.cpus, process.execPath, ...args]]
      : [process.execPath, args];
    const child = spawn(bin, argv, {
      cwd: root,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok) return child;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`server did not start in time:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  let child = await spawnServer();
  return {
    url,
    port,
    dataDir,
    pid: () => child.pid,
    outbox() {
      const dir = join(dataDir, 'outbox');
      let files: string[] = [];
      try {
        files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
      return files.sort().map((f) => readFileSync(join(dir, f), 'utf8'));
    },
    logs: () => output,
    async restart(kind = 'graceful', { whileDown } = {}) {
      const running = child.exitCode === null && child.signalCode === null;
      await endProcess(child, kind === 'graceful' ? GRACEFUL_EXIT_MS : 0);
      if (running) output += `\n--- e2e: server stopped (${kind}) ---\n`;
      try {
        await whileDown?.();
      } finally {
        // Up again even when the check made meanwhile failed: the next journey needs the app.
        child = await spawnServer();
        output += '\n--- e2e: server started again ---\n';
      }
    },
    async kill(signal) {
      const done = exited(child);
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await done;
      output += `\n--- e2e: server ended by ${signal} ---\n`;
      return child.exitCode;
    },
    async stop() {
      await endProcess(child, 10_000);
      if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Where the journeys' global setup (support/global-setup.ts) left an empty, migrated PGlite data folder:
 * a fresh data folder starts with a copy of it. Unset outside the journeys (the benchmarks, `npm run
 * topology`): the server makes its database itself.
 */
export const PGLITE_TEMPLATE_ENV = 'PODRUGA_E2E_PGLITE_TEMPLATE';

/**
 * Starts the built app (`npm run build` first) exactly as `npm start` does, on a free port, with a fresh
 * data folder (PGlite, outbox): baseServerEnv, then `env`. In the journeys the fresh folder holds a copy of
 * the run's migrated empty database (PGLITE_TEMPLATE_ENV), unless `emptyDataDir`.
 */
export async function startApp(
  env: Record<string, string> = {},
  options: {
    /** Start on an existing data folder (a restart); it is then left in place on stop. */
    dataDir?: string;
    /** A fresh data folder with nothing in it: the server runs initdb and every migration itself. */
    emptyDataDir?: boolean;
  } = {},
): Promise<RunningApp> {
  const port = await freePort();
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = mkdtempSync(join(tmpdir(), 'podruga-e2e-'));
    const template = process.env[PGLITE_TEMPLATE_ENV];
    if (template && !options.emptyDataDir) cpSync(template, join(dataDir, 'pglite'), { recursive: true });
  }
  const debugSecret = 'e2e-debug-secret';
  const server = await startServer({
    env: { ...baseServerEnv(port, dataDir, debugSecret), ...env },
    port,
    dataDir,
    keepDataDir: Boolean(options.dataDir),
  });
  return { ...server, debugSecret };
}

/** The first link in a mail that points at `path` (quoted-printable soft breaks undone). */
export function linkFromMail(eml: string, path: string): string {
  const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = text.match(new RegExp(`https?://[^\\s"'<>]*${path}\\?token=[A-Za-z0-9_-]+`));
  if (!m) throw new Error(`no ${path} link in mail:\n${text.slice(0, 2000)}`);
  return m[0];
}
