import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCommand, runQualifyCli, type CliRun } from '../harness/__test-helpers__/runQualifyCli.js';
import { busyLoopsDuringThisBlock } from '../harness/__test-helpers__/interruptedRun.js';
import { temporaryRoot } from '../harness/__test-helpers__/temporaryRoot.js';
import { packageRoot } from '../harness/packageRoot.js';
import { correctAdapterConfig, expectCorrectAdapterVerdicts, PYTHON_EXAMPLE, REFERENCE } from './__test-helpers__/correctAdapters.js';
import type { AcpAcceptanceReport } from '../reports/acp/buildAcpReport.js';

// The bundled correct subjects beside two busy loops per core get the verdicts they get at rest, clause by
// clause: every clause PASS (or NOT-APPLICABLE, or the SKIP a capability it does not claim leaves), no fault
// point left undecided because a call was slow once. The command adapters' verdicts are the table
// conformingAdapters.test.ts checks at rest (`__test-helpers__/correctAdapters.ts`); the reference agent's, its own tests'. Its own npm script (`npm run test:load`), never beside other test files.

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

  // The fewest runs that still give every clause a case: at rest the same adapters run 5 (conformingAdapters.test.ts).
  it.each([
    { adapter: REFERENCE, runs: 2 },
    { adapter: PYTHON_EXAMPLE, runs: 1 },
  ])(
    '$adapter.name (--runs $runs, every suite): $adapter.verdict, the verdicts it gets at rest, clause by clause',
    async ({ adapter, runs }) => {
      const { configPath, lifecycleArgs } = correctAdapterConfig(adapter, root());
      const out = join(root(), adapter.name.replace(/\W+/g, '-'));
      const run = await runQualifyCli(configPath, out, ['--seed', '424242', '--runs', String(runs), ...lifecycleArgs], 1_500_000);
      await expectCorrectAdapterVerdicts(adapter, run.report, run.stderr);
      expect(run.exitCode).toBe(0);
    },
    1_800_000,
  );

  it('the reference ACP agent (default run): CONFORMANT, every applicable clause PASS', async () => {
    const run = await runCliCommand<AcpAcceptanceReport>('run', [join(packageRoot, 'adapters', 'acp-reference', 'agent.json')], join(root(), 'acp-reference'), ['--seed', '1'], 900_000);
    const report = everyApplicableClausePassed(run);
    expect(report.verdict).toBe('conformant');
  }, 1_200_000);
});
