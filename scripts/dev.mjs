#!/usr/bin/env node
// `npm run dev`: the API with hot reload (tsx watch) on PORT (8080) and the Vite dev server (5173) that
// proxies /api and /socket.io to it. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, LOG_PRETTY: process.env.LOG_PRETTY ?? 'true' },
  }),
  spawn('npx', ['vite', '--host'], { cwd: `${root}apps/web`, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
