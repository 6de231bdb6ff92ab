#!/usr/bin/env node
// The `adapter-qualify` bin: dispatches to a command and maps every outcome to an exit code.
// It exports nothing; the commands are modules of their own.
import { packageVersion } from '../packageRoot.js';
import { UsageError } from '../UsageError.js';
import { exitCodes, type ExitCode } from './exitCodes.js';
import { helpText } from './helpText.js';
import { listCommand } from './listCommand.js';
import { mergeCommand } from './mergeCommand.js';
import { manifestCommand } from './manifestCommand.js';
import { runCommand, type CliIo } from './runCommand.js';
import { selfCheckCommand } from './selfCheckCommand.js';
import { verifyCommand } from './verifyCommand.js';
import { replayFailuresCommand } from './replayFailuresCommand.js';

const COMMANDS: Readonly<Record<string, (args: readonly string[], io: CliIo) => Promise<ExitCode>>> = {
  run: runCommand,
  merge: mergeCommand,
  'self-check': (args, io) => selfCheckCommand(args, io),
  manifest: manifestCommand,
  verify: verifyCommand,
  replay: replayFailuresCommand,
  list: listCommand,
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
  const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  if (command === undefined) {
    const what = first.startsWith('-') ? `unknown option ${first}` : `unknown command ${JSON.stringify(first)}`;
    throw new UsageError(`${what} (commands: ${Object.keys(COMMANDS).join(', ')}; see adapter-qualify --help)`, {
      ...(first.startsWith('-') ? { option: first } : {}),
    });
  }
  return command(rest, io);
}

function internalError(error: unknown): ExitCode {
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
