import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { execa } from 'execa';
import { afterAll, beforeAll, expect } from 'vitest';
import { CLI_BIN } from './runQualifyCli.js';
import { adapterProcessesUnder } from './adapterProcessesUnder.js';
import { packageRoot } from '../packageRoot.js';
import type { AcceptanceReport } from '../../reports/types.js';
import { INTERRUPTED_EXIT_CODE } from '../runInterruption.js';

/** The bound the interrupted report is due within, from the signal to the end of the process. */
export const REPORT_DUE_MS = 10_000;

/** When the signal goes, in a run of the slow reference adapter. */
export type SignalPoint =
  /** Once the CLI listens for the signals, before any adapter process exists (its start-up). */
  | { readonly kind: 'start-up' }
  /** Sent by the CLI to itself the moment vitest adds its own SIGTERM listener (the suite's start-up, before its hooks). */
  | { readonly kind: 'vitest-start-up' }
  /** `ms` after the run's first adapter process exists. */
  | { readonly kind: 'after-first-call'; readonly ms: number }
  /** Once the workers are done and the report is being made (the transcript is staged). */
  | { readonly kind: 'report-write' };

/** What an interrupted run gave, for the test to assert on beyond the common checks. */
export interface InterruptedRunResult {
  readonly exitCode: number | undefined;
  readonly tookMs: number;
  readonly report: AcceptanceReport;
}

const REFERENCE_BUNDLE = join(packageRoot, 'dist', 'adapters', 'reference', 'bundle', 'main.js');
const CATCH_MARKER_PRELOAD = join(packageRoot, 'harness', '__test-helpers__', 'markSignalCatch.mjs');
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// The reference adapter answering after a pause, so that calls are in flight whenever the signal comes.
// Its own directory: a report never goes inside the adapter's.
async function slowReference(root: string): Promise<string> {
  await mkdir(join(root, 'subject'), { recursive: true });
  const script = join(root, 'subject', 'slow-reference.sh');
  await writeFile(script, `#!/bin/sh\nsleep 0.3\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(REFERENCE_BUNDLE)} --authority slow-reference "$@"\n`);
  await chmod(script, 0o755);
  const config = join(root, 'subject', 'slow-reference.json');
  await writeFile(config, JSON.stringify({ protocol: 'algal.coding-operation.v1', authorityId: 'slow-reference', executable: '/bin/sh', argvPrefix: [script] }));
  return config;
}

function transcriptStaged(outDir: string): boolean {
  try {
    return readdirSync(outDir).some((name) => name.startsWith('.adapter-qualify-staging-') && existsSync(join(outDir, name, 'transcript.jsonl')));
  } catch {
    return false;
  }
}

/**
 * Runs the CLI on the slow reference adapter, sends `signal` at `point`, and checks what every
 * interrupted run owes: the process ends within {@link REPORT_DUE_MS} of the signal, with a report;
 * nothing the suite itself ended is booked against the adapter (no FAIL, no `failures/`); no adapter
 * process is left. A report made before the signal (at `report-write`) may be the complete one.
 * @param root - a directory of the test's own
 * @param name - the run's name (its directories)
 * @param signal - the signal sent
 * @param point - when it is sent
 * @param only - extra `--only` arguments
 */
