import { selfCheckDefaults as d } from './parseSelfCheckArgs.js';

/** The text of `adapter-qualify self-check --help`. @public */
export const selfCheckHelp = `Usage: adapter-qualify self-check [options]

Proves the suite's own power: qualifies the reference adapter (the control, a
complete run with its lifecycle file) and every mutant in adapters/mutants/
(each limited to the tests of its claimed clauses, and to the suite files
holding them), then the manifest reference directory (the adapter-manifest.v1
control) and every fixture in adapters/manifest-fixtures/. It passes only when
both controls are green and every mutant FAILs at its claimed clauses. A red
control voids its profile's rows. Mutants whose claims this version does not
check yet are listed as not judgeable.

Options:
  --out DIR          self-check.json, self-check.md, self-check.html, badge.json (a shields.io
                     endpoint badge of the score) and every run's report
                     (default ${d.out})
  --seed N           seed of every run; the first seed of a sweep (default ${d.seed})
  --seeds N          sweep: run each mutant with N seeds (N, N+1, ...); passes when
                     every mutant is killed in at least ${Math.round(d.sweepKillRate * 100)}% of them
  --mutant NAMES     only these mutants or manifest fixtures (comma-separated, or
                     repeat the option); the manifest control runs only when a
                     fixture is selected
  --runs N           generated cases per property (default ${d.runs})
  --timeout-ms N     deadline of one adapter call (default ${d.timeoutMs})
  --parallel N       qualification runs at once (default ${d.parallel})
  --run-cap-ms N     wall-clock cap of one run; past it the run is "timed out"
                     (default ${d.runCapMs})
  --threshold N      pass when the mutation score is at least N percent (0..100),
                     survivors allowed; a red control still fails (default: every
                     judgeable mutant must be killed)
  -h, --help         show this help

Exit codes:
  0  the controls are green and every judgeable mutant was killed at its claims
     (with --threshold: the score is at least N)
  1  a control is red (void), or a mutant survived, was killed for the wrong
     reason or with findings, timed out or errored
  2  usage error
  3  self-check itself failed
`;
