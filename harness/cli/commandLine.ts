import { parseArgs } from 'node:util';
import type { RunOptionsInput } from '../options/runOptions.js';
import type { ProgressStream } from './progressPrinter.js';
import { describeError, UsageError } from '../UsageError.js';
import { COMMAND_OPTIONS, type CommandName, type OptionSpec } from './help.js';

/**
 * Exit codes of `adapter-qualify`: 0 no MUST clause failed, 1 a MUST clause failed
 * (or, strict, was not shown to hold), 2 usage or configuration error (no adapter
 * started), 3 the suite itself failed, 4 SIGINT or SIGTERM interrupted the run (its report holds
 * only what was judged before the signal).
 * @public
 */
export const exitCodes = Object.freeze({ ok: 0, failed: 1, usage: 2, internal: 3, interrupted: 4 } as const);

/** One of the exit codes. */
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

/** The streams the CLI writes to. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: ProgressStream;
}

/** What `parseArgs` gives for the options of a table: a flag is a boolean, a repeatable option a list. */
export type OptionValues<T extends Readonly<Record<string, OptionSpec>>> = {
  readonly [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : T[K] extends { readonly multiple: true } ? string[] : string;
};

/** A command line: `--help`, or the options and positional arguments given. */
export type ParsedCommandLine<C extends CommandName> =
  { readonly kind: 'help' } | { readonly kind: 'parsed'; readonly values: OptionValues<(typeof COMMAND_OPTIONS)[C]>; readonly positionals: readonly string[] };

// Only `run`, `merge`, `verify` and `replay` name files or directories without an option.
const TAKES_POSITIONALS: Readonly<Record<CommandName, boolean>> = {
  run: true,
  manifest: true,
  merge: true,
  verify: true,
  replay: true,
  'self-check': false,
  list: false,
  config: true,
};

/**
 * Parses the arguments after a command against that command's option table, strictly
 * (an unknown option is a usage error). `--help` anywhere before `--` wins over everything
 * else, so a broken command line can still ask for help. Every command parses here, so
 * every `parseArgs` error becomes a usage error (exit 2) in the same words.
 * @param command - the command whose options apply.
 * @param args - the arguments after the command name.
 * @throws UsageError naming the option at fault.
 * @public
 */
export function parseCommandLine<C extends CommandName>(command: C, args: readonly string[]): ParsedCommandLine<C> {
  const end = args.indexOf('--');
  const beforeEnd = end === -1 ? args : args.slice(0, end);
  if (beforeEnd.includes('--help') || beforeEnd.includes('-h')) return { kind: 'help' };
  const options = Object.fromEntries(
    Object.entries(COMMAND_OPTIONS[command] as Readonly<Record<string, OptionSpec>>).map(([name, spec]) => [
      name,
      { type: spec.type, ...(spec.multiple === true ? { multiple: true } : {}), ...(spec.short === undefined ? {} : { short: spec.short }) },
    ]),
  );
  try {
    const { values, positionals } = parseArgs({ args: [...args], options, strict: true, allowPositionals: TAKES_POSITIONALS[command] });
    return { kind: 'parsed', values: values as OptionValues<(typeof COMMAND_OPTIONS)[C]>, positionals };
  } catch (cause) {
    throw toUsageError(command, cause, args);
  }
}

// Node's parseArgs messages name the option in quotes; keep the first sentence only.
function toUsageError(command: CommandName, cause: unknown, args: readonly string[]): unknown {
  const code = (cause as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS')) return cause;
  const message = describeError(cause);
  const option = /'(-[^' ]+)/.exec(message)?.[1];
  const help = `see adapter-qualify ${command} --help`;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option !== undefined) {
    return new UsageError(`${command}: unknown option ${option} (${help})`, { option, cause });
  }
  if (message.includes('argument is ambiguous') && option !== undefined) {
    // `--seed -1`: the value looks like an option, so parseArgs will not take it.
    const value = args[args.indexOf(option) + 1] ?? '';
    return new UsageError(`${command}: ${option} got ${JSON.stringify(value)}, which looks like an option; a value starting with "-" is written ${option}=${value} (${help} for its range)`, {
      option,
      cause,
    });
  }
  const firstSentence = message.split('\n')[0] ?? message;
  return new UsageError(`${command}: ${firstSentence} (${help})`, option === undefined ? { cause } : { option, cause });
}

