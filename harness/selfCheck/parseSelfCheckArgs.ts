import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseIntegerOption } from '../config/_internals/parseIntegerOption.js';
import { runOptionBounds } from '../config/options/runOptionBounds.js';
import { UsageError } from '../UsageError.js';

/** Defaults of `adapter-qualify self-check`: fast settings every mutant run shares. @public */
export const selfCheckDefaults = Object.freeze({
  /** Next to the acceptance reports (`./qualify-report`). */
  out: './qualify-report/self-check',
  /** Fixed, so CI runs are reproducible; `--seeds` sweeps from it. */
  seed: 20_261_130,
  runs: 4,
  timeoutMs: 5_000,
  /** The reference adapter is terminal after 2 observes. */
  pollBudget: 4,
  /** Adapter processes per run. */
  concurrency: 2,
  /** Qualification runs at once (measured on 2 cores: 3 beats 2, 4 gains nothing). */
  parallel: 3,
  // A guard against a hung harness, not a budget: every call already has its deadline.
  runCapMs: 600_000,
  /** Share of seeds a mutant must be killed in, in a sweep. */
  sweepKillRate: 0.9,
} as const);

/** `adapter-qualify self-check` options, validated, with defaults applied. */
export interface SelfCheckOptions {
  /** Absolute directory of `self-check.json`, `self-check.md` and every run's report. */
  readonly outDir: string;
  /** Root seed: the only seed, or the first of a sweep. */
  readonly seed: number;
  /** Seeds per mutant, or null for the kill matrix (one seed). */
  readonly seeds: number | null;
  readonly runs: number;
  readonly timeoutMs: number;
  readonly pollBudget: number;
  readonly concurrency: number;
  readonly parallel: number;
  readonly runCapMs: number;
  /** Selected mutant names, or null for all. */
  readonly mutants: readonly string[] | null;
  /** `--threshold N`: the lowest mutation score (percent) that passes, or null: every judgeable mutant must be killed. */
  readonly threshold: number | null;
}

/** The parsed command line. */
export type ParsedSelfCheckArgs = { readonly kind: 'help' } | { readonly kind: 'self-check'; readonly options: SelfCheckOptions };

const OPTIONS = {
  out: { type: 'string' },
  seed: { type: 'string' },
  seeds: { type: 'string' },
  runs: { type: 'string' },
  'timeout-ms': { type: 'string' },
  mutant: { type: 'string', multiple: true },
  parallel: { type: 'string' },
  'run-cap-ms': { type: 'string' },
  threshold: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const MUTANT_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Parses and validates the arguments after `self-check`. Mutant names are
 * checked for form here and against the catalog by the command.
 *
 * @param args - the arguments after the command name
 * @param cwd - directory a relative `--out` resolves against
 * @throws UsageError naming the option, the value received and its type
 */
export function parseSelfCheckArgs(args: readonly string[], cwd: string): ParsedSelfCheckArgs {
  if (args.includes('--help') || args.includes('-h')) return { kind: 'help' };
  let values;
  try {
    ({ values } = parseArgs({ args: [...args], options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (cause) {
    throw new UsageError(`self-check: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
  const mutants = values.mutant === undefined ? null : values.mutant.flatMap((item) => item.split(',')).map((name) => name.trim());
  const badName = mutants?.find((name) => !MUTANT_NAME.test(name));
  if (badName !== undefined) throw new UsageError(`--mutant must be comma-separated kebab-case mutant names (got ${JSON.stringify(badName)})`, { option: '--mutant' });
  const d = selfCheckDefaults;
  return {
    kind: 'self-check',
    options: {
      outDir: path.resolve(cwd, values.out ?? d.out),
      seed: values.seed === undefined ? d.seed : parseIntegerOption('--seed', values.seed, runOptionBounds.seed),
      seeds: values.seeds === undefined ? null : parseIntegerOption('--seeds', values.seeds, { min: 1, max: 1_000 }),
      runs: values.runs === undefined ? d.runs : parseIntegerOption('--runs', values.runs, runOptionBounds.runs),
      timeoutMs: values['timeout-ms'] === undefined ? d.timeoutMs : parseIntegerOption('--timeout-ms', values['timeout-ms'], runOptionBounds.timeoutMs),
      pollBudget: d.pollBudget,
      concurrency: d.concurrency,
      parallel: values.parallel === undefined ? d.parallel : parseIntegerOption('--parallel', values.parallel, { min: 1, max: 16 }),
      runCapMs: values['run-cap-ms'] === undefined ? d.runCapMs : parseIntegerOption('--run-cap-ms', values['run-cap-ms'], { min: 1_000, max: 3_600_000 }),
      mutants: mutants === null ? null : [...new Set(mutants)],
      threshold: values.threshold === undefined ? null : parseIntegerOption('--threshold', values.threshold, { min: 0, max: 100 }),
    },
  };
}
