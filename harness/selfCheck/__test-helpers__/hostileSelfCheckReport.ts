import { buildSelfCheckReport } from '../buildSelfCheckReport.js';
import type { SelfCheckReport } from '../types.js';
import { fakeMutant, fakeRun, selfCheckInput } from './selfCheckInput.js';

/** Markup a mutant's detail may quote from adapter output; it must stay text on the page. */
export const HOSTILE_DETAIL = '</td></table><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';

/** A failed self-check: one mutant killed, one survived with a hostile detail. */
export function hostileSelfCheckReport(): SelfCheckReport {
  const killed = fakeMutant('mutant-killed');
  const survived = fakeMutant('mutant-survived', ['OUT-CLOSED']);
  return buildSelfCheckReport(selfCheckInput([killed, survived], [fakeRun(killed, 'killed'), { ...fakeRun(survived, 'survived'), detail: HOSTILE_DETAIL }]));
}
