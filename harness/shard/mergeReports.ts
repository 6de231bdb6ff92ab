import { canonicalJson } from '../protocol/canonicalJson.js';
import { replayKey, type ShardEvidence } from './shardEvidence.js';
import { UsageError } from '../UsageError.js';
import { buildReport } from '../../reports/buildReport.js';
import type { AcceptanceReport, ReportRun } from '../../reports/types.js';

/** One shard as `merge` read it. */
export interface ShardReport {
  /** Where it was read from (messages name it). */
  readonly dir: string;
  readonly report: AcceptanceReport;
  readonly evidence: ShardEvidence;
}

// What every shard of one run shares; anything else (timings, environment, operation IDs) may differ.
const SHARED: ReadonlyArray<readonly [string, (report: AcceptanceReport) => unknown]> = [
  ['profile', (report) => report.profile],
  ['suite', (report) => report.suite],
  ['subject', (report) => report.subject],
  ['seed', (report) => report.run.seed],
  ['runs', (report) => report.run.runs],
  ['strict', (report) => report.run.strict],
  ['strictShould', (report) => report.run.strictShould],
  ['only', (report) => report.run.only],
  ['options', (report) => report.run.options],
  ['baseline', (report) => report.baseline ?? null],
];

/**
 * Combines the reports of the shards of one run (`--shard i/n`, every i once)
 * into the report of the whole run. It does not combine verdicts: it rebuilds
 * them with `buildReport` from the evidence every shard recorded, so the
 * clause table, counterexamples, replay commands, verdict and exit code follow
 * the same rules as an unsharded run with the same seed (including the
 * expected-failures baseline and its stale entries, which only a whole run can judge). Pure.
 * @param shards - every shard, in any order.
 * @returns the merged report (no `run.shard`); its times span the shards.
 * @throws UsageError when the shards are not one run: another subject, seed,
 *   options, suite version or baseline; a shard missing or given twice; a report that is not a shard.
 * @public
 */
export function mergeReports(shards: readonly ShardReport[]): AcceptanceReport {
  const first = shards[0];
  if (first === undefined) throw new UsageError('merge: no shard report directories given');
  const count = shardOf(first).count;
  const byIndex = new Map<number, ShardReport>();
  for (const shard of shards) {
    const { index, count: its } = shardOf(shard);
    if (its !== count) throw new UsageError(`merge: ${shard.dir} is shard ${index}/${its}, but ${first.dir} is one of ${count}`);
    const twice = byIndex.get(index);
    if (twice !== undefined) throw new UsageError(`merge: shard ${index}/${count} given twice (${twice.dir}, ${shard.dir})`);
    for (const [name, read] of SHARED) {
      if (canonicalJson(read(shard.report)) !== canonicalJson(read(first.report))) {
        throw new UsageError(`merge: ${shard.dir} and ${first.dir} are not shards of one run: their ${name} differs`);
      }
    }
    if (shard.evidence.profile !== shard.report.profile) throw new UsageError(`merge: ${shard.dir}: its evidence is for profile ${shard.evidence.profile}`);
    byIndex.set(index, shard);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !byIndex.has(index));
  if (missing.length > 0) throw new UsageError(`merge: missing shard${missing.length === 1 ? '' : 's'} ${missing.map((index) => `${index}/${count}`).join(', ')}`);

  const ordered = [...byIndex].sort(([a], [b]) => a - b).map(([, shard]) => shard);
  const replays = new Map(ordered.flatMap((shard) => Object.entries(shard.evidence.replays)));
  // The merged transcript is another file: its digest is taken once it is written.
  const { shard: _slice, transcript: _transcript, ...run } = first.report.run;
  const merged: ReportRun = {
    ...run,
    startedAt: earliest(ordered.map((shard) => shard.report.run.startedAt)),
    finishedAt: latest(ordered.map((shard) => shard.report.run.finishedAt)),
  };
  return buildReport({
    profile: first.report.profile,
    suite: first.report.suite,
    subject: first.report.subject,
    environment: first.report.environment,
    run: merged,
    metas: ordered.flatMap((shard) => shard.evidence.metas),
    failedTests: ordered.flatMap((shard) => shard.evidence.failedTests),
    unhandledErrors: ordered.flatMap((shard) => shard.evidence.unhandledErrors),
    filteredOut: first.evidence.filteredOut,
    notApplicable: first.evidence.notApplicable,
    expectedFailures: first.report.baseline ?? null,
    shard: null,
    replayCommand: (handle) => {
      const command = replays.get(replayKey(handle));
      // Every handle in a shard's metas had its command rendered by that shard.
      if (command === undefined) throw new Error(`merge: no replay command recorded for ${replayKey(handle)}`);
      return command;
    },
  });
}

function shardOf(shard: ShardReport): { readonly index: number; readonly count: number } {
  const slice = shard.report.run.shard;
  if (slice === undefined) throw new UsageError(`merge: ${shard.dir} is not a shard report (its run was not made with --shard)`);
  return slice;
}

// ISO 8601 UTC strings of one format order as text.
function earliest(times: readonly string[]): string {
  return times.reduce((a, b) => (b < a ? b : a));
}

function latest(times: readonly string[]): string {
  return times.reduce((a, b) => (b > a ? b : a));
}
