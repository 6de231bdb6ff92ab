import { randomInt } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runOptionBounds, runOptionDefaults } from '../options/runOptionDefaults.js';
import { describeReceived, UsageError } from '../UsageError.js';
import { loadAcpConfig } from './acpConfig.js';
import { DEFAULT_FRAME_BOUND_BYTES } from './frameReader.js';
import type { LoadedAcpConfig } from './acpConfig.js';
import { aliasNote, reachablePath } from '../options/bytePath.js';

/** The options of one ACP run, normalized. */
export interface AcpRunOptions {
  readonly loaded: LoadedAcpConfig;
  /** The configuration path as the user wrote it (for replay commands). */
  readonly configArg: string;
  readonly outDir: string;
  readonly seed: number;
  readonly runs: number;
  /** Case-name filter (a regular expression), or null. */
  readonly only: string | null;
  /** fast-check's path of the one property case to replay (needs `--only` and `--seed`), or null. */
  readonly replayPath: string | null;
  readonly bootstrapTimeoutMs: number;
  readonly inactivityMs: number;
  readonly frameBytes: number;
  readonly strict: boolean;
  readonly strictShould: boolean;
  /** The agents' sandbox: `off` (`--no-sandbox`), `required` (`--require-sandbox`: a usage error where a protection is missing), else `auto`. */
  readonly sandbox: 'auto' | 'required' | 'off';
  /** `--allow-network`: the agents keep the host's network namespace. */
  readonly allowNetwork: boolean;
  /** Properties stop at their first failing case, unshrunk: the self-check's mutant runs (no option of `run`). @internal @defaultValue false */
  readonly endOnFailure?: boolean;
}

/** Defaults of the ACP-only `run` options (the one place they live). */
export const acpRunDefaults = Object.freeze({
  bootstrapTimeoutMs: 30_000,
  inactivityMs: 60_000,
  frameBytes: DEFAULT_FRAME_BOUND_BYTES,
  runs: 4,
});

/** Inclusive ranges of the ACP-only numeric options. */
const BOUNDS = Object.freeze({
  bootstrapTimeoutMs: { min: 100, max: 600_000 },
  inactivityMs: { min: 100, max: 3_600_000 },
  frameBytes: { min: 1024, max: 1024 * 1024 * 1024 },
});

