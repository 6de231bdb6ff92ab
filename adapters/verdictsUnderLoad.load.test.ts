import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCommand, runQualifyCli, type CliRun } from '../harness/__test-helpers__/runQualifyCli.js';
import { busyLoopsDuringThisBlock } from '../harness/__test-helpers__/interruptedRun.js';
import { temporaryRoot } from '../harness/__test-helpers__/temporaryRoot.js';
import { packageRoot } from '../harness/packageRoot.js';
import type { AcpAcceptanceReport } from '../reports/acp/buildAcpReport.js';

// The bundled correct subjects beside two busy loops per core get the verdicts they get at rest, clause by
// clause: every clause PASS (or NOT-APPLICABLE, or the SKIP a capability it does not claim leaves), no fault
// point left undecided because a call was slow once. At rest the same is asserted by conformingAdapters.test.ts
// and the reference agent's own tests. Its own npm script (`npm run test:load`), never beside other test files.

const root = temporaryRoot('verdicts-under-load');

/** What a report says of its clauses, in either profile. */
interface OpenClauses {
  readonly suiteErrors: readonly string[];
  readonly clauses: readonly { readonly id: string; readonly verdict: string; readonly applicable?: boolean | undefined }[];
}

/** The run's report, once it is checked for no suite error and every applicable clause PASS. */
function everyApplicableClausePassed<R extends OpenClauses>(run: CliRun<R>): R {
  expect(run.report, run.stderr).not.toBeNull();
  const report = run.report!;
  expect(report.suiteErrors).toEqual([]);
  const open = report.clauses.filter((entry) => entry.verdict !== 'PASS' && entry.applicable !== false);
  expect(
    open.map((entry) => `${entry.id} ${entry.verdict}`),
    JSON.stringify(open, null, 1),
  ).toEqual([]);
  return report;
}

describe('the bundled correct subjects beside two busy loops per core', () => {
  busyLoopsDuringThisBlock();

  it('the reference adapter (its lifecycle file, every suite): CONFORMANT, every applicable clause PASS, the fault clauses by syscall', async () => {
    const args = ['--seed', '424242', '--runs', '2', '--lifecycle', join(packageRoot, 'adapters', 'reference', 'lifecycle.json')];
    const run = await runQualifyCli(join(packageRoot, 'adapters', 'reference', 'adapter.json'), join(root(), 'reference'), args, 1_500_000);
    const report = everyApplicableClausePassed(run);
    const faults = report.clauses.filter((entry) => entry.id === 'SEM-CRASH-CONSISTENT' || entry.id === 'SEM-UNCERTAIN-RECOVERY');
    expect(faults.map((entry) => `${entry.id} ${entry.method}`)).toEqual(['SEM-CRASH-CONSISTENT syscall', 'SEM-UNCERTAIN-RECOVERY syscall']);
    expect(report.verdict).toBe('conformant');
    expect(run.exitCode).toBe(0);
  }, 1_800_000);

  it('the reference ACP agent (default run): CONFORMANT, every applicable clause PASS', async () => {
    const run = await runCliCommand<AcpAcceptanceReport>('run', [join(packageRoot, 'adapters', 'acp-reference', 'agent.json')], join(root(), 'acp-reference'), ['--seed', '1'], 900_000);
    const report = everyApplicableClausePassed(run);
    expect(report.verdict).toBe('conformant');
  }, 1_200_000);
});
