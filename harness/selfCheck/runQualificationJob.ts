import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { packageRoot } from '../packageRoot.js';
import { killProcessGroup } from '../transport/process.js';
import { reportSchemaErrors } from '../../reports/validateReport.js';
import type { AcceptanceReport } from '../../reports/types.js';

/** How a qualification run ended, as self-check sees it. */
export type RunEnd =
  | { readonly kind: 'report'; readonly exitCode: number; readonly durationMs: number }
  | { readonly kind: 'timed-out'; readonly durationMs: number; readonly detail: string }
  | { readonly kind: 'error'; readonly durationMs: number; readonly detail: string };

/** Absolute path of the built worker that runs one qualification (`npm run build` makes it). */
export const SELF_CHECK_WORKER: string = join(packageRoot, 'dist', 'harness', 'cli', 'selfCheckWorkerMain.js');

/** The commands a self-check worker runs: `run` (coding-operation.v1), `manifest` (adapter-manifest.v1) or `acp-run` (`run` of an acp-agent.v1 configuration). */
export const WORKER_COMMANDS = ['run', 'manifest', 'acp-run'] as const;

/** One of {@link WORKER_COMMANDS}. */
export type WorkerCommand = (typeof WORKER_COMMANDS)[number];

/**
 * Whether a value names a worker command.
 * @param value - a parsed job field
 */
export function isWorkerCommand(value: unknown): value is WorkerCommand {
  return (WORKER_COMMANDS as readonly unknown[]).includes(value);
}

/** One qualification run, as self-check starts it. */
export interface QualificationJob {
  /** The command run: one of {@link WORKER_COMMANDS}. @defaultValue 'run' */
  readonly command?: WorkerCommand;
  /** The command's arguments, configuration path (or manifest directory) and `--out` included. */
  readonly args: readonly string[];
  /** The report directory the arguments name. */
  readonly outDir: string;
  /** Suites to run instead of the bundled ones, or null. @internal */
  readonly suiteDir: string | null;
  /** Only these suite files (names in the suite directory) are loaded; null or absent loads all. @internal */
  readonly suiteFiles?: readonly string[] | null;
  /** Properties stop at the first failing case, unshrunk (a mutant's kill needs no minimal counterexample). @internal @defaultValue false */
  readonly endOnFailure?: boolean;
  /** Wall-clock cap of the whole run, ms: past it the run's process group is killed. */
  readonly capMs: number;
}

const TAIL_BYTES = 2_000;

/**
 * Runs one qualification in its own process group (the built worker, which is
 * `adapter-qualify run` with an optional suite selection, or
 * `adapter-qualify manifest`) and reads the report
 * it wrote. A crash, a hang past the cap or an unreadable report becomes the
 * run's end, never an exception: one bad run must not stop self-check. The
 * run's output is kept as `run.log` in its report directory.
 *
 * @param job - what to run
 * @param signal - aborting it kills the run (self-check was interrupted)
 * @returns how the run ended, and its report when a valid one was written
 */
export async function runQualificationJob(job: QualificationJob, signal?: AbortSignal): Promise<{ readonly end: RunEnd; readonly report: AcceptanceReport | null }> {
  const started = Date.now();
  // A function, so the check after the run is not narrowed away by the one before it.
  const interrupted = (): boolean => signal?.aborted === true;
  if (interrupted()) return { end: { kind: 'error', durationMs: 0, detail: 'not started: self-check was interrupted' }, report: null };
  if (!existsSync(SELF_CHECK_WORKER)) {
    return { end: { kind: 'error', durationMs: 0, detail: `${SELF_CHECK_WORKER} is missing: run \`npm run build\` first` }, report: null };
  }
  const child = execa(
    process.execPath,
    [
      SELF_CHECK_WORKER,
      JSON.stringify({ command: job.command ?? 'run', args: job.args, suiteDir: job.suiteDir, suiteFiles: job.suiteFiles ?? null, endOnFailure: job.endOnFailure === true }),
    ],
    {
      reject: false,
      detached: true,
      all: true,
      stdin: 'ignore',
      env: { CI: 'true' },
    },
  );
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    if (child.pid !== undefined) killRun(child.pid);
  }, job.capMs);
  const abort = (): void => {
    if (child.pid !== undefined) killRun(child.pid);
  };
  signal?.addEventListener('abort', abort, { once: true });
  const result = await child.finally(() => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  });
  const durationMs = Date.now() - started;
  const output = typeof result.all === 'string' ? result.all : '';
  await writeFile(join(job.outDir, 'run.log'), output).catch(() => undefined);
  const tail = output.slice(-TAIL_BYTES).trim();
  if (interrupted()) return { end: { kind: 'error', durationMs, detail: 'killed: self-check was interrupted' }, report: null };
  if (timedOut) return { end: { kind: 'timed-out', durationMs, detail: `killed after the ${job.capMs} ms cap` }, report: null };
  const exitCode = result.exitCode ?? -1;
  const report = await readReport(join(job.outDir, 'acceptance.json'));
  if (typeof report === 'string') {
    const how = result.signal === undefined ? `exit code ${exitCode}` : `signal ${result.signal}`;
    return { end: { kind: 'error', durationMs, detail: `${how}, ${report}${tail === '' ? '' : `: ${lastLine(tail)}`}` }, report: null };
  }
  return { end: { kind: 'report', exitCode, durationMs }, report };
}

// A string explains why there is no usable report.
async function readReport(path: string): Promise<AcceptanceReport | string> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no acceptance.json written' : `unreadable acceptance.json (${String(error)})`;
  }
  const errors = reportSchemaErrors(value);
  return errors.length === 0 ? (value as AcceptanceReport) : `acceptance.json breaks its schema at ${errors[0]?.instancePath || '/'}`;
}

// The run's own group, then every adapter it started in a group of its own.
function killRun(pid: number): void {
  const descendants = descendantPids(pid);
  killProcessGroup(pid);
  for (const descendant of descendants) {
    killProcessGroup(descendant);
    try {
      process.kill(descendant, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

function lastLine(text: string): string {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return lines.at(-1) ?? '';
}

/**
 * Every live descendant of `root`, found through the parent pid in
 * `/proc/<pid>/stat` (Linux). The qualification runs spawn adapters in process
 * groups of their own, so killing a run's group alone would leave them behind.
 * Read this before killing anything: orphans are re-parented and drop out.
 * @param root - the ancestor's pid
 * @returns the descendants' pids (empty without `/proc`)
 */
function descendantPids(root: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(entry);
    if (parent === null) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const pending = [root];
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      pending.push(child);
    }
  }
  return found;
}

// The command name may hold spaces and parentheses: the fields start after the last ')'.
function parentOf(pid: string): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const parent = Number(fields[1]);
    return Number.isInteger(parent) ? parent : null;
  } catch {
    return null;
  }
}
