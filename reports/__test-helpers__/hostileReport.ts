import { buildReport } from '../buildReport.js';
import type { AcceptanceReport } from '../types.js';
import { counterexample, evidence, handle, hostileCall, meta, reportInput } from './reportFixtures.js';

/** Text that would run script, load an image or break out of markup if it were not escaped. */
export const HOSTILE_MARKUP =
  '</script><script>window.__pwned=1</script><img src="http://127.0.0.1:9/x.png" onerror="window.__pwned=2"><a href="javascript:window.__pwned=3">x</a>"\'&amp;';

/** Control characters, a bidi override and lone surrogates. */
export const HOSTILE_CHARACTERS = 'bell\u0007 esc\u001b[2J nul\u0000 rlo\u202E lone-high\uD800 lone-low\uDC00 end';

/** More than a megabyte of adapter output. */
export const HUGE = `${'A'.repeat(1_048_576)}TAIL-NEVER-SHOWN`;

/** The replay command the hostile failure carries. */
export const HOSTILE_REPLAY = "npx adapter-qualify run adapter.json --only '^REQ-CLOSED: refuses unknown fields$' --seed 42";

/**
 * A report whose adapter-controlled text is as hostile as it gets: markup,
 * control characters, lone surrogates and a 1 MiB string in the reason, the
 * counterexample, the stdout excerpt and a suite error. REQ-CLOSED FAILs.
 */
export function hostileReport(): AcceptanceReport {
  const hostile = `${HOSTILE_MARKUP} ${HOSTILE_CHARACTERS}`;
  return buildReport(
    reportInput({
      metas: [
        meta(
          'REQ-CLOSED: refuses unknown fields',
          evidence('REQ-CLOSED', {
            cases: 3,
            violations: [
              {
                message: `admitted ${hostile} ${HUGE}`,
                counterexample: {
                  description: `${hostile} ${HUGE}`,
                  calls: [hostileCall({ stdout: `${hostile}\n${HUGE}`, stdoutBytes: 2_000_000 }), ...counterexample().calls],
                },
              },
            ],
            replay: handle('REQ-CLOSED: refuses unknown fields'),
          }),
        ),
        meta('OUT: every outcome', evidence('OUT-JSON', { cases: 12 })),
        meta('SEM: fresh', evidence('SEM-OBSERVE-FRESH', { inconclusive: `never reached terminal ${hostile}` })),
      ],
      unhandledErrors: [`Error: ${hostile} ${HUGE}`],
      deferred: { 'SDK-CANCEL': 'applies to SDK transports' },
    }),
  );
}
