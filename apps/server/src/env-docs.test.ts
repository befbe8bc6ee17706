import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envTableCellsIn, renderEnvTable, tableCells } from './env-docs.ts';

const readmePath = new URL('../../../README.md', import.meta.url);

describe('README environment table', () => {
  it('lists exactly the variables config.ts reads (run `npm run docs:env` to refresh)', () => {
    const cells = envTableCellsIn(readFileSync(readmePath, 'utf8'));
    expect(cells).toEqual(tableCells(renderEnvTable()));
    expect(cells.length).toBeGreaterThan(10);
  });
});
