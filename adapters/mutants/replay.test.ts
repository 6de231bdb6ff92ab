import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../../harness/__test-helpers__/temporaryRoot.js';
import { CLI_BIN, runQualifyCli } from '../../harness/__test-helpers__/runQualifyCli.js';
import type { AcceptanceReport } from '../../reports/types.js';
import { mutantConfig } from './mutantConfig.js';

// A FAIL is only evidence if it can be reproduced: the replay command printed
// in the report must re-run exactly the shrunk case and fail the same way.

const root = temporaryRoot('replay');

describe.concurrent('replay commands', () => {
  it.each([
    // A bound family: one property per variant, so the replay names the property.
    ['array-257-admitted', 'REQ-BOUND-ARRAY'],
    // A random family with must-try cases.
    ['digest-case-insensitive', 'REQ-DIGEST-FORMAT'],
    // A stateful sequence.
    ['terminal-text-timestamped', 'SEM-TERMINAL-IMMUTABLE'],
  ])(
    '%s: the replay command of %s re-runs exactly its shrunk case',
    async (mutant, clauseId) => {
      const configPath = join(root(), `${mutant}.json`);
      await writeFile(configPath, JSON.stringify(mutantConfig(mutant)));
      const first = await runQualifyCli(configPath, join(root(), `${mutant}-first`), ['--seed', '99', '--runs', '4', '--only', clauseId]);
      const failed = first.report?.clauses.find((entry) => entry.id === clauseId);
      expect(failed?.verdict, first.stdout).toBe('FAIL');
      expect(failed?.replay).toMatch(/--replay-path [0-9]+\/[0-9:]+/);

      const replayDir = join(root(), `${mutant}-replay`);
      const command = `${failed!.replay!.replace(/^npx adapter-qualify /, `'${process.execPath}' '${CLI_BIN}' `)} --out '${replayDir}'`;
      const replay = await execa('sh', ['-c', command], { reject: false, env: { CI: 'true' } });
      expect(replay.exitCode, replay.stderr).toBe(failed!.level === 'MUST' ? 1 : 0);
      const report = JSON.parse(readFileSync(join(replayDir, 'acceptance.json'), 'utf8')) as AcceptanceReport;
      const replayed = report.clauses.find((entry) => entry.id === clauseId);
      expect(replayed?.verdict).toBe('FAIL');
      expect(replayed?.counterexample?.description).toBe(failed?.counterexample?.description);
      // Exactly one case: the shrunk one (its calls, not a whole property's worth).
      const calls = readFileSync(join(replayDir, 'transcript.jsonl'), 'utf8').trimEnd().split('\n').length;
      expect(calls).toBeLessThanOrEqual((failed?.counterexample?.calls.length ?? 0) + 2);
    },
    300_000,
  );
});
