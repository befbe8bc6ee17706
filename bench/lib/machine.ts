import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

/** What a result is only meaningful with: the machine, the moment and how busy it was. */
export interface MachineInfo {
  date: string;
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  kernel: string;
  loadAverage: [number, number, number];
}

export function machineInfo(): MachineInfo {
  let kernel = '';
  try {
    kernel = readFileSync('/proc/version', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    kernel = process.platform;
  }
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  return {
    date: new Date().toISOString(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    kernel,
    loadAverage: [one, five, fifteen].map((n) => Math.round(n * 100) / 100) as [number, number, number],
  };
}

export function machineMarkdown(info: MachineInfo): string {
  return [
    `- Date: ${info.date}`,
    `- CPU: ${info.cpu}, ${info.cores} cores, ${info.memoryGb} GB`,
    `- Node ${info.node}, ${info.kernel}`,
    `- Load average at the start: ${info.loadAverage.join(' / ')} (1 / 5 / 15 min)`,
  ].join('\n');
}
