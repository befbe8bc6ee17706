import { execFileSync, spawnSync } from 'node:child_process';
import { cpus } from 'node:os';

/**
 * The shared services (PostgreSQL, Redis) pinned to the load generator's core for a run (DESIGN §8: the
 * server's core carries only the server). PostgreSQL's backends are forked by its postmaster and inherit
 * its affinity, so pinning the running processes covers the connections opened later too. `restore`
 * gives them every core back. Needs the right to change their affinity (root here); otherwise it says so
 * and the report keeps saying they were not pinned.
 */
export interface PinnedServices {
  /** What was pinned, for the report ("PostgreSQL (7 processes) and Redis on core 0"), or why not. */
  note: string;
  pinned: boolean;
  restore(): void;
}

function pids(name: string): number[] {
  const run = spawnSync('pgrep', ['-x', name], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.split('\n').filter(Boolean).map(Number) : [];
}

function setAffinity(pid: number, cpu: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpu, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function pinServices(cpu: string): PinnedServices {
  const all = `0-${cpus().length - 1}`;
  const services = [
    { label: 'PostgreSQL', pids: pids('postgres') },
    { label: 'Redis', pids: pids('redis-server') },
  ].filter((service) => service.pids.length > 0);
  const done: number[] = [];
  const pinned: string[] = [];
  for (const service of services) {
    const ok = service.pids.filter((pid) => setAffinity(pid, cpu));
    done.push(...ok);
    if (ok.length) pinned.push(`${service.label} (${ok.length} process${ok.length === 1 ? '' : 'es'})`);
  }
  return {
    pinned: pinned.length > 0,
    note: pinned.length
      ? `${pinned.join(' and ')} pinned to core ${cpu} with the load generator: the server's core carries only the server`
      : 'PostgreSQL and Redis not pinned (not found, or no right to change their affinity)',
    restore() {
      for (const pid of done) setAffinity(pid, all);
    },
  };
}
