import type { AdmissionOutcome, Outcome } from '../protocol/types.js';
import type { CallRecord } from '../transport/callRecord.js';

// What the suite holds of one call it made: the answer as evidence, and the two readings of it
// every judge and the ledger model share.

/** The answer to one well-formed request, as evidence. */
export type Exchange =
  { readonly kind: 'outcome'; readonly outcome: Outcome; readonly record: CallRecord } | { readonly kind: 'uncertain'; readonly reason: string; readonly record: CallRecord | null };

/** The admission an exchange shows, if its answer was a valid accepted/terminal outcome. */
export function admissionOf(exchange: Exchange): AdmissionOutcome | null {
  return exchange.kind === 'outcome' && exchange.outcome.state !== 'unknown' ? exchange.outcome : null;
}

/** A short description of an answer, for violation messages; an uncertain call's detail is included. */
export function describeExchange(exchange: Exchange): string {
  if (exchange.kind === 'uncertain') {
    const detail = exchange.record?.uncertaintyDetail;
    return `an uncertain call (${exchange.reason}${detail === undefined ? '' : `: ${detail}`})`;
  }
  const { outcome } = exchange;
  return outcome.state === 'unknown'
    ? `unknown (reason ${outcome.reason}, revision ${outcome.revision})`
    : `${outcome.state} (revision ${outcome.revision}, acceptanceRef ${outcome.acceptanceRef.slice(0, 19)}…)`;
}
