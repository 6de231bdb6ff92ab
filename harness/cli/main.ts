#!/usr/bin/env node
// The `adapter-qualify` bin: dispatches to a command and maps every outcome to an exit code.
// It exports nothing; the commands are modules of their own.
import './catchRunInterrupts.js';
import { packageVersion } from '../packageRoot.js';
import { UsageError } from '../UsageError.js';
import { exitCodes, type CliIo, type ExitCode } from './commandLine.js';
import { COMMANDS, helpText, type CommandName } from './help.js';

type Command = (args: readonly string[], io: CliIo) => Promise<ExitCode>;

// Each command's modules load only when it runs: a `run` starts its first adapter
// process sooner when it does not first load (and compile the schemas of) every other command.
const LOADERS: Readonly<Record<CommandName, () => Promise<Command>>> = {
  run: async () => (await import('./profileCommands.js')).profileRunCommand,
  merge: async () => (await import('./profileCommands.js')).profileMergeCommand,
  'self-check': async () => (await import('./profileCommands.js')).profileSelfCheckCommand,
  manifest: async () => (await import('./qualifyCommands.js')).manifestCommand,
  verify: async () => (await import('./profileCommands.js')).profileVerifyCommand,
  replay: async () => (await import('./profileCommands.js')).profileReplayCommand,
  list: async () => (await import('./profileCommands.js')).profileListCommand,
  config: async () => (await import('./configCommand.js')).configCommand,
};

async function dispatch(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr.write(helpText.top);
    return exitCodes.usage;
  }
  if (first === '--help' || first === '-h') {
    io.stdout.write(helpText.top);
    return exitCodes.ok;
  }
  if (first === '--version') {
    io.stdout.write(`${packageVersion}\n`);
    return exitCodes.ok;
  }
  const command = isCommandName(first) ? LOADERS[first] : undefined;
  if (command === undefined) {
    const what = first.startsWith('-') ? `unknown option ${first}` : `unknown command ${JSON.stringify(first)}`;
    throw new UsageError(`${what} (commands: ${COMMANDS.join(', ')}; see adapter-qualify --help)`, {
      ...(first.startsWith('-') ? { option: first } : {}),
    });
  }
  return (await command())(rest, io);
}

function isCommandName(word: string): word is CommandName {
  return (COMMANDS as readonly string[]).includes(word);
}

function internalError(error: unknown): ExitCode {
  // A report that could not be written is the machine's doing (a full disk, a read-only volume): its message says it all.
  if (error instanceof Error && error.name === 'ReportWriteError') {
    process.stderr.write(`adapter-qualify: ${error.message}\n`);
    return exitCodes.internal;
  }
  const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  process.stderr.write(`adapter-qualify: internal error: ${detail}\n`);
  return exitCodes.internal;
}

function exitWith(code: ExitCode): void {
  process.exitCode = code;
}

// A stray rejection or exception anywhere is our bug: exit 3, never Node's default.
process.on('unhandledRejection', (reason) => {
  process.exit(internalError(reason));
});
process.on('uncaughtException', (error) => {
  process.exit(internalError(error));
});

const io: CliIo = { stdout: process.stdout, stderr: process.stderr };
try {
  exitWith(await dispatch(process.argv.slice(2), io));
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`adapter-qualify: ${error.message}\n`);
    exitWith(exitCodes.usage);
  } else {
    exitWith(internalError(error));
  }
}
