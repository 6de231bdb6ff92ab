import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { dir } from 'tmp-promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../harness/packageRoot.js';
import { CLI_BIN, runQualifyCli } from '../../harness/__test-helpers__/runQualifyCli.js';
import type { ClauseReport } from '../../reports/types.js';

const REFERENCE_SDK = join(packageRoot, 'dist', 'adapters', 'reference-sdk', 'index.js');
const MUTATING_SDK = join(packageRoot, 'adapters', 'reference-sdk', '__test-helpers__', 'mutating-sdk.mjs');
const sdkSubject = (module: string) => ['--sdk', module, '--authority', 'reference-ledger'];

let root: { path: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  root = await dir({ unsafeCleanup: true });
});
afterAll(async () => {
  await root.cleanup();
});

function verdicts(clauses: readonly ClauseReport[], family: string): Set<string> {
  return new Set(clauses.filter((entry) => entry.family === family).map((entry) => entry.verdict));
}

describe('run --sdk with the reference SDK transport', () => {
  it('passes every SDK clause and skips REQ as not applicable, with a replay command naming --sdk', async () => {
    const run = await runQualifyCli(sdkSubject(REFERENCE_SDK), join(root.path, 'only'), ['--seed', '11', '--runs', '3', '--only', '^(SDK-|REQ-CLOSED)']);
    expect(run.exitCode, run.stderr).toBe(0);
    const clauses = run.report?.clauses ?? [];
    expect(clauses.filter((entry) => entry.family === 'SDK').map((entry) => [entry.id, entry.verdict])).toEqual([
      ['SDK-SHAPE', 'PASS'],
      ['SDK-NO-MUTATION', 'PASS'],
      ['SDK-OBSERVE-NO-PAYLOAD', 'PASS'],
      ['SDK-CANCEL', 'PASS'],
    ]);
    expect(clauses.find((entry) => entry.id === 'REQ-CLOSED')).toMatchObject({ verdict: 'SKIP', reason: expect.stringContaining('the SDK seam takes structured requests') });
    expect(run.report?.subject).toMatchObject({ config: { sdk: REFERENCE_SDK, authorityId: 'reference-ledger' }, executableSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('a full run ends with no FAIL: OUT and SEM pass through the SDK seam; REQ, CFG, WIRE and fault clauses are SKIP; verify accepts its transcript', async () => {
    const out = join(root.path, 'full');
    const run = await runQualifyCli(sdkSubject(REFERENCE_SDK), out, ['--seed', '12', '--runs', '4']);
    expect(run.exitCode, run.stderr).toBe(0);
    const clauses = run.report?.clauses ?? [];
    expect(clauses.filter((entry) => entry.verdict === 'FAIL' || entry.verdict === 'INCONCLUSIVE')).toEqual([]);
    expect(verdicts(clauses, 'SDK')).toEqual(new Set(['PASS']));
    expect(verdicts(clauses, 'OUT')).toEqual(new Set(['PASS']));
    for (const family of ['REQ', 'CFG', 'WIRE']) expect(verdicts(clauses, family)).toEqual(new Set(['SKIP']));
    expect(clauses.find((entry) => entry.id === 'SEM-CRASH-CONSISTENT')).toMatchObject({ verdict: 'SKIP', reason: expect.stringContaining('in-process SDK') });
    expect(clauses.find((entry) => entry.id === 'SEM-SUBMIT-IDEMPOTENT')?.verdict).toBe('PASS');
    // The transcript holds SDK refusals (the rebinding submits), which verify must read as transport uncertainties.
    const transcript = join(out, 'transcript.jsonl');
    expect(readFileSync(transcript, 'utf8')).toContain('"uncertainty":"sdk-rejected"');
    const verified = await execa(process.execPath, [CLI_BIN, 'verify', transcript], { reject: false });
    expect(verified.exitCode, `${verified.stdout}\n${verified.stderr}`).toBe(0);
  }, 240_000);

  it('a command run reports the SDK clauses as SKIP: they apply to SDK transports', async () => {
    const run = await runQualifyCli(join(packageRoot, 'adapters', 'reference', 'adapter.json'), join(root.path, 'command'), ['--seed', '13', '--runs', '1', '--only', '^SDK-']);
    expect(run.report?.clauses.filter((entry) => entry.family === 'SDK').map((entry) => [entry.verdict, entry.reason])).toEqual(
      Array.from({ length: 4 }, () => ['SKIP', 'applies to SDK transports (run --sdk)']),
    );
  });

  it('an SDK that writes to the request FAILs SDK-NO-MUTATION, naming the path', async () => {
    const run = await runQualifyCli(sdkSubject(MUTATING_SDK), join(root.path, 'mutating'), ['--seed', '14', '--runs', '2', '--only', '^SDK-NO-MUTATION']);
    expect(run.exitCode).toBe(1);
    const found = run.report?.clauses.find((entry) => entry.id === 'SDK-NO-MUTATION');
    expect(found).toMatchObject({
      verdict: 'FAIL',
      reason: expect.stringContaining('/binding/operationId'),
      replay: expect.stringContaining(`--sdk ${MUTATING_SDK} --authority reference-ledger`),
    });
  });

  it('refuses a missing module or a bad authority with exit 2 before running anything', async () => {
    const missing = await runQualifyCli(sdkSubject(join(root.path, 'nope.js')), join(root.path, 'missing'));
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('--sdk: the module');
    expect(missing.report).toBeNull();
    const authority = await runQualifyCli(['--sdk', REFERENCE_SDK, '--authority', 'not an id'], join(root.path, 'authority'));
    expect(authority.exitCode).toBe(2);
    expect(authority.stderr).toContain('CFG-AUTHORITY');
  });
});
