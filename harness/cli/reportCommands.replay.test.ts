import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { mutantConfig } from '../../adapters/mutants/mutantConfig.js';
import { packageRoot } from '../packageRoot.js';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { CLI_BIN, runQualifyCli } from '../__test-helpers__/runQualifyCli.js';
import type { StoredFailureCase } from '../replay/failureCases.js';

// The evidence loop of a report directory, through the built CLI: a run stores every
// FAIL as a case, `verify` re-judges its transcript offline and agrees with the run,
// and `replay` re-runs the stored case: FAILED against the faulty adapter, FIXED against the fixed one.
// (verify on a correct adapter's run, and on a hand-edited copy of it, reads the whole reference run
// of conformingAdapters.test.ts.)

const root = temporaryRoot('evidence-loop');
const REFERENCE = join(packageRoot, 'adapters', 'reference', 'adapter.json');
const CLAUSE = 'SEM-TERMINAL-IMMUTABLE';
const LONG = 900_000;

async function cli(args: readonly string[]): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const result = await execa(process.execPath, [CLI_BIN, ...args], { reject: false, env: { CI: 'true' }, timeout: LONG });
  return { exitCode: result.exitCode ?? -1, stdout: result.stdout, stderr: result.stderr };
}

describe.concurrent('report evidence: verify and replay', () => {
  it(
    'a mutant run: verify agrees with its FAILs; replay is FAILED against the mutant and FIXED against the reference',
    async () => {
      const configPath = join(root(), 'mutant.json');
      await writeFile(configPath, JSON.stringify(mutantConfig('terminal-text-timestamped')));
      const outDir = join(root(), 'mutant');
      const run = await runQualifyCli(configPath, outDir, ['--seed', '99', '--runs', '2', '--only', CLAUSE], LONG);
      expect(run.exitCode, run.stdout).toBe(1);
      const failed = run.report!.clauses.filter((entry) => entry.verdict === 'FAIL').map((entry) => entry.id);
      expect(failed).toContain(CLAUSE);

      // verify names exactly the clauses the run failed (all history clauses here).
      const verified = await cli(['verify', join(outDir, 'transcript.jsonl')]);
      expect(verified.exitCode, verified.stdout).toBe(1);
      expect(verified.stdout).toMatch(new RegExp(`^inconsistent: ${failed.join(', ')}$`, 'm'));

      // The stored case: test, seed, path and the full request texts, located in the transcript.
      const stored = JSON.parse(readFileSync(join(outDir, 'failures', `${CLAUSE}.json`), 'utf8')) as StoredFailureCase;
      expect(stored).toMatchObject({ clauseId: CLAUSE, seed: 99, subjectArgs: [configPath] });
      expect(stored.path).toMatch(/^[0-9]+\/[0-9:]+$/);
      expect(stored.calls.length).toBeGreaterThan(1);
      const transcript = readFileSync(join(outDir, 'transcript.jsonl'), 'utf8').trimEnd().split('\n');
      for (const call of stored.calls) {
        expect(call.requestComplete).toBe(true);
        const line = JSON.parse(transcript[call.transcriptLine! - 1]!) as { callId: string; requestText: string };
        expect(line.callId).toBe(call.callId);
        expect(line.requestText).toBe(call.requestText);
      }
      expect(new Set(stored.calls.map((call) => call.transcriptLine)).size).toBe(stored.calls.length);

      const [againstMutant, againstReference] = await Promise.all([cli(['replay', outDir, '--clause', CLAUSE]), cli(['replay', outDir, '--clause', CLAUSE, '--adapter', REFERENCE])]);
      expect(againstMutant.exitCode, againstMutant.stderr).toBe(1);
      expect(againstMutant.stdout).toMatch(new RegExp(`^FAILED +${CLAUSE} \\(FAIL, FAIL, FAIL\\)`));
      expect(againstReference.exitCode, againstReference.stderr).toBe(0);
      expect(againstReference.stdout).toMatch(new RegExp(`^FIXED +${CLAUSE} \\(PASS, PASS, PASS\\)`));
    },
    LONG,
  );
});
