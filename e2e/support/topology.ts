/**
 * The test topology of issue 17, all on this machine: a fresh PostgreSQL database, the machine's Redis
 * under a key prefix of its own, a local S3 server (s3rver) with a bucket, two instances of the built
 * server (`apps/server/dist/server.js`, `npm run build` first) and HAProxy in front of them.
 *
 * The balancer: HTTP round robin over `a` and `b`; health checks on /api/health every 500 ms (a killed
 * instance leaves the pool after two failed checks, ~1 s, and a refused connection is redispatched to
 * the other at once); websockets kept open for an hour (`timeout tunnel`); socket.io kept on one
 * instance by a cookie (only its long-polling fallback needs it); X-Forwarded-For appended. For tests,
 * a cookie `pin=a|b` (pinTo) sends every request of a browser context to that instance while it is up,
 * and every response says which instance answered in `X-Instance`.
 *
 * Used by the multi-instance journeys (e2e/multi-instance.e2e.ts), `npm run topology` (scripts/) and
 * `bench:stream --targets cluster`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { startLocalS3 } from '../../apps/server/src/test/s3.ts';
import { baseServerEnv, freePort, type ServerProcess, startServer } from './app.ts';

export type InstanceName = 'a' | 'b';
export const INSTANCE_NAMES: readonly InstanceName[] = ['a', 'b'];

export interface Instance extends ServerProcess {
  name: InstanceName;
}

/** A server's state as HAProxy sees it: UP, DOWN, or a transition (`UP 1/2`, `DOWN 1/2`), MAINT… */
export type PoolState = string;

