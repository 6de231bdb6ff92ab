// The end of a coding-operation run once its workers are done: nothing it started outlives it, its
// sandbox closes, and its transcript is merged into the report directory in one pass that also
// counts spawn failures and keeps the requests the failure cases show.

import { join } from 'node:path';
import type { QualifyCollection } from '../../reports/QualifyReporter.js';
import type { SandboxRecord } from '../transport/sandbox/openRunSandbox.js';
import { SecretMask } from '../evidence/SecretMask.js';
import { counterexampleCallIds } from '../replay/failureCases.js';
import type { InterruptSignal } from '../runInterruption.js';
import { SpawnFailureTally, type SpawnFailureCount } from '../transcript/readTranscript.js';
import { SentRequests, type SentRequestLookup } from '../transcript/sentRequests.js';
import { mergeTranscriptParts } from '../transcript/TranscriptWriter.js';
import { sweepRunProcesses, type SweepResult } from '../transport/containment/sweep.js';
import { describeError, UsageError } from '../UsageError.js';
import type { PreparedRun } from './prepareRun.js';
import type { RunWorkspace } from './qualificationRun.js';
import type { SuitesEvidence } from './SuiteRun.js';
import { transcriptDigest, type TranscriptDigest } from '../transcript/transcriptDigest.js';

/** What a finished run has for its report and outputs. */
export interface FinishedRun {
  /** Every test's evidence and error, the run's own included, masked for secrets. */
  readonly collected: QualifyCollection;
  /** Why `transcript.jsonl` could not be written, if it could not. */
  readonly transcriptErrors: readonly string[];
  /** The requests of every counterexample's calls, as the transcript holds them. */
  readonly sentRequests: SentRequestLookup;
  /** The processes the run's calls left, killed. */
  readonly sweep: SweepResult;
  /** The sandbox's record, for a command subject. */
  readonly sandbox: SandboxRecord | undefined;
  /** The digest of the merged transcript, when it was written. */
  readonly transcript: TranscriptDigest | undefined;
}

/**
 * Ends a run whose workers are done and merges its transcript into the staging directory.
 * @param workspace - the run's workspace
 * @param prepared - the run as prepared
 * @param evidence - what the workers and the run found
 * @param signal - the signal that interrupted the run, or null
 * @throws UsageError when every adapter call failed to spawn (nothing was judged)
 */
export async function finishRun(workspace: RunWorkspace, prepared: PreparedRun, evidence: SuitesEvidence, signal: InterruptSignal | null): Promise<FinishedRun> {
  // No process started by any call (the re-observation's included) outlives the run: counted, killed, reported.
  const sweep = sweepRunProcesses(workspace.tag);
  // Then the sandbox ends: whatever is left in it (the run's cgroup) is killed and counted.
  const sandbox = prepared.closeSandbox();
  const { collected: fromWorkers } = evidence;
  // Evidence from the workers holds adapter output; mask secrets once, before any report, case or shard file is made of it.
  const collected = SecretMask.fromProcess().maskDeep({
    ...fromWorkers,
    metas: [...fromWorkers.metas, ...evidence.ownMetas],
    unhandledErrors: [...fromWorkers.unhandledErrors, ...evidence.ownErrors],
  });
  const spawns = new SpawnFailureTally();
  const sent = new SentRequests(counterexampleCallIds(collected.metas));
  const onLine = (line: Buffer): void => {
    spawns.add(line);
    sent.add(line);
  };
  // A transcript that cannot be merged is the suite's failure, reported like any other (exit 3), never a lost report.
  const transcriptErrors = await mergeTranscriptParts(workspace.workDir, join(workspace.output.staging, 'transcript.jsonl'), onLine).then(
    () => [],
    (error: unknown) => [`transcript.jsonl could not be written: ${describeError(error)}`],
  );
  if (transcriptErrors.length === 0) refuseIfNothingSpawned(spawns.count(), signal);
  const transcript = transcriptErrors.length === 0 ? await transcriptDigest(join(workspace.output.staging, 'transcript.jsonl')) : undefined;
  // Lines of a transcript that was not written are no lines of the report's transcript.
  return { collected, transcriptErrors, sentRequests: transcriptErrors.length === 0 ? sent : new Map(), sweep, sandbox, transcript };
}

// A run whose every call failed to spawn judged nothing of the adapter (an interpreter that
// does not exist, a missing library): that is a usage error, not a verdict.
function refuseIfNothingSpawned({ calls, spawnFailures, firstDetail }: SpawnFailureCount, signal: InterruptSignal | null): void {
  if (signal !== null) return;
  if (calls > 0 && spawnFailures === calls) {
    throw new UsageError(`every one of the ${calls} adapter calls failed to start (${firstDetail ?? 'no detail'}): check the executable and argvPrefix; nothing was judged`, {
      field: 'executable',
    });
  }
}
