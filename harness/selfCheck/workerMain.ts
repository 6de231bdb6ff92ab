// The process self-check starts for one qualification run: `adapter-qualify run`
// with, for self-check's own tests, another suite directory. It exports nothing.
// Usage: node workerMain.js '{"args":[…run arguments…],"suiteDir":null|"/abs/dir"}'
import { exitCodes, type ExitCode } from '../cli/exitCodes.js';
import { runCommand } from '../cli/runCommand.js';
import { runQualification } from '../runQualification.js';
import { UsageError } from '../UsageError.js';

interface WorkerJob {
  readonly args: readonly string[];
  readonly suiteDir: string | null;
}

function parseJob(text: string | undefined): WorkerJob {
  const job = JSON.parse(text ?? 'null') as Partial<WorkerJob> | null;
  if (job === null || !Array.isArray(job.args) || !job.args.every((arg) => typeof arg === 'string')) {
    throw new UsageError('workerMain: expected one argument {"args": string[], "suiteDir": string | null}');
  }
  return { args: job.args, suiteDir: typeof job.suiteDir === 'string' ? job.suiteDir : null };
}

function fail(error: unknown): never {
  const usage = error instanceof UsageError;
  process.stderr.write(`adapter-qualify self-check worker: ${usage ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(usage ? exitCodes.usage : exitCodes.internal);
}

process.on('unhandledRejection', fail);
process.on('uncaughtException', fail);

try {
  const job = parseJob(process.argv[2]);
  const code: ExitCode = await runCommand(job.args, { stdout: process.stdout, stderr: process.stderr }, {
    runQualification: (options, hooks) => runQualification(options, hooks, job.suiteDir === null ? {} : { suiteDir: job.suiteDir }),
    // Each mutant run is not the CI step's result: self-check writes no GitHub step summary per run.
    stepSummaryFile: undefined,
  });
  process.exitCode = code;
} catch (error) {
  fail(error);
}
