import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dir } from 'tmp-promise';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validAdapterConfig } from '../config/__test-helpers__/validAdapterConfig.js';
import type { RunEnvironment } from '../normalizeRunOptions.js';
import { UsageError } from '../UsageError.js';
import { helpText } from './helpText.js';
import { runCommand, type RunQualification } from './runCommand.js';

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
    expect(run.mock.calls[0]?.[0]).toMatchObject({ configPath: file, adapterCwd: root.path, runs: 3, seed: 7, progress: false });
    expect(run.mock.calls[0]?.[1]).toEqual({});
    expect(out.stdout).toEqual(['non-conformant: 2 MUST clauses failed\n']);
    expect(out.stderr).toEqual([]);
  });

  it('shows progress on a terminal and clears it before the summary', async () => {
    const file = await writeConfig();
    const out = io();
    const run: RunQualification = async (_options, hooks) => {
      hooks.onProgress?.({ testName: 't', family: 'OUT', casesSoFar: 5, testsDone: 1, testsTotal: 9 });
      return { exitCode: 0, summary: 'conformant\n' };
    };
    expect(await runCommand([file], out.io, { runQualification: run, environment: environment(true) })).toBe(0);
    expect(out.stderr.join('')).toContain('OUT · 1/9 tests done · 5 cases');
    expect(out.stderr.at(-1)).toBe('\r\x1b[2K');
    expect(out.stdout).toEqual(['conformant\n']);
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
