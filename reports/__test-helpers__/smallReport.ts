import { buildReport } from '../buildReport.js';
import type { AcceptanceReport } from '../types.js';
import { counterexample, evidence, handle, meta, reportInput } from './reportFixtures.js';

/**
 * A small report with one of everything: a MUST FAIL with a hostile
 * counterexample, a PASS, an INCONCLUSIVE, a deferred SKIP and a suite error.
 */
export function smallReport(): AcceptanceReport {
  return buildReport(
    reportInput({
      metas: [
        meta(
          'REQ-CLOSED: refuses unknown fields',
          evidence('REQ-CLOSED', {
            cases: 4,
            violations: [{ message: 'admitted <unknown> field | "retry"\u001b[2J', counterexample: counterexample() }],
            replay: handle('REQ-CLOSED: refuses unknown fields', '2:0'),
          }),
        ),
        meta('OUT: every outcome', evidence('OUT-JSON', { cases: 12 })),
        meta('SEM: fresh', evidence('SEM-OBSERVE-FRESH', { inconclusive: 'never reached terminal in the poll budget' })),
        meta('SEM: broken test', evidence('SEM-REVISION-MONOTONIC', { cases: 1 })),
      ],
      failedTests: [{ testName: 'SEM: broken test', error: 'TypeError: x is undefined' }],
      deferred: { 'SDK-CANCEL': 'applies to SDK transports' },
    }),
  );
}
