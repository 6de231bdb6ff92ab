import { admissionState } from './callEvidence.js';
import type { CallRecord } from '../transport/callRecord.js';

/** How the adapter answered a malformed request. */
export type MalformedAnswer =
  | { readonly kind: 'admission'; readonly state: 'accepted' | 'terminal' }
  | { readonly kind: 'refused' }
  | { readonly kind: 'not-refused' }
  | { readonly kind: 'uncertain'; readonly reason: string };

/**
 * Any accepted/terminal answer is an admission, whatever the exit code (read
 * leniently: well-formed or not). Otherwise a nonzero exit, a foreign signal or
 * an `unknown` answer is a refusal; the suite's own kills and unreadable
 * streams prove nothing either way (the adapter may have refused or admitted).
 */
export function judgeMalformedAnswer(record: CallRecord): MalformedAnswer {
  const state = admissionState(record.stdout);
  if (state === 'accepted' || state === 'terminal') return { kind: 'admission', state };
  switch (record.uncertainty) {
    case null:
      return state === 'unknown' ? { kind: 'refused' } : { kind: 'not-refused' };
    case 'nonzero-exit':
    case 'killed-by-signal':
      return { kind: 'refused' };
    case 'stream-failure':
      // E.g. a broken pipe on a large request the adapter refused early: its exit code still says.
      return record.exitCode !== null && record.exitCode !== 0 ? { kind: 'refused' } : { kind: 'uncertain', reason: record.uncertaintyDetail ?? 'stream failure' };
    default:
      return { kind: 'uncertain', reason: record.uncertainty };
  }
}
