import { parseArgs } from 'node:util';
import type { RunOptionsInput } from '../normalizeRunOptions.js';
import { UsageError } from '../UsageError.js';
import { COMMON_RUN_OPTIONS } from './commonRunOptions.js';

/** What the command line names as the subject, as written (messages quote it verbatim). */
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
    };

const USAGE = 'usage: adapter-qualify run <adapter.json> [options], or run --sdk <module> --authority <id> [options]';

const OPTIONS = {
  ...COMMON_RUN_OPTIONS,
  only: { type: 'string' },
  'replay-path': { type: 'string' },
  payload: { type: 'string' },
  'payload-file': { type: 'string' },
  'max-submits': { type: 'string' },
  concurrency: { type: 'string' },
  'poll-budget': { type: 'string' },
  'settle-ms': { type: 'string' },
  'allow-out-in-adapter-dir': { type: 'boolean' },
  'expected-failures': { type: 'string' },
  shard: { type: 'string' },
  'keep-stderr': { type: 'boolean' },
  lifecycle: { type: 'string' },
  'write-baseline': { type: 'string' },
  'pass-env': { type: 'string', multiple: true },
  'inherit-env': { type: 'boolean' },
  'subject-file': { type: 'string', multiple: true },
  sdk: { type: 'string' },
  authority: { type: 'string' },
} as const;

/**
 * Parses the arguments after `run` (strict: an unknown option is a usage error).
 * `--help` anywhere before `--` wins over everything else.
 * @param args - the arguments after the command name.
 * @throws UsageError naming the option, or the missing/extra configuration path.
 * @public
 */
export function parseRunArgs(args: readonly string[]): ParsedRunArgs {
  const end = args.indexOf('--');
  const beforeEnd = end === -1 ? args : args.slice(0, end);
  if (beforeEnd.includes('--help') || beforeEnd.includes('-h')) return { kind: 'help' };
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: OPTIONS, strict: true, allowPositionals: true });
  } catch (cause) {
    throw toUsageError(cause, args);
  }
  const { values, positionals } = parsed;
  const subject = subjectArgs(positionals, values.sdk, values.authority);
  const input: RunOptionsInput = {
    out: values.out,
    seed: values.seed,
    runs: values.runs,
    timeoutMs: values['timeout-ms'],
    maxOutputBytes: values['max-output-bytes'],
    only: values.only,
    replayPath: values['replay-path'],
    payload: values.payload,
    payloadFile: values['payload-file'],
    maxSubmits: values['max-submits'],
    concurrency: values.concurrency,
    pollBudget: values['poll-budget'],
    settleMs: values['settle-ms'],
    allowOutInAdapterDir: values['allow-out-in-adapter-dir'],
    strict: values.strict,
    strictShould: values['strict-should'],
    expectedFailures: values['expected-failures'],
    shard: values.shard,
    keepStderr: values['keep-stderr'],
    lifecycle: values.lifecycle,
    writeBaseline: values['write-baseline'],
    passEnv: values['pass-env'],
    inheritEnv: values['inherit-env'],
    subjectFiles: values['subject-file'],
  };
  return { kind: 'run', subject, input };
}

// Exactly one subject: an adapter.json, or --sdk with --authority (an SDK has no configuration to carry its authority).
function subjectArgs(positionals: readonly string[], sdk: string | undefined, authority: string | undefined): SubjectArgs {
  if (sdk !== undefined) {
    if (positionals.length > 0) {
      throw new UsageError(`run: --sdk and <adapter.json> are mutually exclusive (got ${positionals.map((a) => JSON.stringify(a)).join(' ')}; ${USAGE})`, { option: '--sdk' });
    }
    if (sdk === '') throw new UsageError(`run: --sdk needs a module path (${USAGE})`, { option: '--sdk' });
    if (authority === undefined) throw new UsageError(`run: --sdk needs --authority <id>, the authority every request carries (${USAGE})`, { option: '--authority' });
    return { kind: 'sdk', moduleFile: sdk, authorityId: authority };
  }
  if (authority !== undefined) throw new UsageError(`run: --authority applies only with --sdk (an adapter.json names its authorityId; ${USAGE})`, { option: '--authority' });
  const [configFile, ...extra] = positionals;
  if (configFile === undefined) throw new UsageError(`run: missing <adapter.json> (${USAGE})`);
  if (extra.length > 0) {
    throw new UsageError(`run: expected one <adapter.json>, got extra arguments ${extra.map((a) => JSON.stringify(a)).join(' ')}`);
  }
  return { kind: 'command', configFile };
}

// Node's parseArgs messages name the option in quotes; keep the first sentence only.
function toUsageError(cause: unknown, args: readonly string[]): unknown {
  const code = (cause as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS')) return cause;
  const message = (cause as Error).message;
  const option = /'(-[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option !== undefined) {
    return new UsageError(`run: unknown option ${option} (see adapter-qualify run --help)`, { option, cause });
  }
  if (message.includes('argument is ambiguous') && option !== undefined) {
    // `--seed -1`: the value looks like an option, so parseArgs will not take it.
    const value = args[args.indexOf(option) + 1] ?? '';
    return new UsageError(`run: ${option} got ${JSON.stringify(value)}, which looks like an option; a value starting with "-" is written ${option}=${value} (see adapter-qualify run --help for its range)`, { option, cause });
  }
  const firstSentence = message.split('\n')[0] ?? message;
  return new UsageError(`run: ${firstSentence}`, option === undefined ? { cause } : { option, cause });
}
