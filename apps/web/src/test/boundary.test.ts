import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// biome-ignore lint/style/noRestrictedImports: this test must see every export of the contract, schemas too.
import * as contract from '@podruga/shared';
import { describe, expect, it } from 'vitest';

interface PatternRule {
  group?: string[];
  importNamePattern?: string;
}
interface BiomeConfig {
  overrides?: Array<{
    includes?: string[];
    linter?: { rules?: { style?: { noRestrictedImports?: { options?: { patterns?: PatternRule[] } } } } };
  }>;
}

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The web's lint boundary (biome.json): the import names of @podruga/shared that apps/web/src may not use. */
function forbiddenNames(): RegExp {
  const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8')) as BiomeConfig;
  const web = config.overrides?.find((o) => o.includes?.includes('apps/web/src/**'));
  const rule = web?.linter?.rules?.style?.noRestrictedImports?.options?.patterns?.find((p) =>
    p.group?.includes('@podruga/shared'),
  );
  if (!rule?.importNamePattern) throw new Error('biome.json has no schema rule for apps/web/src');
  // Biome anchors the pattern at both ends.
  return new RegExp(`^(?:${rule.importNamePattern})$`);
}

const isZod = (value: unknown) => typeof value === 'object' && value !== null && '_zod' in value;

describe('the web lint boundary on @podruga/shared', () => {
  // The rule forbids names, not values: it holds only while every zod value of the contract is named so.
  it('names every zod schema of the contract, so a web file importing one fails the lint', () => {
    const pattern = forbiddenNames();
    const unnamed = Object.entries(contract)
      .filter(([name, value]) => isZod(value) && !pattern.test(name))
      .map(([name]) => name);
    expect(unnamed, 'zod schemas in packages/shared whose names the lint rule lets through').toEqual([]);
  });

  it('forbids nothing the web app may use: types, texts, constants and plain functions', () => {
    const pattern = forbiddenNames();
    const caught = Object.entries(contract)
      .filter(([name, value]) => pattern.test(name) && !isZod(value))
      .map(([name]) => name);
    // oneLine wraps a zod schema (it takes and returns one): a schema helper, the server's alone.
    expect(caught).toEqual(['oneLine']);
    expect(pattern.test('*'), 'a namespace import takes the schemas along').toBe(true);
  });
});

/** Lints `source` as if it were `path` in this repository (a copy of biome.json in a scratch folder). */
function restrictedImportLines(path: string, source: string): number[] {
  const dir = mkdtempSync(join(tmpdir(), 'web-boundary-'));
  try {
    copyFileSync(join(ROOT, 'biome.json'), join(dir, 'biome.json'));
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
    const run = spawnSync(join(ROOT, 'node_modules/.bin/biome'), ['lint', '--reporter=json', path], {
      cwd: dir,
      encoding: 'utf8',
    });
    const report = JSON.parse(run.stdout) as {
      diagnostics: Array<{ category: string; location: { start: { line: number } } }>;
    };
    return report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => d.location.start.line);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the web lint boundary (biome.json)', () => {
  const FORBIDDEN = [
    "import { z } from 'zod';",
    "import { z as mini } from 'zod/mini';",
    // Biome has no allowTypeImports: the contract's inferred types (User, Message…) are the web's types.
    "import type { ZodType } from 'zod';",
    "import { userSchema } from '@podruga/shared';",
    "import { oneLine } from '@podruga/shared';",
    "import * as contract from '@podruga/shared';",
    "export { chatSchema } from '@podruga/shared';",
    "import { AUTH_MESSAGES } from '../../../../../packages/shared/src/messages.ts';",
    "import Fastify from 'fastify';",
    "import cors from '@fastify/cors';",
    "import { buildApp } from '../../../../server/src/app.ts';",
    "import { loadConfig } from '@podruga/server/src/config.ts';",
  ];
  const ALLOWED = [
    "import { mediaUrl, STORAGE_KEYS, type User, validateLogin } from '@podruga/shared';",
    "import type { Message } from '@podruga/shared';",
    "import { api } from '../../shared/api/index.ts';",
    "import { useStore } from 'zustand';",
  ];

  it('refuses zod, fastify, server code and the schemas of the contract in apps/web/src', () => {
    const source = [...FORBIDDEN, ...ALLOWED].join('\n');
    const lines = restrictedImportLines('apps/web/src/features/chat/probe.ts', `${source}\n`);
    expect(lines).toEqual(FORBIDDEN.map((_, i) => i + 1));
  });

  it('leaves the server and the contract alone', () => {
    expect(restrictedImportLines('apps/server/src/probe.ts', "import { z } from 'zod';\n")).toEqual([]);
  });
});
