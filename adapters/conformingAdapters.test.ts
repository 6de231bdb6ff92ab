import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../harness/__test-helpers__/temporaryRoot.js';
import { deferredClauses } from '../harness/deferredClauses.js';
import { packageRoot } from '../harness/packageRoot.js';
import { runQualifyCli } from '../harness/__test-helpers__/runQualifyCli.js';
import { validateReport } from '../reports/validateReport.js';

// The suites against correct adapters, through the CLI as a user runs it: the
// TypeScript reference and an independent Python adapter must both come out
// with no FAIL and nothing open but the clauses this version does not check.

const TRANSCRIPT_FIELDS = ['action', 'request', 'exitCode', 'signal', 'timedOut', 'stdout', 'stdoutTruncated', 'startedAt', 'endedAt', 'maxOutputBytes'];

const root = temporaryRoot('conforming');

describe.concurrent('correct adapters qualify', () => {
  it.each([
    ['reference (TypeScript)', 'adapters/reference/adapter.json'],
    ['python-example', 'adapters/python-example/adapter.json'],
  ])('%s: incomplete only for clauses this version defers, no FAIL, a complete evidence set', async (name, config) => {
    const out = join(root(), name.replace(/\W+/g, '-'));
    const run = await runQualifyCli(join(packageRoot, config), out, ['--seed', '424242', '--runs', '5']);
    const report = run.report;
    expect(report, run.stderr).not.toBeNull();
    validateReport(report);
    const open = report!.clauses.filter((entry) => entry.verdict !== 'PASS');
    expect(open.map((entry) => `${entry.id} ${entry.verdict}: ${entry.reason}`)).toEqual(
      open.filter((entry) => entry.verdict === 'SKIP' && deferredClauses[entry.id] === entry.reason).map((entry) => `${entry.id} ${entry.verdict}: ${entry.reason}`),
    );
    expect(report!.verdict).toBe('incomplete');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('INCOMPLETE');
    const lines = readFileSync(join(out, 'transcript.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(100);
    for (const line of lines) expect(Object.keys(line)).toEqual(expect.arrayContaining(TRANSCRIPT_FIELDS));
    for (const file of ['acceptance.md', 'junit.xml']) expect(readFileSync(join(out, file), 'utf8').length).toBeGreaterThan(0);
  }, 300_000);
});
