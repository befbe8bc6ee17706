import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const serverEntry = join(root, 'apps/server/dist/server.js');

export interface RunningApp {
  url: string;
  dataDir: string;
  debugSecret: string;
  /** Raw .eml texts written by the offline mail adapter, oldest first. */
  outbox(): string[];
  logs(): string;
  /** Sends `signal` and waits for the process to exit: its exit code (null when killed by a signal). */
  kill(signal: NodeJS.Signals): Promise<number | null>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the built app (`npm run build` first) exactly as `npm start` does, on a free port, with a fresh
 * data folder (PGlite, outbox). The proxy is trusted so each browser context can present its own client
 * address through X-Forwarded-For, the way a load balancer would.
 */
export async function startApp(
  env: Record<string, string> = {},
  /** `dataDir`: start on an existing data folder (a restart); it is then left in place on stop. */
  options: { dataDir?: string } = {},
): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'podruga-e2e-'));
  const debugSecret = 'e2e-debug-secret';
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: 'true',
      DEBUG_ROUTES_SECRET: debugSecret,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    debugSecret,
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
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill(signal);
        await exited;
      }
      return child.exitCode;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first link in a mail that points at `path` (quoted-printable soft breaks undone). */
export function linkFromMail(eml: string, path: string): string {
  const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = text.match(new RegExp(`https?://[^\\s"'<>]*${path}\\?token=[A-Za-z0-9_-]+`));
  if (!m) throw new Error(`no ${path} link in mail:\n${text.slice(0, 2000)}`);
  return m[0];
}
