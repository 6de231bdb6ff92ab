import { validateAction } from '@action-validator/core';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { packageRoot } from './harness/packageRoot.js';
import { runCompositeAction } from './harness/__test-helpers__/runCompositeAction.js';

// Runs the built CLI (dist/): run `npm run build` first (`npm test` does).
const ACTION = join(packageRoot, 'action.yml');
const reference = (file: string): string => join(packageRoot, 'adapters', 'reference', file);
// One clause family keeps each run short; the rest is SKIP, so the verdict is `incomplete`.
const SHORT = '--only ^REQ-CLOSED --seed 1 --runs 2';

describe('action.yml', () => {
  it('is a valid action by the GitHub Actions schema, composite, strict by default', async () => {
    const text = await readFile(ACTION, 'utf8');
    expect(validateAction(text).errors).toEqual([]);
    const action = parse(text) as { inputs: Record<string, { default?: string }>; outputs: Record<string, unknown>; runs: { using: string } };
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs).sort()).toEqual(['adapter', 'args', 'expected-failures', 'lifecycle', 'out', 'shard', 'strict']);
    expect(Object.keys(action.outputs).sort()).toEqual(['exit-code', 'report-dir', 'verdict']);
    expect(action.inputs.strict?.default).toBe('true');
  });
});

describe.concurrent('action.yml run as the runner runs a composite action (uses: ./)', () => {
  it('strict by default: an incomplete run of the reference adapter fails the step, with outputs and a step summary', async () => {
    const workspace = await mkdtemp(join(tmpdir(), 'action-strict-'));
    const run = await runCompositeAction(ACTION, { adapter: reference('adapter.json'), lifecycle: reference('lifecycle.json'), args: SHORT }, workspace, { PATH: process.env.PATH ?? '' });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.outputs).toEqual({ verdict: 'incomplete', 'exit-code': '1', 'report-dir': join(workspace, 'qualify-report') });
    expect(run.summary).toMatch(/INCOMPLETE/i);
    const report = JSON.parse(await readFile(join(workspace, 'qualify-report', 'acceptance.json'), 'utf8')) as { verdict: string };
    expect(report.verdict).toBe('incomplete');
  });

  it("strict: 'false' lets the same incomplete run pass; out names the report directory", async () => {
    const workspace = await mkdtemp(join(tmpdir(), 'action-lenient-'));
    const run = await runCompositeAction(ACTION, { adapter: reference('adapter.json'), strict: 'false', out: 'r', args: SHORT }, workspace, { PATH: process.env.PATH ?? '' });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.outputs).toEqual({ verdict: 'incomplete', 'exit-code': '0', 'report-dir': join(workspace, 'r') });
  });

  it('a missing adapter.json is a usage error: exit 2, no verdict', async () => {
    const workspace = await mkdtemp(join(tmpdir(), 'action-missing-'));
    const run = await runCompositeAction(ACTION, { adapter: 'no/such/adapter.json' }, workspace, { PATH: process.env.PATH ?? '' });
    expect(run.exitCode).toBe(2);
    expect(run.outputs.verdict).toBe('');
    expect(run.outputs['exit-code']).toBe('2');
    expect(run.stderr).toContain('no/such/adapter.json');
  });
});
