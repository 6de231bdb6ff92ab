// The process self-check starts for one qualification run: `adapter-qualify run`
// (with, as internal options, another suite directory or only some suite files),
// `adapter-qualify manifest`, or `run` of an ACP agent (`acp-run`). It exports nothing.
// Usage: node selfCheckWorkerMain.js '{"command":"run"|"manifest"|"acp-run","args":[…],"suiteDir":null|"/abs/dir","suiteFiles":null|["x.suite.ts"],"endOnFailure":bool}'
import { exitCodes, type ExitCode } from './commandLine.js';
import { manifestCommand, runCommand } from './qualifyCommands.js';
import { acpRunCommand } from './acpCommands.js';
import { runQualification, type RunQualificationInternals } from '../runQualification.js';
import { UsageError } from '../UsageError.js';
import { isWorkerCommand, type WorkerCommand } from '../selfCheck/runQualificationJob.js';

interface WorkerJob {
  readonly command: WorkerCommand;
  readonly args: readonly string[];
  readonly suiteDir: string | null;
  readonly suiteFiles: readonly string[] | null;
  readonly endOnFailure: boolean;
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

function parseJob(text: string | undefined): WorkerJob {
  const job = JSON.parse(text ?? 'null') as Partial<Record<keyof WorkerJob, unknown>> | null;
  if (job === null || !isStrings(job.args) || (job.command !== undefined && !isWorkerCommand(job.command))) {
    throw new UsageError(
      'selfCheckWorkerMain: expected one argument {"command": "run" | "manifest" | "acp-run", "args": string[], "suiteDir": string | null, "suiteFiles": string[] | null}',
    );
  }
  return {
    command: job.command ?? 'run',
    args: job.args,
    suiteDir: typeof job.suiteDir === 'string' ? job.suiteDir : null,
    suiteFiles: isStrings(job.suiteFiles) ? job.suiteFiles : null,
    endOnFailure: job.endOnFailure === true,
  };
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
  const io = { stdout: process.stdout, stderr: process.stderr };
  const internals: RunQualificationInternals = {
    ...(job.suiteDir === null ? {} : { suiteDir: job.suiteDir }),
    ...(job.suiteFiles === null ? {} : { suiteFiles: job.suiteFiles }),
    ...(job.endOnFailure ? { endOnFailure: true } : {}),
  };
  const code: ExitCode =
    job.command === 'manifest'
      ? await manifestCommand(job.args, io)
      : job.command === 'acp-run'
        ? ((await acpRunCommand(job.args, io, process.cwd(), { endOnFailure: job.endOnFailure })) as ExitCode)
        : await runCommand(job.args, io, {
            runQualification: (options, hooks) => runQualification(options, hooks, internals),
            // Each mutant run is not the CI step's result: self-check writes no GitHub step summary per run.
            stepSummaryFile: undefined,
          });
  process.exitCode = code;
} catch (error) {
  fail(error);
}
