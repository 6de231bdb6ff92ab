import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../../harness/__test-helpers__/temporaryRoot.js';
import type { ClauseId } from '../../harness/clauses.js';
import { deferredClauses } from '../../harness/deferredClauses.js';
import { evaluateKill } from '../../harness/selfCheck/evaluateKill.js';
import { runQualifyCli } from '../../harness/__test-helpers__/runQualifyCli.js';
import { mutants } from './catalog.js';
import type { MutantDefinition } from './MutantDefinition.js';
import { mutantConfig } from './mutantConfig.js';

// Every mutant is qualified through the real CLI and must FAIL at its claimed
// clauses and nowhere outside its declared ones. By default each run is limited
// to the tests of the mutant's declared clauses (OUT is checked on every call
// of those tests), which keeps `npm test` within CI's budget; with
// AQ_KILL_MATRIX=full every mutant gets a complete run, which also proves that
// no other test of the suite goes red on it.

const FULL = process.env['AQ_KILL_MATRIX'] === 'full';
const SEED = 20_261_130;
const RUNS = FULL ? 3 : 4;

const root = temporaryRoot('kill-matrix');

function isDeferred(clauseId: ClauseId): boolean {
  return deferredClauses[clauseId] !== undefined;
}

/** The mutant as this version of the suite can judge it: deferred claims move to incidental. */
function judgeable(mutant: MutantDefinition): MutantDefinition {
  return {
    ...mutant,
    claims: mutant.claims.filter((id) => !isDeferred(id)),
    incidental: [...mutant.incidental, ...mutant.claims.filter(isDeferred)],
  };
}

function onlyPattern(mutant: MutantDefinition): string[] {
  const ids: string[] = [...mutant.claims, ...mutant.incidental].filter((id) => !isDeferred(id));
  // A control claims nothing: it must be judged on the SEM suite it is a control for.
  if (mutant.expect === 'inconclusive') ids.push('SEM-');
  return FULL ? [] : ['--only', `(${ids.join('|')})`];
}

describe.concurrent('mutant kill matrix', () => {
  for (const mutant of mutants) {
    const judged = judgeable(mutant);
    if (judged.expect === 'fail' && judged.claims.length === 0) {
      it.skip(`${mutant.name}: claims only ${mutant.claims.join(', ')}, which this version does not check yet`, () => {});
      continue;
    }
    const expected = judged.expect === 'inconclusive' ? 'control-held' : 'killed';
    it(`${mutant.name} → ${judged.claims.join(', ') || 'SEM INCONCLUSIVE, never PASS'}`, async () => {
      const dir = join(root(), mutant.name);
      const configPath = join(root(), `${mutant.name}.json`);
      await writeFile(configPath, JSON.stringify(mutantConfig(mutant.name)));
      const run = await runQualifyCli(configPath, dir, ['--seed', String(SEED), '--runs', String(RUNS), '--timeout-ms', '5000', ...onlyPattern(mutant)]);
      expect(run.report, run.stderr).not.toBeNull();
      const evaluation = evaluateKill(judged, run.report!);
      const failed = run.report!.clauses.filter((entry) => entry.verdict === 'FAIL').map((entry) => `${entry.id}: ${entry.reason}`);
      expect({ status: evaluation.status, survivors: evaluation.survivors, unexpected: evaluation.unexpected }, failed.join('\n')).toEqual({
        status: expected,
        survivors: [],
        unexpected: [],
      });
      expect(run.exitCode).toBe(run.report!.summary.must.fail > 0 ? 1 : 0);
    }, 300_000);
  }
});
