#!/usr/bin/env node
// Compares an ACP acceptance report with a standing subject's expected-verdicts file and exits 1 on
// any difference (each printed as one line); `--write` rewrites the file from the report instead.
//   node dist/adapters/gemini-cli/checkVerdicts.js <acceptance.json> <expected-verdicts.json> [--write]
import { readFileSync, writeFileSync } from 'node:fs';
import { compareVerdicts, expectedFromReport, parseExpectedVerdicts, renderDifferences, type ExpectedVerdicts, type ReportedClause } from '../../harness/acp/expectedVerdicts.js';

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

function main(args: readonly string[]): number {
  const write = args.includes('--write');
  const [reportFile, expectedFile, ...extra] = args.filter((arg) => arg !== '--write');
  if (reportFile === undefined || expectedFile === undefined || extra.length > 0) {
    process.stderr.write('usage: checkVerdicts <acceptance.json> <expected-verdicts.json> [--write]\n');
    return 2;
  }
  const report = readJson(reportFile) as { readonly clauses?: readonly ReportedClause[] };
  if (!Array.isArray(report.clauses)) {
    process.stderr.write(`${reportFile}: not an acceptance report (no clauses)\n`);
    return 2;
  }
  let previous: ExpectedVerdicts | null = null;
  try {
    const parsed = parseExpectedVerdicts(readJson(expectedFile));
    if (typeof parsed === 'string') {
      process.stderr.write(`${expectedFile}: ${parsed}\n`);
      if (!write) return 2;
    } else previous = parsed;
  } catch (error) {
    if (!write) {
      process.stderr.write(`${expectedFile}: ${(error as Error).message}\n`);
      return 2;
    }
  }
  if (write) {
    const header = previous ?? { subject: 'the subject', command: 'the command' };
    writeFileSync(expectedFile, `${JSON.stringify(expectedFromReport(report.clauses, previous, { subject: header.subject, command: header.command }), null, 2)}\n`);
    process.stdout.write(`${expectedFile}: written from ${reportFile}\n`);
    return 0;
  }
  const differences = compareVerdicts(previous!, report.clauses);
  if (differences.length === 0) {
    process.stdout.write(`${report.clauses.length} clause verdicts as expected (${expectedFile})\n`);
    return 0;
  }
  process.stdout.write(`${differences.length} clause verdict(s) differ from ${expectedFile}:\n${renderDifferences(differences).join('\n')}\n`);
  return 1;
}

process.exitCode = main(process.argv.slice(2));
