import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../harness/__test-helpers__/temporaryRoot.js';
import { SecretMask } from '../harness/evidence/SecretMask.js';
import { appendStepSummary, STEP_SUMMARY_MAX_BYTES } from './stepSummary.js';
import { ReportWriteError } from './reportFiles.js';
import { hostileReport, smallReport } from './__test-helpers__/reportFixtures.js';

const root = temporaryRoot('step-summary');
const noSecrets = new SecretMask({});

describe('appendStepSummary', () => {
  it('appends the verdict, failures with replay commands and the clause table after what the step wrote', async () => {
    const file = join(root(), 'appended.md');
    await writeFile(file, '# Earlier step output\n');
    const bytes = await appendStepSummary(smallReport(), file, noSecrets);
    const content = await readFile(file, 'utf8');
    expect(content.startsWith('# Earlier step output\n## adapter-qualify: NON-CONFORMANT\n')).toBe(true);
    expect(Buffer.byteLength(content)).toBe(Buffer.byteLength('# Earlier step output\n') + bytes);
    expect(content).toContain('**Verdict: non-conformant** (exit code 3)');
    expect(content).toContain(`- Executable sha256: ${'a'.repeat(64)}`);
    expect(content).toContain('#### REQ-CLOSED (MUST): refuse unknown top-level fields');
    expect(content).toContain("```sh\nnpx adapter-qualify run adapter.json --only '^REQ-CLOSED: refuses unknown fields$' --seed 42\n```");
    expect(content).toContain('| OUT-JSON | MUST | PASS | 12 |  |');
    expect(content).toContain('| SDK-CANCEL | SHOULD | SKIP | 0 | applies to SDK transports |');
    expect(content.indexOf('### Failures')).toBeLessThan(content.indexOf('### Clauses'));
  });

  it('creates the file when missing, and masks secrets', async () => {
    const file = join(root(), 'created.md');
    await appendStepSummary(smallReport(), file, new SecretMask({ LEDGER_AUTH: 'ledger-a1' }));
    const content = await readFile(file, 'utf8');
    expect(content).toContain('- Authority: \\[masked: LEDGER\\_AUTH\\]');
    expect(content).not.toContain('ledger-a1');
  });

  it('stays within what is left of the 1 MiB limit, cutting whole pieces with a note', async () => {
    const file = join(root(), 'nearly-full.md');
    const earlier = 'x'.repeat(STEP_SUMMARY_MAX_BYTES - 3_000);
    await writeFile(file, earlier);
    const bytes = await appendStepSummary(hostileReport(), file, noSecrets);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(3_000);
    const appended = (await readFile(file, 'utf8')).slice(earlier.length);
    expect(appended).toContain('## adapter-qualify: NON-CONFORMANT');
    expect(appended).toContain('Summary truncated to fit the step summary limit');
    expect(appended).not.toContain('| SDK-CANCEL |');
  });

  it('appends nothing once the step summary is full', async () => {
    const file = join(root(), 'full.md');
    await writeFile(file, 'x'.repeat(STEP_SUMMARY_MAX_BYTES));
    await expect(appendStepSummary(smallReport(), file, noSecrets)).resolves.toBe(0);
  });

  it('throws a ReportWriteError naming the file when it cannot append', async () => {
    await expect(appendStepSummary(smallReport(), root(), noSecrets)).rejects.toBeInstanceOf(ReportWriteError);
  });
});
