import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { packageRoot } from '../packageRoot.js';
import { canonicalJson } from '../protocol/canonicalJson.js';
import { validateRequestText } from '../protocol/validateRequest.js';
import { runQualifyCli } from '../__test-helpers__/runQualifyCli.js';

// Options that change what the suite sends, checked on what it really sent.

const REFERENCE = join(packageRoot, 'adapters', 'reference', 'adapter.json');

const root = temporaryRoot('run-options');

function sentRequests(outDir: string): { action: string; requestText: string }[] {
  return readFileSync(join(outDir, 'transcript.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { action: string; requestText: string });
}

describe.concurrent('run options, end to end', () => {
  it('--max-submits caps the well-formed submits of the whole run, and leaves nothing falsely passed', async () => {
    const out = join(root(), 'max-submits');
    const run = await runQualifyCli(REFERENCE, out, ['--seed', '5', '--runs', '3', '--max-submits', '4', '--only', 'SEM-']);
    expect(run.report, run.stderr).not.toBeNull();
    const validSubmits = sentRequests(out).filter(
      (call) => call.action === 'submit' && validateRequestText(call.requestText, { argvAction: 'submit', authorityId: 'reference-ledger' }).length === 0,
    );
    expect(validSubmits.length).toBeGreaterThan(0);
    expect(validSubmits.length).toBeLessThanOrEqual(4);
    expect(run.report!.summary.must.fail).toBe(0);
    expect(run.report!.clauses.filter((entry) => entry.verdict === 'INCONCLUSIVE').length).toBeGreaterThan(0);
  }, 300_000);

  it('--payload coding-job-v2 submits job-shaped payloads and SKIPs REQ-BOUNDARY-ACCEPT with its reason', async () => {
    const out = join(root(), 'coding-job');
    const run = await runQualifyCli(REFERENCE, out, ['--seed', '5', '--runs', '2', '--payload', 'coding-job-v2', '--only', '(SEM-SUBMIT-ADMITS|REQ-BOUNDARY-ACCEPT)']);
    const boundary = run.report?.clauses.find((entry) => entry.id === 'REQ-BOUNDARY-ACCEPT');
    expect(boundary?.verdict).toBe('SKIP');
    expect(boundary?.reason).toMatch(/any-json/);
    const payloads = sentRequests(out)
      .map((call) => (JSON.parse(call.requestText) as { payload?: { contract?: string } }).payload)
      .filter((value) => value !== undefined);
    expect(payloads.length).toBeGreaterThan(0);
    for (const value of payloads) expect(value?.contract).toBe('algal.coding-job-request.v2');
  }, 300_000);

  it('--payload-file submits only the given samples', async () => {
    const out = join(root(), 'payload-file');
    const file = join(root(), 'samples.json');
    const samples = [{ task: 'fix the build' }, { task: 'write the docs', priority: 2 }];
    await writeFile(file, JSON.stringify(samples));
    const run = await runQualifyCli(REFERENCE, out, ['--seed', '5', '--runs', '3', '--payload-file', file, '--only', 'SEM-SUBMIT-ADMITS']);
    expect(run.report?.clauses.find((entry) => entry.id === 'SEM-SUBMIT-ADMITS')?.verdict).toBe('PASS');
    const sent = sentRequests(out).flatMap((call) => {
      const { payload } = JSON.parse(call.requestText) as { payload?: unknown };
      return payload === undefined ? [] : [canonicalJson(payload)];
    });
    expect(sent.length).toBeGreaterThan(0);
    for (const text of sent) expect(samples.map((sample) => canonicalJson(sample))).toContain(text);
  }, 300_000);
});
