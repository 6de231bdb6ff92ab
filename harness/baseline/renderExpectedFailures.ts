import type { AcceptanceReport } from '../../reports/types.js';

/**
 * Pure: a report's FAILs as an expected-failures file (`--write-baseline`), a
 * YAML list that `--expected-failures` reads back. Stale entries are dropped
 * (they now pass), so the written baseline is what the next run should expect.
 * @param report - a built report
 * @public
 */
export function renderExpectedFailures(report: AcceptanceReport): string {
  const failed = report.clauses.filter((entry) => entry.verdict === 'FAIL');
  const header = `# Expected failures written by adapter-qualify ${report.suite.version} (seed ${report.run.seed}, verdict ${report.verdict}).\n`;
  return failed.length === 0 ? `${header}[]\n` : `${header}${failed.map((entry) => `- ${entry.id}\n`).join('')}`;
}
