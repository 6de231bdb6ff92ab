import { admissionState } from '../judge/callEvidence.js';
import type { Digest } from '../protocol/digest.js';
import { violation } from '../violation.js';
import { admissionOf, type Exchange } from '../model/exchange.js';
import type { CaseResult } from '../model/caseResult.js';

// Judges of overlapping calls: racing submits of one binding (one acceptanceRef) and of one
// operationId under several requestDigests (at most one admitted). Pure.

/**
 * Judges SEM-CONCURRENT-SUBMIT: every accepted/terminal answer to the
 * overlapping submits of one binding, and to the observes after them, carries
 * one acceptanceRef. Uncertain calls (timeouts under the burst) are no
 * evidence either way; fewer than two admissions leave the case undecided.
 *
 * @param submits - the answers to the overlapping submits
 * @param observes - the answers to observes of the binding made after all submits ended
 */
export function judgeConcurrentSubmit(submits: readonly Exchange[], observes: readonly Exchange[]): CaseResult {
  const refs = new Map<string, { submits: number; observes: number }>();
  let admissions = 0;
  const tally = (exchanges: readonly Exchange[], key: 'submits' | 'observes'): void => {
    for (const exchange of exchanges) {
      const admission = admissionOf(exchange);
      if (admission === null) continue;
      admissions += 1;
      const entry = refs.get(admission.acceptanceRef) ?? { submits: 0, observes: 0 };
      entry[key] += 1;
      refs.set(admission.acceptanceRef, entry);
    }
  };
  tally(submits, 'submits');
  tally(observes, 'observes');
  if (admissions < 2) {
    const uncertain = [...submits, ...observes].filter((exchange) => exchange.kind === 'uncertain').length;
    return {
      verdict: 'undecided',
      reason: `only ${admissions} of ${submits.length} overlapping submits and ${observes.length} later observes showed an admission (${uncertain} uncertain calls)`,
    };
  }
  if (refs.size === 1) return { verdict: 'held' };
  const seen = [...refs].map(([ref, count]) => `${ref} (${count.submits} submit answers, ${count.observes} later observes)`);
  return {
    verdict: 'violated',
    violations: [
      violation('SEM-CONCURRENT-SUBMIT', `${submits.length} overlapping submits of one binding produced ${refs.size} acceptanceRefs: ${seen.join('; ')}`, {
        details: { acceptanceRefs: [...refs.keys()] },
      }),
    ],
  };
}

/** One answer for a binding of the raced operationId, named by its requestDigest. */
export interface DigestAnswer {
  readonly digest: Digest;
  readonly exchange: Exchange;
}

/**
 * Judges SEM-CONCURRENT-REBIND: of the requestDigests raced under one
 * operationId, at most one is ever admitted. A submit answer claiming
 * accepted/terminal admits its digest (well-formed or not). A later observe
 * admits its digest unless it shows an acceptanceRef already seen for another
 * digest: that is an observe ignoring the digest (SEM-OBSERVE-FRESH's failure),
 * not a second admission. Without any admission, or when a later observe of
 * some digest was uncertain, a case that broke nothing is undecided.
 *
 * @param submits - the answers to the overlapping submits
 * @param observes - the answers to one observe of every digest, made after all submits ended
 */
export function judgeConcurrentRebind(submits: readonly DigestAnswer[], observes: readonly DigestAnswer[]): CaseResult {
  const admitted = new Map<Digest, string>();
  const refOwner = new Map<string, Digest>();
  for (const { digest, exchange } of submits) {
    const claimed = exchange.record === null ? 'none' : admissionState(exchange.record.stdout);
    if (claimed !== 'accepted' && claimed !== 'terminal') continue;
    admitted.set(digest, admitted.get(digest) ?? `a racing submit was answered ${claimed}`);
    const ref = admissionOf(exchange)?.acceptanceRef;
    if (ref !== undefined && !refOwner.has(ref)) refOwner.set(ref, digest);
  }
  for (const { digest, exchange } of observes) {
    const admission = admissionOf(exchange);
    if (admission === null) continue;
    const owner = refOwner.get(admission.acceptanceRef);
    if (owner !== undefined && owner !== digest) continue;
    refOwner.set(admission.acceptanceRef, digest);
    admitted.set(digest, admitted.get(digest) ?? `a later observe answered ${admission.state}`);
  }
  if (admitted.size > 1) {
    const evidence = [...admitted].map(([digest, how]) => `${digest.slice(0, 19)}… (${how})`);
    return {
      verdict: 'violated',
      violations: [
        violation(
          'SEM-CONCURRENT-REBIND',
          `${admitted.size} of ${new Set(submits.map((answer) => answer.digest)).size} requestDigests raced under one operationId were admitted: ${evidence.join('; ')}`,
          {
            details: { admittedDigests: [...admitted.keys()] },
          },
        ),
      ],
    };
  }
  if (admitted.size === 0) return { verdict: 'undecided', reason: 'no digest raced under the operationId was admitted' };
  // A refusal (nonzero exit) decides; a timeout of a later observe leaves its digest open.
  const open = observes.filter(({ exchange }) => exchange.kind === 'uncertain' && exchange.record?.uncertainty !== 'nonzero-exit');
  if (open.length > 0) return { verdict: 'undecided', reason: `the later observe of ${open.length} digest(s) was uncertain` };
  return { verdict: 'held' };
}
