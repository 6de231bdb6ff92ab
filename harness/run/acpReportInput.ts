import type { BuildAcpReportInput } from '../../reports/acp/buildAcpReport.js';
import type { AcpFailureEvidence } from '../acp/AcpCase.js';
import { agentEnvironment } from '../acp/acpConfig.js';
import type { AcpRunOptions } from '../acp/acpRunOptions.js';
import type { AcpCasesOutcome } from './AcpCaseRunner.js';
import { reportHead } from './qualificationRun.js';
import type { ReportSubject } from '../../reports/types.js';
import type { TranscriptDigest } from '../transcript/transcriptDigest.js';

/** Everything a finished ACP run knows that its report is made of. */
export interface AcpRunFactsIn {
  readonly options: AcpRunOptions;
  readonly startedAt: Date;
  /** When the last case ended and the agents were gone. */
  readonly finishedAt: Date;
  /** The cases' outcome, its evidence masked for secrets. */
  readonly outcome: AcpCasesOutcome;
  /** Agent processes still alive at the end, all killed (null: not countable). */
  readonly survivorsKilled: number | null;
  /** The command that re-runs one case. */
  readonly replayCommand: (failure: AcpFailureEvidence) => string;
  /** The agent, fingerprinted before the first case and settled against its fingerprint after the last. */
  readonly subject: ReportSubject;
  /** The digest of `transcript.jsonl` as the run closed it. */
  readonly transcript: TranscriptDigest;
}

/**
 * What the report of an ACP run is built from (pure but for the process's own platform).
 * @param facts - what the run knows once it is finished
 */
export function acpReportInput({ options, startedAt, finishedAt, outcome, survivorsKilled, replayCommand, subject, transcript }: AcpRunFactsIn): BuildAcpReportInput {
  const config = options.loaded.config;
  const head = reportHead(options, startedAt, finishedAt);
  return {
    evidence: outcome.evidence,
    suiteErrors: outcome.suiteErrors,
    subject,
    suite: head.suite,
    environment: head.environment,
    run: {
      ...head.run,
      transcript,
      options: { timeoutMs: options.bootstrapTimeoutMs, ...(options.replayPath === null ? {} : { replayPath: options.replayPath }) },
      acp: {
        agentProcesses: outcome.agentProcesses,
        startupMs: Math.round(outcome.startupMs),
        caseMs: Math.max(0, Math.round(outcome.caseMs - outcome.startupMs)),
        frameBytes: options.frameBytes,
        bootstrapTimeoutMs: options.bootstrapTimeoutMs,
        inactivityMs: options.inactivityMs,
        environment: Object.keys(agentEnvironment(config, '/')).sort(),
        command: [config.executable, ...config.argv],
        survivorsKilled,
      },
    },
    filteredOut: options.only !== null,
    replayCommand,
  };
}
