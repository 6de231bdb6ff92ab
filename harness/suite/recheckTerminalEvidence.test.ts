import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { runOptionsOf } from '../__test-helpers__/validRunInputs.js';
import { acceptedOutcome, callRecordOf, sampleBinding, terminalOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { canonicalJson } from '../protocol/canonicalJson.js';
import type { Outcome } from '../protocol/types.js';
import { recheckTerminalEvidence, TERMINAL_RECHECK_TEST } from './recheckTerminalEvidence.js';
import { TerminalEvidenceLog } from './TerminalEvidenceLog.js';

// The end-of-run re-observation against an in-process SDK subject whose observe answers
// fixed bytes: the first terminal of the run is noted as a worker notes it.

const root = temporaryRoot('recheck');
const binding = sampleBinding();
const first = terminalOutcome(binding, 2);
let runs = 0;

async function recheckAnswering(answer: Outcome) {
  const dir = join(root(), `run-${(runs += 1)}`);
  const workDir = join(dir, 'work');
  new TerminalEvidenceLog(workDir).note(binding, first, callRecordOf({ endedAt: Date.now() - 1 }), 'SEM-TERMINAL-IMMUTABLE: the test that saw it');
  const modulePath = join(dir, 'sdk.mjs');
  await writeFile(
    modulePath,
    `export async function submit() { throw new Error('no submit here'); }\nexport async function observe() { return ${JSON.stringify(canonicalJson(answer))}; }\n`,
  );
  const options = runOptionsOf({ subject: { kind: 'sdk', modulePath, authorityId: binding.authorityId }, settleMs: 0 });
  const meta = await recheckTerminalEvidence({ options, workDir, scratchDir: join(dir, 'scratch'), wait: async () => undefined });
  // The session books the OUT and SDK clauses of its calls beside it.
  return { meta, evidence: meta?.evidence.find((entry) => entry.clauseId === 'SEM-TERMINAL-IMMUTABLE') };
}

describe('recheckTerminalEvidence', () => {
  it('passes a binding that answers its first terminal envelope again', async () => {
    const { meta, evidence } = await recheckAnswering(first);
    expect(meta?.testName).toBe(TERMINAL_RECHECK_TEST);
    expect(evidence).toMatchObject({ cases: 1, violations: [] });
  });

  it.each([
    ['a rewritten terminal envelope', terminalOutcome(binding, 2, undefined, 'completed', 'rewritten'), /terminal outcome differs from the terminal envelope/],
    ['an accepted answer after terminal', acceptedOutcome(binding, 3), /accepted outcome differs from the terminal envelope/],
  ])('FAILs SEM-TERMINAL-IMMUTABLE on %s, both answers the counterexample', async (_what, answer, message) => {
    const { evidence } = await recheckAnswering(answer);
    expect(evidence?.violations).toHaveLength(1);
    const [found] = evidence!.violations;
    expect(found?.message).toMatch(message);
    expect(found?.message).toContain(`operation ${binding.operationId}, observed again`);
    expect(found?.counterexample?.calls).toHaveLength(2);
  });
});
