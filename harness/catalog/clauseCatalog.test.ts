import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adapterManifestClauses, codingOperationClauses } from '../clauses.js';
import { clauseCatalogRows, renderClauseCatalog } from './clauseCatalog.js';

describe('clause catalog', () => {
  it('markdown: one table row per clause, under its profile and family (docs/clauses.md is the clause map, harness/suite/clauseMap.test.ts)', async () => {
    const rows = await clauseCatalogRows();
    const lines = renderClauseCatalog(rows, 'markdown').split('\n');
    for (const row of rows) {
      const at = lines.findIndex((line) => line.startsWith(`| \`${row.id}\` | ${row.level} |`));
      expect(at, row.id).toBeGreaterThan(0);
      expect(
        lines.slice(0, at).findLast((line) => line.startsWith('### ')),
        row.id,
      ).toMatch(new RegExp(`^### ${row.family} `));
      expect(lines[at]).toContain(row.summary);
    }
    expect(lines.filter((line) => /^\| `[A-Z]+-/.test(line))).toHaveLength(rows.length);
  });

  it('lists every clause of both profiles once, each checked somewhere', async () => {
    const rows = await clauseCatalogRows();
    expect(rows.map((row) => row.id)).toEqual([...codingOperationClauses, ...adapterManifestClauses].map((entry) => entry.id));
    expect(rows.filter((row) => row.files.length === 0).map((row) => row.id)).toEqual([]);
  });

  it('finds an ID as a whole token only (REQ-BOUND-KEY is not REQ-BOUND-KEYS or XREQ-BOUND-KEY)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'catalog-'));
    await mkdir(join(root, 'suites'));
    await mkdir(join(root, 'harness', 'manifest'), { recursive: true });
    await writeFile(join(root, 'suites', 'a.suite.ts'), "qualifyTest('REQ-BOUND-KEY: refuses long keys')");
    await writeFile(join(root, 'suites', 'b.suite.ts'), 'REQ-BOUND-KEYS XREQ-BOUND-KEY');
    await writeFile(join(root, 'suites', 'c.test.ts'), 'REQ-BOUND-KEY');
    const rows = await clauseCatalogRows(root);
    expect(rows.find((row) => row.id === 'REQ-BOUND-KEY')?.files).toEqual(['suites/a.suite.ts']);
  });

  it('text: one aligned line per clause; json: the rows', async () => {
    const rows = await clauseCatalogRows();
    const lines = renderClauseCatalog(rows, 'text').trimEnd().split('\n');
    expect(lines).toHaveLength(rows.length);
    const ruleColumn = lines[0]!.indexOf(rows[0]!.summary);
    expect(lines.every((line, index) => line.indexOf(rows[index]!.summary) === ruleColumn)).toBe(true);
    expect(JSON.parse(renderClauseCatalog(rows, 'json'))).toEqual(rows);
  });
});
