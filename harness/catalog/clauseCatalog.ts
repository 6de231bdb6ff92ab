import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { profileClauses, type ClauseDefinition, type ProfileId } from '../clauses.js';
import { packageRoot } from '../packageRoot.js';

/** One clause as `adapter-qualify list` shows it. */
export interface ClauseCatalogRow extends ClauseDefinition {
  readonly profile: ProfileId;
  /** Files (relative to the package root) whose checks name the clause; test names start with the IDs they decide. */
  readonly files: readonly string[];
}

/** Where each profile's checks live: its suites, or the manifest checkers. */
const CHECK_SOURCES: Readonly<Record<ProfileId, { readonly dir: string; readonly accept: (name: string) => boolean }>> = {
  'coding-operation.v1': { dir: 'suites', accept: (name) => name.endsWith('.suite.ts') },
  'adapter-manifest.v1': { dir: join('harness', 'manifest'), accept: (name) => /^check\w+\.ts$/.test(name) },
};

/**
 * Every clause of both profiles in catalog order, with the files that check it.
 * A file checks a clause when it names the ID as a whole token, so `REQ-BOUND`
 * is not found inside `REQ-BOUND-KEY`.
 * @param root - the package root to read the check files from. @defaultValue the package's own
 * @public
 */
export async function clauseCatalogRows(root: string = packageRoot): Promise<readonly ClauseCatalogRow[]> {
  const rows: ClauseCatalogRow[] = [];
  for (const [profile, clauses] of Object.entries(profileClauses) as [ProfileId, readonly ClauseDefinition[]][]) {
    const source = CHECK_SOURCES[profile];
    const names = (await readdir(join(root, source.dir))).filter(source.accept).sort();
    const texts = await Promise.all(names.map(async (name) => ({ file: `${source.dir}/${name}`, text: await readFile(join(root, source.dir, name), 'utf8') })));
    for (const definition of clauses) {
      const token = new RegExp(`(?<![A-Z0-9-])${definition.id}(?![A-Z0-9-])`);
      rows.push({ ...definition, profile, files: texts.filter(({ text }) => token.test(text)).map(({ file }) => file) });
    }
  }
  return rows;
}

/** How `adapter-qualify list` prints the catalog. */
export type ClauseCatalogFormat = 'text' | 'json' | 'markdown';

const PROFILE_TITLES: Readonly<Record<ProfileId, string>> = {
  'coding-operation.v1': 'algal.coding-operation.v1',
  'adapter-manifest.v1': 'adapter-manifest.v1',
};

/**
 * Pure: the clause catalog in one format. `text`: one aligned line per clause
 * (ID, level, family, check files, rule); `json`: an array of rows;
 * `markdown`: one table per family.
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
