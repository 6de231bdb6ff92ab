import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dir } from 'tmp-promise';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validAdapterConfig } from '../__test-helpers__/validRunInputs.js';
import type { RunEnvironment } from '../options/runOptions.js';
import { smallReport } from '../../reports/__test-helpers__/reportFixtures.js';
import { SecretMask } from '../evidence/SecretMask.js';
import { UsageError } from '../UsageError.js';
import { helpText } from './help.js';
import { runCommand, type RunQualification } from './qualifyCommands.js';
import { tuneWorkerIsolates } from '../suite/workerThreads.js';

let root: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  root = await dir({ unsafeCleanup: true });
});
afterEach(async () => {
  await root.cleanup();
});

function io() {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, io: { stdout: { write: (t: string) => stdout.push(t) }, stderr: { write: (t: string) => stderr.push(t), columns: 120 } } };
}

function environment(stderrIsTTY: boolean): RunEnvironment {
  return { cwd: root.path, stderrIsTTY, ci: undefined, randomSeed: () => 7, readTextFile: () => '' };
}

async function writeConfig(overrides: Record<string, unknown> = {}): Promise<string> {
  const file = path.join(root.path, 'adapter.json');
  await writeFile(file, JSON.stringify(validAdapterConfig({ executable: process.execPath, ...overrides })));
  return file;
}

