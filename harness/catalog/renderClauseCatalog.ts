import type { ProfileId } from '../clauses.js';
import type { ClauseCatalogRow } from './clauseCatalogRows.js';

/** How `adapter-qualify list` prints the catalog. */
export type ClauseCatalogFormat = 'text' | 'json' | 'markdown';

const PROFILE_TITLES: Readonly<Record<ProfileId, string>> = {
  'coding-operation.v1': 'algal.coding-operation.v1',
  'adapter-manifest.v1': 'adapter-manifest.v1',
};

/**
 * Pure: the clause catalog in one format. `text`: one aligned line per clause
 * (ID, level, family, check files, rule); `json`: an array of rows;
 * `markdown`: the page shipped as `docs/clauses.md`, one table per family.
 * @param rows - from `clauseCatalogRows`
 * @param format - the rendering
 * @public
 */
export function renderClauseCatalog(rows: readonly ClauseCatalogRow[], format: ClauseCatalogFormat): string {
  return RENDERERS[format](rows);
}

const RENDERERS: Readonly<Record<ClauseCatalogFormat, (rows: readonly ClauseCatalogRow[]) => string>> = {
  json: (rows) => `${JSON.stringify(rows, null, 2)}\n`,
  text: (rows) => {
    const cells = rows.map((row) => [row.id, row.level, row.family, row.files.join(',') || '-', row.summary]);
    const widths = [0, 1, 2, 3].map((column) => Math.max(...cells.map((line) => line[column]!.length)));
    return cells.map((line) => `${line.map((cell, column) => (column < 4 ? cell.padEnd(widths[column]!) : cell)).join('  ')}\n`).join('');
  },
  markdown: (rows) => {
    const lines = [
      '# Clause catalog',
      '',
      'Generated from `harness/clauses.ts` by `npm run docs` (a test fails when it is out of date).',
      'Each clause: its ID, level, who owes it, the files whose checks decide it, and its rule in one line.',
      'Every conformance test name starts with the IDs it decides, so `adapter-qualify run --only ID` runs them.',
    ];
    for (const profile of Object.keys(PROFILE_TITLES) as ProfileId[]) {
      lines.push('', `## ${PROFILE_TITLES[profile]}`);
      const ofProfile = rows.filter((row) => row.profile === profile);
      for (const family of [...new Set(ofProfile.map((row) => row.family))]) {
        const ofFamily = ofProfile.filter((row) => row.family === family);
        lines.push('', `### ${family} (${ofFamily[0]!.section})`, '', '| clause | level | owed by | checked in | rule |', '|---|---|---|---|---|');
        for (const row of ofFamily) {
          lines.push(`| \`${row.id}\` | ${row.level} | ${row.obligation} | ${row.files.map((file) => `\`${file}\``).join(', ') || '—'} | ${row.summary.replaceAll('|', '\\|')} |`);
        }
      }
    }
    return `${lines.join('\n')}\n`;
  },
};
