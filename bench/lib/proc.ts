import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return (utime + stime) / TICKS_PER_SECOND;
}

/** Resident memory in MB, from /proc/<pid>/status. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** CPU seconds of several processes together (the instances of one target). */
export function cpuSecondsOf(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
}

/** Resident memory of several processes together, MB. */
export function rssMbOf(pids: number[]): number {
  return Math.round(pids.reduce((sum, pid) => sum + rssMb(pid), 0) * 10) / 10;
}

/**
 * Samples RSS every `everyMs` until stopped; returns the peak (of the sum, for several processes at
 * once).
 */
export function rssSampler(pid: number | number[], everyMs = 100): { stop(): number } {
  const pids = Array.isArray(pid) ? pid : [pid];
  let peak = rssMbOf(pids);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMbOf(pids));
    } catch {
      // a process is gone
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