export async function interruptedRun(root: string, name: string, signal: 'SIGTERM' | 'SIGINT', point: SignalPoint, only: readonly string[] = []): Promise<InterruptedRunResult> {
  const tmp = join(root, `${name}-tmp`);
  await mkdir(tmp);
  const outDir = join(root, name);
  const marker = join(root, `${name}-caught`);
  const child = execa(process.execPath, ['--import', CATCH_MARKER_PRELOAD, CLI_BIN, 'run', await slowReference(root), '--runs', '3', '--seed', '1', '--out', outDir, ...only], {
    reject: false,
    env: {
      CI: 'true',
      GITHUB_STEP_SUMMARY: '',
      TMPDIR: tmp,
      ADAPTER_QUALIFY_TEST_CATCH_MARKER: marker,
      ...(point.kind === 'vitest-start-up' ? { ADAPTER_QUALIFY_TEST_SIGNAL_AT_VITEST: signal } : {}),
    },
    // The test times the run's own answer to the signal; execa's SIGKILL after 5 s would hide it.
    forceKillAfterDelay: false,
  });
  const reached = (): boolean =>
    point.kind === 'start-up' || point.kind === 'vitest-start-up' ? existsSync(marker) : point.kind === 'report-write' ? transcriptStaged(outDir) : adapterProcessesUnder(tmp).length > 0;
  while (!reached() && child.exitCode === null) await sleep(point.kind === 'report-write' ? 5 : 20);
  if (point.kind === 'after-first-call') await sleep(point.ms);
  let sentAt = Date.now();
  if (point.kind === 'vitest-start-up') {
    expect(existsSync(marker), `vitest never added its SIGTERM listener\n${(await child).stderr}`).toBe(true);
    sentAt = Number(await readFile(marker, 'utf8'));
  } else {
    expect(child.exitCode, 'the run ended before the signal: choose an earlier point').toBeNull();
    child.kill(signal);
  }
  const result = await Promise.race([child, sleep(60_000).then(() => child.kill('SIGKILL'))]).then(() => child);
  const tookMs = Date.now() - sentAt;
  expect(result.signal, `${result.stdout}\n${result.stderr}`).toBeUndefined();
  const report = JSON.parse(await readFile(join(outDir, 'acceptance.json'), 'utf8')) as AcceptanceReport;
  expect(result.exitCode, result.stderr).toBe(report.exitCode);
  const failed = report.clauses.filter((entry) => entry.verdict === 'FAIL').map((entry) => `${entry.id}: ${entry.reason ?? ''}`);
  expect(failed, 'a call the suite ended is no evidence against the adapter').toEqual([]);
  expect(existsSync(join(outDir, 'failures'))).toBe(false);
  expect(adapterProcessesUnder(tmp)).toEqual([]);
  expect(tookMs, `the report is due within 10 s of the signal\n${result.stderr}`).toBeLessThan(REPORT_DUE_MS);
  return { exitCode: result.exitCode, tookMs, report };
}

/**
 * Runs two busy loops per core for the length of the enclosing `describe` block (started before its
 * first test, stopped after its last).
 * @internal
 */
export function busyLoopsDuringThisBlock(): void {
  let stopLoops: () => Promise<void> = async () => undefined;
  beforeAll(() => {
    stopLoops = startBusyLoops();
  });
  afterAll(async () => {
    await stopLoops();
  });
}

/** Starts two busy loops per core (stop them with the returned function). */
function startBusyLoops(): () => Promise<void> {
  const loops: ChildProcess[] = [];
  for (let index = 0; index < 2 * availableParallelism(); index += 1) loops.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return async () => {
    await Promise.all(loops.map((loop) => new Promise((resolve) => loop.once('exit', resolve).kill('SIGKILL'))));
  };
}

/** The CLI's process as `execa` gives it (`reject: false`, `forceKillAfterDelay: false`), as far as an interruption needs it. */
interface RunUnderWay extends PromiseLike<{ readonly signal?: string | undefined; readonly exitCode?: number | undefined; readonly stderr: unknown }> {
  readonly exitCode: number | null;
  kill(signal: NodeJS.Signals): boolean;
}

/**
 * Sends `signal` to a run under way and checks what every interrupted run owes, whatever its profile:
 * the process ends by itself with exit code 4, its report is marked interrupted and books no FAIL.
 * The caller checks the time (`tookMs` against {@link REPORT_DUE_MS}) once it has checked what it left.
 * @param child - the CLI's process, still running
 * @param signal - the signal sent
 * @param outDir - the run's `--out`
 */
export async function interruptRunUnderWay(
  child: RunUnderWay,
  signal: 'SIGTERM' | 'SIGINT',
  outDir: string,
): Promise<{ readonly report: AcceptanceReport; readonly tookMs: number; readonly stderr: string }> {
  expect(child.exitCode, 'the run ended before the signal').toBeNull();
  const sentAt = Date.now();
  child.kill(signal);
  const result = await Promise.race([child, sleep(60_000).then(() => child.kill('SIGKILL'))]).then(() => child);
  const tookMs = Date.now() - sentAt;
  const stderr = String(result.stderr);
  expect(result.signal, stderr).toBeUndefined();
  expect(result.exitCode, stderr).toBe(INTERRUPTED_EXIT_CODE);
  const report = JSON.parse(await readFile(join(outDir, 'acceptance.json'), 'utf8')) as AcceptanceReport;
  expect(report.run.interrupted).toBe(signal);
  expect(report.exitCode).toBe(INTERRUPTED_EXIT_CODE);
  expect(report.clauses.filter((entry) => entry.verdict === 'FAIL').map((entry) => `${entry.id}: ${entry.reason ?? ''}`)).toEqual([]);
  return { report, tookMs, stderr };
}
