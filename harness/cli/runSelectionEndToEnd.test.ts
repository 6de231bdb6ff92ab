import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mutantConfig } from '../../adapters/mutants/mutantConfig.js';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { packageRoot } from '../packageRoot.js';
import { runQualifyCli } from '../__test-helpers__/runQualifyCli.js';

// Options that choose what runs and what the report shows, checked through the built bin.

const REFERENCE = join(packageRoot, 'adapters', 'reference', 'adapter.json');

const root = temporaryRoot('run-selection');

describe.concurrent('run selection options, end to end', () => {
  it('--exclude leaves the excluded test unrun: its clause is SKIP saying so, the rest is judged; --hide-not-applicable shortens the renderings only', async () => {
    const out = join(root(), 'exclude');
    const run = await runQualifyCli(REFERENCE, out, [
      '--seed',
      '5',
      '--runs',
      '2',
      '--only',
      '(SEM-SUBMIT-ADMITS|REQ-BOUNDARY-ACCEPT)',
      '--exclude',
      'REQ-BOUNDARY-ACCEPT',
      '--hide-not-applicable',
    ]);
    expect(run.report, run.stderr).not.toBeNull();
    const verdict = (id: string) => run.report!.clauses.find((entry) => entry.id === id);
    expect(verdict('REQ-BOUNDARY-ACCEPT')).toEqual(expect.objectContaining({ verdict: 'SKIP', reason: 'excluded by --exclude "REQ-BOUNDARY-ACCEPT" (not run)' }));
    expect(verdict('SEM-SUBMIT-ADMITS')?.verdict).toBe('PASS');
    // A command adapter: the SDK clauses cannot apply. acceptance.json keeps them; the renderings do not list them.
    const notApplicable = run.report!.clauses.filter((entry) => entry.applicable === false).map((entry) => entry.id);
    expect(notApplicable.length).toBeGreaterThan(0);
    for (const file of ['acceptance.md', 'acceptance.html', 'junit.xml']) {
      const text = readFileSync(join(out, file), 'utf8');
      expect(text, file).toContain('--hide-not-applicable');
      for (const id of notApplicable) expect(text, `${file} lists ${id}`).not.toMatch(new RegExp(`\\b${id}\\b`));
    }
    expect(run.stdout).toContain(`${notApplicable.length} clauses not applicable`);
    // The test that ran took real time; JUnit carries it per case, in seconds.
    const time = /<testcase classname="SEM" name="SEM-SUBMIT-ADMITS [^"]*" time="([0-9.]+)"/.exec(readFileSync(join(out, 'junit.xml'), 'utf8'))?.[1];
    expect(Number(time)).toBeGreaterThan(0);
    expect(verdict('SEM-SUBMIT-ADMITS')?.durationMs).toBeCloseTo(Number(time) * 1000, 6);
  }, 300_000);

  it('--exclude that leaves no test is a usage error (exit 2), never a green run', async () => {
    const run = await runQualifyCli(REFERENCE, join(root(), 'exclude-all'), ['--runs', '1', '--only', 'SEM-SUBMIT-ADMITS', '--exclude', 'SEM-']);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain('--exclude "SEM-" leaves no test');
    expect(run.report).toBeNull();
  }, 300_000);

  it('--config supplies shared options, a flag overrides them, and a bad file exits 2 naming the field', async () => {
    const file = join(root(), 'qualify.json');
    writeFileSync(file, JSON.stringify({ runs: 3, only: 'SEM-SUBMIT-ADMITS', seed: 9, 'hide-not-applicable': true }));
    const run = await runQualifyCli(REFERENCE, join(root(), 'config'), ['--config', file, '--runs', '1']);
    expect(run.report, run.stderr).not.toBeNull();
    expect(run.report!.run).toEqual(expect.objectContaining({ runs: 1, seed: 9, only: 'SEM-SUBMIT-ADMITS' }));
    expect(run.report!.run.options.hideNotApplicable).toBe(true);
    const bad = join(root(), 'bad.json');
    writeFileSync(bad, JSON.stringify({ runs: 1, 'timeout-ms': 'soon' }));
    const refused = await runQualifyCli(REFERENCE, join(root(), 'config-bad'), ['--config', bad]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('field "timeout-ms" must be integer');
    expect(refused.report).toBeNull();
  }, 300_000);

  it('--max-failures stops the run after N failing tests: the report is written, the unrun clauses are SKIP saying why', async () => {
    const config = join(root(), 'mutant.json');
    writeFileSync(config, JSON.stringify(mutantConfig('outcome-succeeded')));
    // One process at a time: one test runs at once, so the run stops right after the first failing test.
    const run = await runQualifyCli(config, join(root(), 'max-failures'), ['--seed', '5', '--runs', '1', '--concurrency', '1', '--max-failures', '1', '--only', 'SEM-']);
    expect(run.report, run.stderr).not.toBeNull();
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.report!.suiteErrors).toEqual([]);
    expect(run.report!.summary.must.fail).toBeGreaterThan(0);
    const unrun = run.report!.clauses.filter((entry) => entry.reason?.includes('the run stopped after 1 failing test (--max-failures)') === true);
    expect(unrun.length).toBeGreaterThan(0);
    for (const entry of unrun) expect(entry.verdict).toBe('SKIP');
    expect(run.report!.clauses.some((entry) => entry.verdict === 'PASS' && entry.id.startsWith('SEM-') && entry.cases === 0)).toBe(false);
  }, 300_000);
});
