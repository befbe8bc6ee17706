import { ENV_VARS } from './config.ts';

const ENV_TABLE_START = '<!-- env-table:start -->';
const ENV_TABLE_END = '<!-- env-table:end -->';

/** The README's environment table, rendered from config.ts so the two cannot drift apart. */
export function renderEnvTable(): string {
  const rows = ENV_VARS.map(
    (v) => `| \`${v.name}\` | ${v.default === null ? '—' : `\`${v.default}\``} | ${v.description} |`,
  );
  return ['| variable | default | what it does |', '|---|---|---|', ...rows].join('\n');
}

function tableSpan(readme: string): [number, number] {
  const start = readme.indexOf(ENV_TABLE_START);
  const end = readme.indexOf(ENV_TABLE_END);
  if (start < 0 || end < start) throw new Error('README.md has no env-table markers');
  return [start + ENV_TABLE_START.length, end];
}

/** README text with the table between the markers replaced by the current one. */
export function withEnvTable(readme: string): string {
  const [from, to] = tableSpan(readme);
  return `${readme.slice(0, from)}\n${renderEnvTable()}\n${readme.slice(to)}`;
}

/** The table's cells row by row, whatever padding a formatter gave it (separator rows dropped). */
export function tableCells(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => line.trim().startsWith('|') && !/^\|[\s|:-]+\|$/.test(line.trim()))
    .map((line) =>
      line
        .trim()
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

export function envTableCellsIn(readme: string): string[][] {
  const [from, to] = tableSpan(readme);
  return tableCells(readme.slice(from, to));
}
