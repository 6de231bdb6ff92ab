import { isAbsolute, join } from 'node:path';
import type { Action } from '../../harness/protocol/types.js';
import { Refusal } from './Refusal.js';
import { isIdentity } from './wireFormats.js';

/** The adapter's command line, with defaults applied. */
export interface AdapterArgs {
  /** The action argument (the last one). */
  readonly action: Action;
  /** `--authority`: the only authority this ledger answers for, or null to accept any. @defaultValue null */
  readonly authorityId: string | null;
  /** `--ledger`. @defaultValue {@link defaultLedgerDir} */
  readonly ledgerDir: string;
  /** `--terminal-after`: observes until an admitted operation is terminal. @defaultValue 2 */
  readonly terminalAfter: number;
  /**
   * `--answer-delay-ms MIN[-MAX]`: when each call answers, counted from the
   * start of its process and drawn uniformly per call (a provider that answers
   * slowly, or unevenly); a call whose own work took longer answers at once.
   * @defaultValue `{ min: 0, max: 0 }`
   */
  readonly answerDelayMs: { readonly min: number; readonly max: number };
}

const USAGE = 'usage: main.js [--authority ID] [--ledger DIR] [--terminal-after N] [--answer-delay-ms MIN[-MAX]] <submit|observe>';

/**
 * Parses `[--authority ID] [--ledger DIR] [--terminal-after N] <submit|observe>`.
 *
 * @param argv - arguments after the script
 * @param env - the environment (for the default ledger, {@link defaultLedgerDir})
 * @throws Refusal on a malformed command line or when no ledger location is known
 */
export function parseAdapterArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): AdapterArgs {
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    if (arg === '--authority' || arg === '--ledger' || arg === '--terminal-after' || arg === '--answer-delay-ms') {
      const value = argv[index + 1];
      if (value === undefined) throw new Refusal(`${arg} needs a value; ${USAGE}`);
      options.set(arg, value);
      index += 1;
    } else if (arg.startsWith('--')) {
      throw new Refusal(`unknown option ${arg}; ${USAGE}`);
    } else {
      positional.push(arg);
    }
  }
  const [action, ...extra] = positional;
  if ((action !== 'submit' && action !== 'observe') || extra.length > 0) throw new Refusal(USAGE);

  const authorityId = options.get('--authority') ?? null;
  if (authorityId !== null && !isIdentity(authorityId)) throw new Refusal('--authority is not an identity');

  const terminalText = options.get('--terminal-after') ?? '2';
  if (!/^\d{1,9}$/.test(terminalText)) throw new Refusal('--terminal-after must be a non-negative integer');

  const ledgerDir = options.get('--ledger') ?? defaultLedgerDir(env);
  if (ledgerDir === null) throw new Refusal('no ledger: pass --ledger DIR, or set ADAPTER_QUALIFY_SCRATCH, XDG_STATE_HOME or HOME');

  const delay = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(options.get('--answer-delay-ms') ?? '0');
  const min = Number(delay?.[1]);
  const max = Number(delay?.[2] ?? delay?.[1]);
  if (delay === null || max < min) throw new Refusal('--answer-delay-ms must be MIN or MIN-MAX milliseconds (MIN <= MAX)');

  return { action, authorityId, ledgerDir, terminalAfter: Number(terminalText), answerDelayMs: { min, max } };
}

/**
 * Where the ledger lives without `--ledger`: `$ADAPTER_QUALIFY_SCRATCH/reference-ledger` under
 * the suite (a fresh directory per run), else `$XDG_STATE_HOME/adapter-qualify/reference-ledger`
 * (`$HOME/.local/state` when XDG_STATE_HOME is unset): the host sets neither a scratch directory
 * nor a working directory, and a ledger must outlive every call. Empty and relative values count
 * as unset (the XDG rule).
 * @param env - the environment
 * @returns the directory, or null when none of the three is set
 */
export function defaultLedgerDir(env: Readonly<Record<string, string | undefined>>): string | null {
  const scratch = env.ADAPTER_QUALIFY_SCRATCH;
  if (scratch) return join(scratch, 'reference-ledger');
  const home = env.HOME !== undefined && isAbsolute(env.HOME) ? join(env.HOME, '.local', 'state') : null;
  const state = env.XDG_STATE_HOME !== undefined && isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : home;
  return state === null ? null : join(state, 'adapter-qualify', 'reference-ledger');
}
