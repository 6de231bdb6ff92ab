import { SecretMask } from '../evidence/SecretMask.js';
import type { CallExcerpt } from '../evidence/types.js';
import type { CallRecord } from '../transport/callRecord.js';

/** How much of a request or stdout a counterexample shows; the transcript keeps everything. */
export const EXCERPT_CHARS = 2_048;

let mask: SecretMask | undefined;

/** Cuts a call record down to what a report shows; the adapter's output is masked for secrets before it is cut. */
export function callExcerpt(record: CallRecord): CallExcerpt {
  mask ??= SecretMask.fromProcess();
  return {
    callId: record.callId,
    action: record.action,
    request: cut(record.requestText),
    requestBytes: Buffer.byteLength(record.requestText),
    exitCode: record.exitCode,
    signal: record.signal,
    timedOut: record.timedOut,
    stdout: cut(mask.maskCut(record.stdout, { start: false, end: record.stdoutTruncated })),
    stdoutBytes: record.stdoutBytes,
    uncertainty: record.uncertainty,
    ...(record.uncertaintyDetail === undefined ? {} : { uncertaintyDetail: cut(record.uncertaintyDetail) }),
  };
}

function cut(text: string): string {
  return text.length <= EXCERPT_CHARS ? text : `${text.slice(0, EXCERPT_CHARS)}… (${text.length - EXCERPT_CHARS} more characters)`;
}
