import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../../../harness/__test-helpers__/temporaryRoot.js';
import { runQualifyCli } from '../../../harness/__test-helpers__/runQualifyCli.js';
import { mutantConfig } from '../mutantConfig.js';

// An adapter that refuses a payload with or without a crash (digest-rfc8785-order refuses
// {"0":{},"":0}: its canonical text puts "" first) must not be FAILed at the fault clauses
// for that refusal: a fault case judges only requests the adapter admits without a fault.

const root = temporaryRoot('fault-control');

describe('fault clauses on a payload the adapter refuses anyway', () => {
  it('SEM-CRASH-CONSISTENT and SEM-UNCERTAIN-RECOVERY do not FAIL an adapter for a refusal it makes without any fault', async () => {
    const configPath = join(root(), 'digest-rfc8785-order.json');
    await writeFile(configPath, JSON.stringify(mutantConfig('digest-rfc8785-order')));
    const samples = join(root(), 'samples.json');
    await writeFile(samples, JSON.stringify([{ '0': {}, '': 0 }]));
    const run = await runQualifyCli(configPath, join(root(), 'run'), ['--seed', '3', '--runs', '2', '--payload-file', samples, '--only', 'SEM-CRASH-CONSISTENT|SEM-UNCERTAIN-RECOVERY']);
    expect(run.report, `${run.stdout}\n${run.stderr}`).not.toBeNull();
    for (const id of ['SEM-CRASH-CONSISTENT', 'SEM-UNCERTAIN-RECOVERY']) {
      const entry = run.report!.clauses.find((candidate) => candidate.id === id);
      // Judged on the control payload {}, which it admits: the ledger itself is the reference's.
      expect(entry, `${id}: ${entry?.reason ?? ''}`).toMatchObject({ verdict: 'PASS' });
    }
  }, 300_000);
});
