import { setTimeout as sleep } from 'node:timers/promises';
import type { QualifyTestMeta } from '../evidence/types.js';
import { HistoryChecker } from '../history/HistoryChecker.js';
import type { NormalizedRunOptions } from '../options/runOptions.js';
import { runWithLimit } from '../runWithLimit.js';
import { TranscriptWriter } from '../transcript/TranscriptWriter.js';
import { AdapterSession } from './AdapterSession.js';
import { AdmissionBudget, UnresponsiveBreaker } from './callPacing.js';
import { callExcerpt } from './callExcerpt.js';
import { EvidenceRecorder } from './EvidenceRecorder.js';
import { readTerminalEvidence, type TerminalEvidence } from './TerminalEvidenceLog.js';
import { transportFor } from './workerServices.js';

/** The name the end-of-run re-observation reports its evidence under. */
export const TERMINAL_RECHECK_TEST = 'SEM-TERMINAL-IMMUTABLE: every terminal envelope is unchanged when observed again at the end of the run';

/** What {@link recheckTerminalEvidence} needs from the run. */
export interface TerminalRecheckInput {
  readonly options: NormalizedRunOptions;
  readonly workDir: string;
  readonly scratchDir: string;
  /** Waits; injectable for tests. @defaultValue `timers/promises` setTimeout */
  readonly wait?: (ms: number) => Promise<unknown>;
  /** The clock (ms since epoch). @defaultValue `Date.now` */
  readonly now?: () => number;
}

/**
 * Observes every binding that reached terminal during the run once more, after the
 * settle delay (`--settle-ms`, counted from the last terminal answer), and has the
 * history checker judge each answer against the first terminal envelope: a writer left
 * behind by the adapter that rewrites terminal evidence after it was shown breaks
 * SEM-TERMINAL-IMMUTABLE here, whatever it did to its environment or session. Runs after every suite worker is
 * done; its calls go to the transcript like any other.
 *
 * @returns the evidence as one more test's meta, or null when no binding reached terminal
 */
export async function recheckTerminalEvidence(input: TerminalRecheckInput): Promise<QualifyTestMeta | null> {
  const { options, workDir } = input;
  const terminals = await readTerminalEvidence(workDir);
  const last = terminals.at(-1);
  if (last === undefined) return null;
  const now = input.now ?? Date.now;
  const waitMs = last.endedAt + options.settleMs - now();
  if (waitMs > 0) await (input.wait ?? sleep)(waitMs);

  const recorder = new EvidenceRecorder(TERMINAL_RECHECK_TEST, ['SEM-TERMINAL-IMMUTABLE']);
  const session = new AdapterSession({
    options,
    transport: transportFor(options, input.scratchDir),
    transcript: new TranscriptWriter(workDir, { keepStderr: options.keepStderr }),
    breaker: new UnresponsiveBreaker(workDir),
    budget: new AdmissionBudget(workDir, options.maxSubmits),
    recorder,
    testName: TERMINAL_RECHECK_TEST,
    terminals: null,
  });
  const answered = await runWithLimit(
    terminals.map((terminal) => () => observeAgain(session, recorder, terminal, options)),
    options.concurrency,
  );
  if (!answered.includes(true)) {
    recorder.inconclusive('SEM-TERMINAL-IMMUTABLE', `none of the ${terminals.length} terminal binding(s) gave a valid outcome when observed again at the end of the run`);
  }
  recorder.replay('SEM-TERMINAL-IMMUTABLE', { testName: last.testName, seed: options.seed });
  return recorder.meta();
}

// Whether the binding answered with a valid outcome (the evidence of one case).
async function observeAgain(session: AdapterSession, recorder: EvidenceRecorder, first: TerminalEvidence, options: NormalizedRunOptions): Promise<boolean> {
  // Each observe is a case of its own, and its counterexample is built from its answer here: the session need
  // not keep every answer to the end (a terminal result at the output bound is megabytes, held in the CLI).
  session.startCase();
  const answer = await session.observe(first.binding);
  if (answer.kind !== 'outcome') return false;
  recorder.count('SEM-TERMINAL-IMMUTABLE');
  // The history checker judges the clause; this adds only when and how the answer came.
  const checker = HistoryChecker.afterTerminal({ ...first, ref: 0 });
  const { startedAt, endedAt } = answer.record;
  const found = checker.add({ outcome: answer.outcome, startedAt, endedAt, ref: 1 }).find((finding) => finding.clauseId === 'SEM-TERMINAL-IMMUTABLE');
  if (found === undefined) return true;
  recorder.fail(
    {
      ...found,
      message: `operation ${first.binding.operationId}, observed again ${options.settleMs} ms or more after the last terminal answer of the run: ${found.message}`,
      details: { ...found.details, firstEnvelopeDigest: first.envelopeDigest },
    },
    {
      description: `the first terminal answer (test ${JSON.stringify(first.testName)}), then an observe of the same binding at the end of the run`,
      calls: [first.call, callExcerpt(answer.record)],
    },
    { testName: first.testName, seed: options.seed },
  );
  return true;
}