const OPTIONS = {
  out: { type: 'string' },
  seed: { type: 'string' },
  runs: { type: 'string' },
  only: { type: 'string' },
  'replay-path': { type: 'string' },
  strict: { type: 'boolean' },
  'strict-should': { type: 'boolean' },
  'bootstrap-timeout-ms': { type: 'string' },
  'inactivity-ms': { type: 'string' },
  'frame-bytes': { type: 'string' },
  'no-sandbox': { type: 'boolean' },
  'require-sandbox': { type: 'boolean' },
  'allow-network': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Help of `run` for an ACP agent configuration. */
export const ACP_RUN_HELP = `Usage: adapter-qualify run <agent.json> [options]   (a configuration with "profile": "acp-agent.v1")

Qualifies an ACP agent (acp-agent.v1): spawns [executable, ...argv] with only the configured
environment, a fresh HOME and TERM=dumb, drives it as an ACP client and writes the acceptance report.

Options:
  --out DIR                    report directory (default ${runOptionDefaults.out})
  --seed N                     root seed (default: random, printed in the report)
  --runs N                     samples per property (default ${acpRunDefaults.runs})
  --only REGEX                 run only the cases whose name matches (names start with clause IDs)
  --replay-path PATH           replay one shrunk case of the selected case's property (fast-check
                               PATH; needs --only and --seed: every FAIL in the report has the command)
  --strict                     MUST clauses without evidence fail the run
  --strict-should              SHOULD clauses count like MUST clauses
  --bootstrap-timeout-ms N     bound of initialize and session requests (default ${acpRunDefaults.bootstrapTimeoutMs})
  --inactivity-ms N            a wait with no frame this long ends its case INCONCLUSIVE (default ${acpRunDefaults.inactivityMs})
  --frame-bytes N              the frame bound: a longer stdout line is a framing failure (default ${acpRunDefaults.frameBytes})
  --no-sandbox                 run the agents as the suite's user, in the suite's namespaces (the report says so)
  --require-sandbox            exit 2 when a protection of the sandbox is missing here
  --allow-network              keep the host's network for the agents (a config with "model" keeps it anyway:
                               the model stub listens on the host's loopback; the report says so)
`;

/** The ACP `run` command line: help, or normalized options. */
export type ParsedAcpRunArgs =
  | { readonly kind: 'help' }
  /** `notices`: what the user should know before the run (a configuration reached through a symlink). */
  | { readonly kind: 'run'; readonly options: AcpRunOptions; readonly notices: readonly string[] };

/**
 * Parses and normalizes the arguments of `run` for an ACP configuration (every default applied here).
 * Options are checked before the configuration is loaded; nothing starts before both are valid.
 * @param args - the arguments after `run`, the configuration path among them
 * @param cwd - what relative paths resolve against
 * @throws UsageError naming the option or the configuration field, the value and its type
 */
export async function parseAcpRunArgs(args: readonly string[], cwd: string): Promise<ParsedAcpRunArgs> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; args: string[] }>>;
  try {
    parsed = parseArgs({ options: OPTIONS, allowPositionals: true, args: [...args], strict: true });
  } catch (cause) {
    throw new UsageError(`run: ${(cause as Error).message}`, { cause });
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: 'help' };
  const [configArg, ...extra] = positionals;
  if (configArg === undefined) throw new UsageError('run: missing <agent.json>');
  if (extra.length > 0) throw new UsageError(`run: expected one configuration, got extra arguments ${extra.map((item) => JSON.stringify(item)).join(' ')}`);
  if (values.only !== undefined) {
    try {
      new RegExp(values.only);
    } catch (cause) {
      throw new UsageError(`--only: not a regular expression: ${JSON.stringify(values.only)}`, { option: '--only', cause });
    }
  }
  if (values['no-sandbox'] === true && values['require-sandbox'] === true)
    throw new UsageError('--no-sandbox and --require-sandbox contradict each other: give one', { option: '--require-sandbox' });
  const replayPath = values['replay-path'] ?? null;
  if (replayPath !== null) {
    if (!/^\d+(:\d+)*$/.test(replayPath)) throw new UsageError(`--replay-path must be a fast-check path such as 3:0:1, got ${describeReceived(replayPath)}`, { option: '--replay-path' });
    if (values.only === undefined || values.seed === undefined)
      throw new UsageError('--replay-path needs --only (the one case) and --seed (the seed it failed with)', { option: '--replay-path' });
  }
  const options = {
    configArg,
    outDir: path.resolve(cwd, values.out ?? runOptionDefaults.out),
    seed: values.seed === undefined ? randomInt(runOptionBounds.seed.max) : integer('--seed', values.seed, runOptionBounds.seed),
    runs: values.runs === undefined ? acpRunDefaults.runs : integer('--runs', values.runs, runOptionBounds.runs),
    only: values.only ?? null,
    replayPath,
    bootstrapTimeoutMs:
      values['bootstrap-timeout-ms'] === undefined ? acpRunDefaults.bootstrapTimeoutMs : integer('--bootstrap-timeout-ms', values['bootstrap-timeout-ms'], BOUNDS.bootstrapTimeoutMs),
    inactivityMs: values['inactivity-ms'] === undefined ? acpRunDefaults.inactivityMs : integer('--inactivity-ms', values['inactivity-ms'], BOUNDS.inactivityMs),
    frameBytes: values['frame-bytes'] === undefined ? acpRunDefaults.frameBytes : integer('--frame-bytes', values['frame-bytes'], BOUNDS.frameBytes),
    strict: values.strict === true,
    strictShould: values['strict-should'] === true,
    sandbox: values['no-sandbox'] === true ? 'off' : values['require-sandbox'] === true ? 'required' : 'auto',
    allowNetwork: values['allow-network'] === true,
  } as const;
  const reachable = reachablePath(configArg, cwd, 'agent configuration');
  const loaded = await loadAcpConfig(reachable.path, cwd, reachable.named);
  return { kind: 'run', options: { ...options, loaded }, notices: reachable.alias === null ? [] : [aliasNote(reachable)] };
}

function integer(option: string, text: string, bounds: { readonly min: number; readonly max: number }): number {
  const value = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < bounds.min || value > bounds.max) {
    throw new UsageError(`${option} must be an integer from ${bounds.min} to ${bounds.max}, got ${describeReceived(text)}`, { option });
  }
  return value;
}
