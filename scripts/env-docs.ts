// `npm run docs:env`: rewrites the environment table in README.md from apps/server/src/config.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { withEnvTable } from '../apps/server/src/env-docs.ts';

const path = new URL('../README.md', import.meta.url);
writeFileSync(path, withEnvTable(readFileSync(path, 'utf8')));
