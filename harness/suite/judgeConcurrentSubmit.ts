import { violation } from '../violation.js';
import type { Exchange } from './AdapterSession.js';
import type { CaseResult } from './checkProperty.js';
import { admissionOf } from './exchangeHelpers.js';

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
    return { verdict: 'undecided', reason: `only ${admissions} of ${submits.length} overlapping submits and ${observes.length} later observes showed an admission (${uncertain} uncertain calls)` };
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
