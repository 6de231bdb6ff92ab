import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from './__test-helpers__/temporaryRoot.js';
import { loadAdapterConfig } from './options/loadSubject.js';
import { normalizeRunOptions } from './options/normalizeOptions.js';
import { packageRoot } from './packageRoot.js';
import { runQualification } from './runQualification.js';

// A suite worker lost mid-run (its thread ended by a crash): the tests it took with it are INCONCLUSIVE
// naming the loss, the other worker's verdicts stand, and the report is written with an adapter verdict
// (no suite error). Real vitest workers, a real loss: the worker thread ends itself at once after one
// real call (process.reallyExit, which vitest does not intercept, ends a worker thread and only it),
// while a second test of its file is still running beside it.

const root = temporaryRoot('lost-worker');

const QUALIFY_TEST = join(packageRoot, 'harness/suite/qualifyTest.ts');

const LOST_SUITE = `import { qualifyTest } from ${JSON.stringify(QUALIFY_TEST)};
import { bindingFor } from ${JSON.stringify(join(packageRoot, 'harness/protocol/requests.ts'))};

qualifyTest({ clauses: ['REQ-CLOSED'], title: 'the worker running this test is killed' }, async ({ session, ids }) => {
  await session.observe(bindingFor({ operationId: ids.fresh('lost'), authorityId: session.authorityId, payload: null }));
  process.reallyExit(70);
  await new Promise(() => {});
});

qualifyTest({ clauses: ['REQ-ACTION-ARGV'], title: 'runs beside it in the same worker' }, async ({ recorder }) => {
  // Ends on its own only if the worker survived (then the test below sees it PASS and fails).
  await new Promise((resolve) => setTimeout(resolve, 60_000));
  recorder.count('REQ-ACTION-ARGV', 1);
});
`;

const OTHER_SUITE = `import { qualifyTest } from ${JSON.stringify(QUALIFY_TEST)};
import { bindingFor } from ${JSON.stringify(join(packageRoot, 'harness/protocol/requests.ts'))};

qualifyTest({ clauses: ['SEM-OBSERVE-FRESH'], title: 'in the other worker' }, async ({ session, ids, recorder }) => {
  const seen = await session.observe(bindingFor({ operationId: ids.fresh('other'), authorityId: session.authorityId, payload: null }));
  if (seen.kind === 'outcome' && seen.outcome.state === 'unknown') recorder.count('SEM-OBSERVE-FRESH', 1);
});
`;

describe('a suite worker lost mid-run', () => {
  it('its unfinished tests are INCONCLUSIVE naming the loss; the rest is judged; the report has an adapter verdict', async () => {
    const suiteDir = join(root(), 'suites');
    await mkdir(suiteDir);
    await writeFile(join(suiteDir, 'lost.suite.ts'), LOST_SUITE);
    await writeFile(join(suiteDir, 'other.suite.ts'), OTHER_SUITE);
    const loaded = await loadAdapterConfig(join(packageRoot, 'adapters/reference/adapter.json'), packageRoot);
    const options = normalizeRunOptions({ out: join(root(), 'out'), runs: 1, seed: 1, concurrency: 4 }, { kind: 'command', ...loaded });
    let workersStarting = 0;
    const { report, exitCode } = await runQualification(options, { onWorkersStarting: () => (workersStarting += 1) }, { suiteDir });
    expect(workersStarting).toBe(1);
    expect(report.suiteErrors).toEqual([]);
    const verdicts = Object.fromEntries(
      report.clauses.filter((entry) => ['REQ-CLOSED', 'REQ-ACTION-ARGV', 'SEM-OBSERVE-FRESH'].includes(entry.id)).map((entry) => [entry.id, `${entry.verdict}: ${entry.reason ?? ''}`]),
    );
    const lost = expect.stringMatching(/^INCONCLUSIVE: the suite worker running this test was lost before the test finished \(\[vitest-pool\]: Worker threads emitted error\.\)/);
    expect(verdicts).toEqual({ 'REQ-CLOSED': lost, 'REQ-ACTION-ARGV': lost, 'SEM-OBSERVE-FRESH': 'PASS: ' });
    expect(report.verdict).toBe('incomplete');
    expect(exitCode).toBe(0);
  }, 180_000);
});