describe('runCommand', () => {
  it('prints the run help', async () => {
    const out = io();
    expect(await runCommand(['--help'], out.io)).toBe(0);
    expect(out.stdout.join('')).toBe(helpText.run);
  });

  it('runs the qualification with normalized options, prints its summary, returns its exit code', async () => {
    const file = await writeConfig();
    const run = vi.fn<RunQualification>(async () => ({ exitCode: 1, summary: 'non-conformant: 2 MUST clauses failed' }));
    const out = io();
    const code = await runCommand([file, '--runs', '3'], out.io, { runQualification: run, environment: environment(false) });
    expect(code).toBe(1);
    expect(run).toHaveBeenCalledOnce();
    expect(run.mock.calls[0]?.[0]).toMatchObject({ subject: { kind: 'command', configPath: file, adapterCwd: root.path }, runs: 3, seed: 7, progress: false });
    // Not a terminal: the heartbeat printer takes the progress events.
    expect(Object.keys(run.mock.calls[0]?.[1] ?? {})).toEqual(['onProgress', 'onWorkersStarting', 'onSandboxNotice']);
    // The workers' V8 settings are the CLI's, made only as the workers start.
    expect(run.mock.calls[0]?.[1].onWorkersStarting).toBe(tuneWorkerIsolates);
    expect(out.stdout).toEqual(['non-conformant: 2 MUST clauses failed\n']);
    expect(out.stderr).toEqual([]);
  });

  it('--json prints one JSON summary on stdout (verdict, exit code, counts, clauses by verdict, files) and the human one on stderr', async () => {
    const file = await writeConfig();
    const report = smallReport();
    const run: RunQualification = async () => ({ exitCode: report.exitCode, summary: 'the human summary', report });
    const out = io();
    const outDir = path.join(root.path, 'out');
    const code = await runCommand([file, '--json', '--out', outDir], out.io, { runQualification: run, environment: environment(false), stepSummaryFile: undefined });
    expect(code).toBe(report.exitCode);
    expect(out.stdout).toHaveLength(1);
    const printed = JSON.parse(out.stdout[0]!) as Record<string, unknown>;
    expect(printed).toMatchObject({
      verdict: report.verdict,
      exitCode: report.exitCode,
      reportDir: outDir,
      summary: report.summary,
      seed: report.run.seed,
      interrupted: null,
      suiteErrors: report.suiteErrors.length,
    });
    expect(printed['files']).toMatchObject({ json: path.join(outDir, 'acceptance.json'), junit: path.join(outDir, 'junit.xml') });
    const failed = report.clauses.filter((entry) => entry.verdict === 'FAIL').map((entry) => entry.id);
    expect(failed.length).toBeGreaterThan(0);
    expect((printed['clauses'] as Record<string, string[]>)['FAIL']).toEqual(failed);
    expect(out.stderr.join('')).toContain('the human summary\n');
  });

  it('shows progress on a terminal and clears it before the summary', async () => {
    const file = await writeConfig();
    const out = io();
    const run: RunQualification = async (_options, hooks) => {
      hooks.onProgress?.({ testName: 't', family: 'OUT', casesSoFar: 5, testsDone: 1, testsTotal: 9, callsSoFar: 0, familiesDone: 0, familiesTotal: null, testsTotalFinal: true });
      return { exitCode: 0, summary: 'conformant\n' };
    };
    expect(await runCommand([file], out.io, { runQualification: run, environment: environment(true) })).toBe(0);
    expect(out.stderr.join('')).toContain('OUT · 1/9 tests done · 0 families done · 5 cases');
    expect(out.stderr.at(-1)).toBe('\r\x1b[2K');
    expect(out.stdout).toEqual(['conformant\n']);
  });

  it('appends the summary to the GitHub Actions step summary file, and masks secrets in what it prints', async () => {
    const file = await writeConfig();
    const stepSummaryFile = path.join(root.path, 'step-summary.md');
    const run: RunQualification = async () => ({ exitCode: 1, summary: 'failed: echoed s3cr3t-value\n', report: smallReport() });
    const out = io();
    const deps = { runQualification: run, environment: environment(false), stepSummaryFile, mask: new SecretMask({ API_KEY: 's3cr3t-value' }) };
    expect(await runCommand([file], out.io, deps)).toBe(1);
    expect(out.stdout).toEqual(['failed: echoed [masked: API_KEY]\n']);
    expect(await readFile(stepSummaryFile, 'utf8')).toMatch(/^## adapter-qualify: NON-CONFORMANT\n/);
  });

  it('writes no step summary without a file, and only warns when it cannot append', async () => {
    const file = await writeConfig();
    const run: RunQualification = async () => ({ exitCode: 0, summary: 'ok\n', report: smallReport() });
    const none = io();
    expect(await runCommand([file], none.io, { runQualification: run, environment: environment(false), stepSummaryFile: undefined })).toBe(0);
    expect(none.stderr).toEqual([]);
    const broken = io();
    expect(await runCommand([file], broken.io, { runQualification: run, environment: environment(false), stepSummaryFile: root.path })).toBe(0);
    expect(broken.stderr.join('')).toMatch(/^adapter-qualify: warning: Could not write the report file /);
  });

  it.each([
    [{ executable: 'adapter.sh' }, 'CFG-EXECUTABLE'],
    [{ executable: '/nonexistent/adapter' }, 'CFG-EXECUTABLE'],
    [{ argvPrefix: Array(32).fill('') }, 'CFG-ARGV'],
    [{ extra: 1 }, 'CFG-CLOSED'],
  ])('refuses %j with %s before running anything', async (overrides, clauseId) => {
    const file = await writeConfig(overrides);
    const run = vi.fn<RunQualification>();
    const error: unknown = await runCommand([file], io().io, { runQualification: run, environment: environment(false) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).clauseId).toBe(clauseId);
    expect(run).not.toHaveBeenCalled();
  });

  it('qualifies an SDK module named relative to the working directory', async () => {
    await writeFile(path.join(root.path, 'sdk.mjs'), 'export async function submit() {}\nexport async function observe() {}\n');
    const run = vi.fn<RunQualification>(async () => ({ exitCode: 0, summary: 'conformant' }));
    expect(await runCommand(['--sdk', 'sdk.mjs', '--authority', 'ledger-a1'], io().io, { runQualification: run, environment: environment(false) })).toBe(0);
    expect(run.mock.calls[0]?.[0].subject).toEqual({ kind: 'sdk', modulePath: path.join(root.path, 'sdk.mjs'), authorityId: 'ledger-a1' });
  });

  it.each([
    [['--sdk', 'missing.mjs', '--authority', 'ledger-a1'], '--sdk', /--sdk: the module "missing.mjs" does not exist/],
    [['--sdk', '.', '--authority', 'ledger-a1'], '--sdk', /is not a regular file/],
    [['--sdk', 'sdk.mjs', '--authority', 'bad/id'], '--authority', /CFG-AUTHORITY: the authority must be an identity/],
  ])('refuses an SDK run with %j before running anything', async (args, option, message) => {
    await writeFile(path.join(root.path, 'sdk.mjs'), '');
    const run = vi.fn<RunQualification>();
    const error = await runCommand(args, io().io, { runQualification: run, environment: environment(false) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UsageError);
    expect(error).toMatchObject({ option, message: expect.stringMatching(message) });
    expect(run).not.toHaveBeenCalled();
  });

  it('refuses a bad option before running anything', async () => {
    const file = await writeConfig();
    const run = vi.fn<RunQualification>();
    await expect(runCommand([file, '--runs', '0'], io().io, { runQualification: run, environment: environment(false) })).rejects.toMatchObject({
      name: 'UsageError',
      option: '--runs',
    });
    expect(run).not.toHaveBeenCalled();
  });
});