export interface Topology {
  /** The balancer: what a user's browser talks to. */
  url: string;
  instances: Instance[];
  instance(name: InstanceName): Instance;
  databaseUrl: string;
  redisUrl: string;
  /** Every Redis key and channel of this topology starts with it (REDIS_PREFIX). */
  redisPrefix: string;
  s3: { endpoint: string; bucket: string };
  debugSecret: string;
  /** HAProxy's own output: one line per request (server chosen, status, timings) when `requestLog`. */
  balancerLogs(): string;
  balancerPid(): number | undefined;
  /** Each server's state in the balancer's pool. */
  pool(): Promise<Record<InstanceName, PoolState>>;
  /** Waits until the balancer has `name` in (`UP`) or out of (`DOWN`) its pool. */
  waitForPool(name: InstanceName, state: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  /** Waits until no job of `kind` waits, runs or waits for a retry in the shared queue (BullMQ). */
  waitForJobs(kind: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface TopologyOptions {
  /** Added to both instances' environment (an LLM, brands…). */
  env?: Record<string, string>;
  /** Added to one instance's environment only. */
  instanceEnv?: Partial<Record<InstanceName, Record<string, string>>>;
  /** The balancer's port; a free one when unset. */
  port?: number;
  /** Where to create the database: a server URL without a database name. */
  postgresUrl?: string;
  redisUrl?: string;
  /** HAProxy writes a line per request (its logs); off for benchmarks. */
  requestLog?: boolean;
  /** Node's flags for the instances. */
  nodeArgs?: string[];
  /** `taskset -c` for each instance and for HAProxy (the benchmarks pin what they measure). */
  cpus?: Partial<Record<InstanceName | 'balancer', string>>;
}

export const POSTGRES_URL = process.env.TOPOLOGY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
export const REDIS_URL = process.env.TOPOLOGY_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HAPROXY = process.env.HAPROXY_PATH ?? 'haproxy';

/** Health checks: every 500 ms; out of the pool after 2 failures, back after 1 success. */
const CHECK_INTER_MS = 500;

/**
 * Why the topology cannot start here (no HAProxy, PostgreSQL or Redis), or undefined when it can. The
 * journeys skip with this reason outside CI; CI installs HAProxy (.ci/run) and has the two services.
 */
export async function topologyMissing(
  postgresUrl = POSTGRES_URL,
  redisUrl = REDIS_URL,
): Promise<string | undefined> {
  try {
    execFileSync(HAPROXY, ['-v'], { stdio: 'pipe' });
  } catch {
    return 'HAProxy is not installed (apt-get install haproxy)';
  }
  const client = new pg.Client({
    connectionString: `${postgresUrl}/postgres`,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    return `PostgreSQL does not answer at ${postgresUrl}: ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `Redis does not answer at ${redisUrl}: ${(error as Error).message}`;
  } finally {
    redis.disconnect();
  }
  return undefined;
}

/** A VAPID key pair (P-256, base64url) shared by the instances, so a push subscription works on both. */
function vapidKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const priv = privateKey.export({ format: 'jwk' });
  const raw = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(pub.x ?? '', 'base64url'),
    Buffer.from(pub.y ?? '', 'base64url'),
  ]);
  return { publicKey: raw.toString('base64url'), privateKey: priv.d ?? '' };
}

/** The balancer's configuration (HAProxy 2.6, Debian 12's). */
export function haproxyConfig(ports: {
  balancer: number;
  stats: number;
  a: number;
  b: number;
  requestLog: boolean;
}): string {
  const servers = (extra: (name: InstanceName) => string) =>
    INSTANCE_NAMES.map((name) => `  server ${name} 127.0.0.1:${ports[name]} ${extra(name)}`);
  const pins = INSTANCE_NAMES.map((name) => `  use-server ${name} if { req.cook(pin) -m str ${name} }`);
  return [
    'global',
    '  maxconn 5000',
    // One thread: light on a 2-core machine, and what a benchmark can pin.
    '  nbthread 1',
    ...(ports.requestLog ? ['  log stdout format raw local0 info'] : []),
    '',
    'defaults',
    '  mode http',
    ...(ports.requestLog ? ['  log global', '  option httplog', '  option logasap'] : []),
    '  option forwardfor',
    // A request whose server is down or refuses the connection goes to the other one.
    '  option redispatch 1',
    '  retries 2',
    // A server that dies with the connection open answers nothing: a GET is tried again elsewhere,
    // never a POST (it may have been done; see the frontend).
    '  retry-on conn-failure empty-response',
    '  timeout connect 2s',
    '  timeout client 60s',
    // A REST message waits for her whole reply.
    '  timeout server 120s',
    '  timeout http-request 10s',
    '  timeout queue 10s',
    // Websockets: an open socket may stay quiet between socket.io's pings.
    '  timeout tunnel 1h',
    '  timeout client-fin 5s',
    '',
    'frontend web',
    `  bind 127.0.0.1:${ports.balancer}`,
    '  maxconn 5000',
    // Which instance answered: the journeys and a person's devtools can see it.
    '  http-response set-header X-Instance %s',
    '  http-request disable-l7-retry unless METH_GET || METH_HEAD',
    '  use_backend sockets if { path_beg /socket.io/ }',
    '  default_backend app',
    '',
    'backend app',
    '  balance roundrobin',
    '  option httpchk',
    '  http-check send meth GET uri /api/health',
    '  http-check expect status 200',
    `  default-server inter ${CHECK_INTER_MS}ms fastinter ${CHECK_INTER_MS / 2}ms fall 2 rise 1`,
    // Tests pin a browser context to an instance; a pinned instance that is down is passed over.
    ...pins,
    ...servers(() => 'check'),
    '',
    // socket.io: a websocket is one connection, but the long-polling fallback must keep to the
    // instance that holds its session: a cookie says which.
    'backend sockets',
    '  balance roundrobin',
    '  cookie io_instance insert indirect nocache httponly',
    ...pins,
    ...servers((name) => `track app/${name} cookie ${name}`),
    '',
    'listen stats',
    `  bind 127.0.0.1:${ports.stats}`,
    '  stats enable',
    '  stats uri /',
    '',
  ].join('\n');
}

/** Sends a browser context's requests to one instance (while it is up): the cookie `pin`. */
export async function pinTo(context: BrowserContext, name: InstanceName): Promise<void> {
  await context.addCookies([{ name: 'pin', value: name, domain: '127.0.0.1', path: '/' }]);
}

/** Back to round robin. */
export async function unpin(context: BrowserContext): Promise<void> {
  await context.clearCookies({ name: 'pin' });
}

/** Headers for a request from the test itself (fetch, socket.io-client) pinned to one instance. */
export function pinned(name: InstanceName, headers: Record<string, string> = {}): Record<string, string> {
  return { ...headers, cookie: `pin=${name}` };
}

/** Which instance answered a response through the balancer (its `X-Instance` header). */
export function instanceOf(response: { headers(): Record<string, string> } | Response): string | undefined {
  if (response instanceof Response) return response.headers.get('x-instance') ?? undefined;
  return response.headers()['x-instance'];
}

/** One of a page's websockets, as the balancer placed it. */
export interface WatchedSocket {
  /** The X-Instance of its handshake. */
  instance: string;
  /** It authenticated into a chat (the chat page's socket; the bell's has no chat). */
  chat: boolean;
  /** socket.io answered its authenticate with success. */
  authenticated: boolean;
  closed: boolean;
}

/**
 * The page's websockets (socket.io's), in the order they opened, with the instance of each handshake
 * (its X-Instance, read through the DevTools protocol: the page's own code cannot see it). `chat()` is
 * the latest socket that authenticated into a chat. Call before the page connects.
 */
export async function watchSockets(
  page: Page,
): Promise<{ all: () => WatchedSocket[]; instances: () => string[]; chat: () => WatchedSocket | undefined }> {
  const cdp = await page.context().newCDPSession(page);
  const sockets = new Map<string, WatchedSocket>();
  const of = (requestId: string) => {
    let socket = sockets.get(requestId);
    if (!socket) {
      socket = { instance: '?', chat: false, authenticated: false, closed: false };
      sockets.set(requestId, socket);
    }
    return socket;
  };
  cdp.on('Network.webSocketCreated', (event) => {
    // The chat's socket names its chat in the query (and may authenticate before it knows it).
    if (new URL(event.url).searchParams.get('chat_id')) of(event.requestId).chat = true;
  });
  cdp.on('Network.webSocketHandshakeResponseReceived', (event) => {
    const headers = event.response.headers as Record<string, string>;
    const found = Object.entries(headers).find(([key]) => key.toLowerCase() === 'x-instance');
    of(event.requestId).instance = found?.[1] ?? '?';
  });
  cdp.on('Network.webSocketFrameSent', (event) => {
    const data = event.response.payloadData;
    if (data.startsWith('42["authenticate",') && /"chat_id":"[^"]+"/.test(data))
      of(event.requestId).chat = true;
  });
  cdp.on('Network.webSocketFrameReceived', (event) => {
    if (event.response.payloadData.startsWith('42["authenticated",{"success":true')) {
      of(event.requestId).authenticated = true;
    }
  });
  cdp.on('Network.webSocketClosed', (event) => {
    of(event.requestId).closed = true;
  });
  await cdp.send('Network.enable');
  const all = () => [...sockets.values()].map((s) => ({ ...s }));
  return {
    all,
    instances: () => all().map((s) => s.instance),
    chat: () =>
      all()
        .filter((s) => s.chat && s.authenticated)
        .at(-1),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Removes every Redis key under `prefix` (a topology's or a benchmark's, when it stops). */
export async function clearRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  try {
    const keys: string[] = [];
    const stream = redis.scanStream({ match: `${prefix}*`, count: 500 });
    for await (const batch of stream as AsyncIterable<string[]>) keys.push(...batch);
    for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
  } finally {
    await redis.quit();
  }
}

/** Starts everything (in parallel where it can) and returns once the balancer serves both instances. */
export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const cleanups: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => console.warn('topology: cleanup failed', error));
    }
  };
  try {
    const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    const postgresUrl = options.postgresUrl ?? POSTGRES_URL;
    const redisUrl = options.redisUrl ?? REDIS_URL;
    const redisPrefix = `topo-${id}`;
    const workDir = mkdtempSync(join(tmpdir(), 'podruga-topology-'));
    cleanups.push(async () => rmSync(workDir, { recursive: true, force: true }));

    // PostgreSQL: a database of its own, dropped on stop.
    const database = `podruga_topo_${id}`;
    const admin = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${database}`);
    } finally {
      await admin.end();
    }
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    });
    const databaseUrl = `${postgresUrl}/${database}`;

    // Redis: the machine's own, every key of this topology under its prefix, removed on stop.
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    cleanups.push(async () => {
      await redis.quit();
      await clearRedisPrefix(redisUrl, redisPrefix);
    });

    const s3 = await startLocalS3();
    cleanups.push(() => s3.close());

    const [balancerPort, statsPort, portA, portB] = await Promise.all([
      options.port ? Promise.resolve(options.port) : freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const ports = { a: portA as number, b: portB as number };
    const url = `http://127.0.0.1:${balancerPort}`;
    const debugSecret = 'e2e-debug-secret';
    const vapid = vapidKeys();
    const shared = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      PUBLIC_URL: url,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      ...s3.env,
    };

    // Both at once, as a deployment starts them: migrations take PostgreSQL's advisory lock.
    const instances = await Promise.all(
      INSTANCE_NAMES.map(async (name): Promise<Instance> => {
        const dataDir = join(workDir, `instance-${name}`);
        mkdirSync(dataDir);
        const server = await startServer({
          env: {
            ...baseServerEnv(ports[name], dataDir, debugSecret),
            ...shared,
            ...options.env,
            ...options.instanceEnv?.[name],
          },
          port: ports[name],
          dataDir,
          keepDataDir: true,
          ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
          ...(options.cpus?.[name] ? { cpus: options.cpus[name] } : {}),
        });
        cleanups.push(() => server.stop());
        return Object.assign(server, { name });
      }),
    );

    // HAProxy, in the foreground, its configuration in the work folder.
    const configFile = join(workDir, 'haproxy.cfg');
    writeFileSync(
      configFile,
      haproxyConfig({
        balancer: balancerPort as number,
        stats: statsPort as number,
        ...ports,
        requestLog: options.requestLog ?? true,
      }),
    );
    try {
      execFileSync(HAPROXY, ['-c', '-q', '-f', configFile], { stdio: 'pipe' });
    } catch (error) {
      throw new Error(`HAProxy refused ${configFile}: ${(error as { stderr?: Buffer }).stderr}`);
    }
    const haproxyArgs = ['-db', '-f', configFile];
    const balancerCpus = options.cpus?.balancer;
    const haproxy: ChildProcess = balancerCpus
      ? spawn('taskset', ['-c', balancerCpus, HAPROXY, ...haproxyArgs], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(HAPROXY, haproxyArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let balancerOutput = '';
    const keep = (d: Buffer) => {
      balancerOutput = (balancerOutput + d.toString()).slice(-200_000);
    };
    haproxy.stdout?.on('data', keep);
    haproxy.stderr?.on('data', keep);
    cleanups.push(async () => {
      if (haproxy.exitCode !== null || haproxy.signalCode !== null) return;
      const exited = new Promise((r) => haproxy.once('exit', r));
      haproxy.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (haproxy.exitCode === null && haproxy.signalCode === null) haproxy.kill('SIGKILL');
    });

    const statsUrl = `http://127.0.0.1:${statsPort}/;csv`;
    const pool = async (): Promise<Record<InstanceName, PoolState>> => {
      const csv = await (await fetch(statsUrl)).text();
      const [header = '', ...rows] = csv.trim().split('\n');
      const columns = header.replace(/^# /, '').split(',');
      const at = (name: string) => columns.indexOf(name);
      const states: Partial<Record<InstanceName, PoolState>> = {};
      for (const row of rows) {
        const cells = row.split(',');
        const server = cells[at('svname')] as InstanceName;
        if (cells[at('pxname')] === 'app' && INSTANCE_NAMES.includes(server)) {
          states[server] = cells[at('status')] ?? '?';
        }
      }
      return states as Record<InstanceName, PoolState>;
    };
    const waitForPool = async (name: InstanceName, state: 'UP' | 'DOWN', timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (haproxy.exitCode !== null) throw new Error(`HAProxy exited:\n${balancerOutput}`);
        try {
          if ((await pool())[name] === state) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`instance ${name} not ${state} in the balancer's pool`);
        await sleep(100);
      }
    };
    await Promise.all(INSTANCE_NAMES.map((name) => waitForPool(name, 'UP')));
    // Through the balancer, each instance answers when pinned.
    for (const name of INSTANCE_NAMES) {
      const res = await fetch(`${url}/api/health`, { headers: pinned(name) });
      if (!res.ok || instanceOf(res) !== name) {
        throw new Error(`the balancer did not reach ${name}: ${res.status} ${instanceOf(res)}`);
      }
    }

    const jobKeys = (kind: string) => `${redisPrefix}-jobs:${kind}`;
    const topology: Topology = {
      url,
      instances,
      instance: (name) => {
        const found = instances.find((i) => i.name === name);
        if (!found) throw new Error(`no instance ${name}`);
        return found;
      },
      databaseUrl,
      redisUrl,
      redisPrefix,
      s3: { endpoint: s3.endpoint, bucket: s3.bucket },
      debugSecret,
      balancerLogs: () => balancerOutput,
      balancerPid: () => haproxy.pid,
      pool,
      waitForPool,
      async waitForJobs(kind, timeoutMs = 30_000) {
        const key = jobKeys(kind);
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const [wait, active, paused, delayed, prioritized] = await Promise.all([
            redis.llen(`${key}:wait`),
            redis.llen(`${key}:active`),
            redis.llen(`${key}:paused`),
            redis.zcard(`${key}:delayed`),
            redis.zcard(`${key}:prioritized`),
          ]);
          if (wait + active + paused + delayed + prioritized === 0) return;
          if (Date.now() > deadline) throw new Error(`jobs ${kind} still queued after ${timeoutMs} ms`);
          await sleep(100);
        }
      },
      stop,
    };
    return topology;
  } catch (error) {
    await stop();
    throw error;
  }
}