/** What the command line names as the subject of `run`, as written (messages quote it verbatim). */
export type SubjectArgs =
  /** `run <adapter.json>`: the configuration path. */
  | { readonly kind: 'command'; readonly configFile: string }
  /** `run --sdk <module> --authority <id>`: the module path and the authority, not yet validated. */
  | { readonly kind: 'sdk'; readonly moduleFile: string; readonly authorityId: string };

/** The `run` command line, parsed but not yet validated. */
export type ParsedRunArgs =
  | { readonly kind: 'help' }
  | {
      readonly kind: 'run';
      readonly subject: SubjectArgs;
      readonly input: RunOptionsInput;
      /** `--json`: the summary as one JSON object on stdout (output only: no run option). */
      readonly json: boolean;
    };

const RUN_USAGE = 'usage: adapter-qualify run <adapter.json> [options], or run --sdk <module> --authority <id> [options]';

/**
 * Parses the arguments after `run` into its subject and the options as received;
 * `normalizeRunOptions` validates them once the subject is loaded.
 * @param args - the arguments after the command name.
 * @throws UsageError naming the option, or the missing/extra configuration path.
 * @public
 */
export function parseRunArgs(args: readonly string[]): ParsedRunArgs {
  const parsed = parseCommandLine('run', args);
  if (parsed.kind === 'help') return parsed;
  const { values, positionals } = parsed;
  const subject = subjectArgs(positionals, values.sdk, values.authority);
  const input: RunOptionsInput = {
    config: values.config,
    out: values.out,
    seed: values.seed,
    runs: values.runs,
    timeoutMs: values['timeout-ms'],
    maxOutputBytes: values['max-output-bytes'],
    only: values.only,
    exclude: values.exclude,
    replayPath: values['replay-path'],
    payload: values.payload,
    payloadFile: values['payload-file'],
    maxSubmits: values['max-submits'],
    maxFailures: values['max-failures'],
    concurrency: values.concurrency,
    pollBudget: values['poll-budget'],
    settleMs: values['settle-ms'],
    allowOutInAdapterDir: values['allow-out-in-adapter-dir'],
    noSandbox: values['no-sandbox'],
    requireSandbox: values['require-sandbox'],
    allowNetwork: values['allow-network'],
    strict: values.strict,
    strictShould: values['strict-should'],
    expectedFailures: values['expected-failures'],
    shard: values.shard,
    keepStderr: values['keep-stderr'],
    hideNotApplicable: values['hide-not-applicable'],
    lifecycle: values.lifecycle,
    writeBaseline: values['write-baseline'],
    passEnv: values['pass-env'],
    inheritEnv: values['inherit-env'],
    subjectFiles: values['subject-file'],
  };
  return { kind: 'run', subject, input, json: values.json === true };
}

// Exactly one subject: an adapter.json, or --sdk with --authority (an SDK has no configuration to carry its authority).
function subjectArgs(positionals: readonly string[], sdk: string | undefined, authority: string | undefined): SubjectArgs {
  if (sdk !== undefined) {
    if (positionals.length > 0) {
      throw new UsageError(`run: --sdk and <adapter.json> are mutually exclusive (got ${quoted(positionals)}; ${RUN_USAGE})`, { option: '--sdk' });
    }
    if (sdk === '') throw new UsageError(`run: --sdk needs a module path (${RUN_USAGE})`, { option: '--sdk' });
    if (authority === undefined) throw new UsageError(`run: --sdk needs --authority <id>, the authority every request carries (${RUN_USAGE})`, { option: '--authority' });
    return { kind: 'sdk', moduleFile: sdk, authorityId: authority };
  }
  if (authority !== undefined) throw new UsageError(`run: --authority applies only with --sdk (an adapter.json names its authorityId; ${RUN_USAGE})`, { option: '--authority' });
  const [configFile, ...extra] = positionals;
  if (configFile === undefined) throw new UsageError(`run: missing <adapter.json> (${RUN_USAGE})`);
  if (extra.length > 0) throw new UsageError(`run: expected one <adapter.json>, got extra arguments ${quoted(extra)}`);
  return { kind: 'command', configFile };
}

/**
 * The words of a command line, each JSON-quoted, for messages.
 * @param words - the words.
 * @public
 */
export function quoted(words: readonly string[]): string {
  return words.map((word) => JSON.stringify(word)).join(' ');
}
