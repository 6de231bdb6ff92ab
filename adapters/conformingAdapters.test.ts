import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../harness/__test-helpers__/temporaryRoot.js';
import { packageRoot } from '../harness/packageRoot.js';
import { runQualifyCli } from '../harness/__test-helpers__/runQualifyCli.js';
import { validateReport } from '../reports/validateReport.js';

// The suites against correct adapters, through the CLI as a user runs it: the
// TypeScript reference (with its restart step) must come out conformant, and an
// independent Python adapter (which declares none) with no FAIL and nothing open
// but SEM-DURABLE-RESTART. Clauses that cannot apply to a command adapter (SDK-*)
// are SKIP, marked not applicable.

const TRANSCRIPT_FIELDS = ['action', 'request', 'exitCode', 'signal', 'timedOut', 'stdout', 'stdoutTruncated', 'startedAt', 'endedAt', 'maxOutputBytes'];

const root = temporaryRoot('conforming');

describe.concurrent('correct adapters qualify', () => {
  it.each([
    { name: 'reference (TypeScript)', config: 'adapters/reference/adapter.json', lifecycle: 'adapters/reference/lifecycle.json', verdict: 'conformant', open: [] },
    { name: 'python-example', config: 'adapters/python-example/adapter.json', lifecycle: null, verdict: 'incomplete', open: ['SEM-DURABLE-RESTART SKIP'] },
  ])('$name: $verdict, no FAIL, nothing open but $open, a complete evidence set', async ({ name, config, lifecycle, verdict, open }) => {
    const out = join(root(), name.replace(/\W+/g, '-'));
    const lifecycleArgs = lifecycle === null ? [] : ['--lifecycle', join(packageRoot, lifecycle)];
    const run = await runQualifyCli(join(packageRoot, config), out, ['--seed', '424242', '--runs', '5', ...lifecycleArgs]);
    const report = run.report;
    expect(report, run.stderr).not.toBeNull();
    validateReport(report);
    const notPassed = report!.clauses.filter((entry) => entry.verdict !== 'PASS');
    expect(notPassed.filter((entry) => entry.applicable !== false).map((entry) => `${entry.id} ${entry.verdict}`), JSON.stringify(notPassed, null, 1)).toEqual(open);
    expect(notPassed.filter((entry) => entry.applicable === false).map((entry) => entry.id)).toEqual(['SDK-SHAPE', 'SDK-NO-MUTATION', 'SDK-OBSERVE-NO-PAYLOAD', 'SDK-CANCEL']);
    expect(report!.verdict).toBe(verdict);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain(verdict.toUpperCase());
    const lines = readFileSync(join(out, 'transcript.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(100);
    for (const line of lines) expect(Object.keys(line)).toEqual(expect.arrayContaining(TRANSCRIPT_FIELDS));
    for (const file of ['acceptance.md', 'acceptance.html', 'junit.xml']) expect(readFileSync(join(out, file), 'utf8').length).toBeGreaterThan(0);
  }, 300_000);
});
