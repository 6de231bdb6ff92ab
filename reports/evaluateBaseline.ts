import type { AcceptanceReport, ClauseVerdict } from './types.js';
import type { ClauseId } from '../harness/clauses.js';
import type { BaselineStatus } from '../harness/baseline/expectedFailures.js';

/** What a baseline says about one run. */
export interface BaselineEvaluation {
  /** The status of every listed clause (unlisted clauses have none). */
  readonly statuses: ReadonlyMap<ClauseId, BaselineStatus>;
  /** Listed clauses that PASSed: stale entries, each of which fails the run. */
  readonly stale: readonly ClauseId[];
}

// A shard sees only part of a clause's evidence: a PASS there may be a FAIL once merged.
const statusOf = {
  full: { FAIL: 'expected-failure', PASS: 'stale-baseline', SKIP: 'unconfirmed', INCONCLUSIVE: 'unconfirmed' },
  shard: { FAIL: 'expected-failure', PASS: 'unconfirmed', SKIP: 'unconfirmed', INCONCLUSIVE: 'unconfirmed' },
} as const satisfies Record<'full' | 'shard', Record<ClauseVerdict, BaselineStatus>>;

/**
 * Compares the clause verdicts of a run with its expected failures. Pure.
 * A listed FAIL is expected; a listed PASS is stale (the clause was fixed, the
 * baseline was not); a listed SKIP or INCONCLUSIVE proves nothing either way
 * and is only reported. In a shard every listed non-FAIL is unconfirmed:
 * staleness is decided when the shards are merged.
 * @param clauses - the verdict of every clause of the run.
 * @param entries - the listed clause IDs.
 * @param scope - `full` for a whole run or a merge, `shard` for one shard.
 * @public
 */
export function evaluateBaseline(clauses: readonly { readonly id: ClauseId; readonly verdict: ClauseVerdict }[], entries: readonly ClauseId[], scope: 'full' | 'shard'): BaselineEvaluation {
  const listed = new Set(entries);
  const statuses = new Map<ClauseId, BaselineStatus>();
  for (const entry of clauses) if (listed.has(entry.id)) statuses.set(entry.id, statusOf[scope][entry.verdict]);
  return { statuses, stale: [...statuses].filter(([, status]) => status === 'stale-baseline').map(([id]) => id) };
}

/**
 * Pure: a report's FAILs as an expected-failures file (`--write-baseline`), a
 * YAML list that `--expected-failures` reads back. Stale entries are dropped
 * (they now pass), so the written baseline is what the next run should expect.
 * @param report - a built report
 * @public
 */
export function renderExpectedFailures(report: AcceptanceReport): string {
  const failed = report.clauses.filter((entry) => entry.verdict === 'FAIL');
  const header = `# Expected failures written by adapter-qualify ${report.suite.version} (seed ${report.run.seed}, verdict ${report.verdict}).\n`;
  return failed.length === 0 ? `${header}[]\n` : `${header}${failed.map((entry) => `- ${entry.id}\n`).join('')}`;
}
