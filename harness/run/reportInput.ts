import type { BuildReportInput } from '../../reports/buildReport.js';
import type { ReportSubject } from '../../reports/types.js';
import { notApplicableClauses } from '../notApplicableClauses.js';
import { recordedRunOptions, type NormalizedRunOptions } from '../options/runOptions.js';
import type { InterruptSignal } from '../runInterruption.js';
import type { FinishedRun } from './finishRun.js';
import { reportHead } from './qualificationRun.js';
import { replayCommand } from './replayCommand.js';
import type { SuitesEvidence } from './SuiteRun.js';

/** Everything a finished coding-operation run knows that its report is made of. */
export interface RunFacts {
  readonly options: NormalizedRunOptions;
  readonly startedAt: Date;
  /** When the subject's last fingerprint was taken: the evidence was complete. */
  readonly finishedAt: Date;
  /** The subject, fingerprinted before the first call and settled against the last fingerprint. */
  readonly subject: ReportSubject;
  readonly evidence: Pick<SuitesEvidence, 'excluded' | 'stoppedAtMaxFailures'>;
  readonly finished: Pick<FinishedRun, 'collected' | 'transcriptErrors' | 'sweep' | 'sandbox' | 'transcript'>;
  /** The signal that interrupted the run, or null. */
  readonly signal: InterruptSignal | null;
}

/**
 * What the report of a coding-operation run is built from (pure): the evidence, the run's
 * recorded options, and how its processes were contained.
 * @param facts - what the run knows once it is finished
 */
export function codingOperationReportInput({ options, startedAt, finishedAt, subject, evidence, finished, signal }: RunFacts): BuildReportInput {
  const { collected } = finished;
  const head = reportHead(options, startedAt, finishedAt);
  return {
    profile: 'coding-operation.v1',
    metas: collected.metas,
    failedTests: collected.failedTests,
    unhandledErrors: [...collected.unhandledErrors, ...finished.transcriptErrors],
    filteredOut: options.only !== null,
    ...(evidence.stoppedAtMaxFailures ? { stoppedEarly: `the run stopped after ${options.maxFailures} failing test${options.maxFailures === 1 ? '' : 's'} (--max-failures)` } : {}),
    notApplicable: notApplicableClauses(options.subject.kind),
    excluded: evidence.excluded,
    subject,
    suite: head.suite,
    environment: head.environment,
    run: {
      ...head.run,
      options: recordedRunOptions(options),
      ...(signal === null ? {} : { interrupted: signal }),
      ...(options.subject.kind === 'command'
        ? {
            containment: {
              environment: options.adapterEnvironment.inherit ? ('inherited' as const) : ('scrubbed' as const),
              passedEnv: options.adapterEnvironment.passNames,
              processAccounting: finished.sweep.containment,
              survivorsKilled: finished.sweep.killed,
            },
          }
        : {}),
      ...(finished.sandbox === undefined ? {} : { sandbox: finished.sandbox }),
      ...(finished.transcript === undefined ? {} : { transcript: finished.transcript }),
    },
    replayCommand: (handle) => replayCommand(handle, options),
    expectedFailures: options.expectedFailures,
    shard: options.shard,
  };
}
