import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { packageRoot } from '../packageRoot.js';
import type { AcceptanceReport } from '../../reports/types.js';
import { parseSelfCheckArgs } from '../cli/qualifyCommands.js';
import { runSelfCheck } from './runSelfCheck.js';

// Self-check must go red when any single check of the suites is disabled, or a
// kill proves nothing about the check that should have made it. A copy of the
// SEM suite, outside the package, with the SEM-DISTINCT-OPERATIONS comparison
// replaced by `false`, is run through the real machinery (worker processes,
// vitest, the built mutant): the mutant that shares one acceptanceRef must
// survive, and self-check must exit non-zero.

const SUITE = 'semantics.suite.ts';
// Whitespace-tolerant, so that a reformat that wraps the comparison keeps the test pointed at it.
const CHECK = /first\.acceptanceRef\s*===\s*second\.acceptanceRef/g;
const MUTANT = 'distinct-operations-share-ref';

const root = temporaryRoot('disabled-check');

/** The suite's text with relative imports made absolute and the one check disabled. */
function disabledSuite(): string {
  const text = readFileSync(join(packageRoot, 'suites', SUITE), 'utf8');
  // If this fails, the suite changed: point CHECK at the comparison that decides SEM-DISTINCT-OPERATIONS.
  expect(text.match(CHECK)?.length, `${SUITE} must contain the check exactly once`).toBe(1);
  return text.replace(/(from\s+['"])\.\.\//g, `$1${packageRoot}/`).replace(CHECK, 'false /* check disabled by disabledCheck.test.ts */');
}

describe('self-check with one check disabled', () => {
  it(`reports ${MUTANT} as a survivor at SEM-DISTINCT-OPERATIONS and exits non-zero`, async () => {
    const suiteDir = join(root(), 'suites');
    await mkdir(suiteDir, { recursive: true });
    await writeFile(join(suiteDir, SUITE), disabledSuite());
    const parsed = parseSelfCheckArgs(['--out', join(root(), 'out'), '--mutant', MUTANT, '--runs', '2', '--parallel', '2'], root());
    if (parsed.kind !== 'self-check') throw new Error('unexpected help');

    const { report } = await runSelfCheck(parsed.options, {}, { suiteDir });

    expect(report.control, report.control.problems.join('\n')).toMatchObject({ green: true });
    expect(report.runs.map(({ mutant, status, cells }) => ({ mutant, status, cells }))).toEqual([
      { mutant: MUTANT, status: 'survived', cells: [{ clauseId: 'SEM-DISTINCT-OPERATIONS', status: 'survived', verdict: 'PASS' }] },
    ]);
    expect(report).toMatchObject({ passed: false, exitCode: 1, score: { killed: 0, judgeable: 1 } });
    // The survivor is real evidence: the copied suite ran outside the package and exercised the clause.
    const mutantReport = JSON.parse(await readFile(join(root(), 'out', report.runs[0]!.reportDir, 'acceptance.json'), 'utf8')) as AcceptanceReport;
    expect(mutantReport.clauses.find((entry) => entry.id === 'SEM-DISTINCT-OPERATIONS')?.cases).toBeGreaterThan(0);
    expect(await readFile(join(root(), 'out', 'self-check.md'), 'utf8')).toContain('| distinct-operations-share-ref | SEM-DISTINCT-OPERATIONS: survived (PASS) | **SURVIVED** |');
    expect(await readFile(join(root(), 'out', 'self-check.html'), 'utf8')).toContain('<td>SEM-DISTINCT-OPERATIONS: survived (PASS)</td><td class="bad">SURVIVED</td>');
  }, 600_000);
});
