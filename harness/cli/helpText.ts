import { runOptionBounds } from '../config/options/runOptionBounds.js';
import { runOptionDefaults } from '../config/options/runOptionDefaults.js';

const EXIT_CODES = `Exit codes:
  0  no MUST clause failed (SKIP and INCONCLUSIVE are reported)
  1  a MUST clause failed; with --strict, also a MUST clause SKIP or INCONCLUSIVE
  2  usage or configuration error; no adapter process was started
  3  adapter-qualify itself failed`;

const range = (bounds: { readonly min: number; readonly max: number }): string => `${bounds.min}..${bounds.max}`;
const b = runOptionBounds;
const d = runOptionDefaults;

/**
 * Help texts of the command line, by topic: `top` for `adapter-qualify --help`,
 * one per command for `adapter-qualify <command> --help`.
 * @public
 */
export const helpText = Object.freeze({
  top: `adapter-qualify: conformance suite for algal.coding-operation.v1 adapters

Usage:
  adapter-qualify run <adapter.json> [options]   qualify the adapter that adapter.json describes
  adapter-qualify --help, -h                     show this help
  adapter-qualify --version                      print the version

Commands:
  run    run the conformance suite against one adapter and write the acceptance report

Run 'adapter-qualify <command> --help' for the options of a command.

${EXIT_CODES}
`,
  run: `Usage: adapter-qualify run <adapter.json> [options]

Runs the conformance suite against the adapter that adapter.json describes
({protocol, authorityId, executable, argvPrefix}; every CFG clause is checked
before any process starts). The adapter runs in adapter.json's directory.

Options:
  --out DIR               report directory (default ${d.out})
  --seed N                root seed, ${range(b.seed)} (default: random, printed and recorded)
  --runs N                generated cases per property, ${range(b.runs)} (default ${d.runs})
  --timeout-ms N          deadline of one adapter call, ${range(b.timeoutMs)} ms (default ${d.timeoutMs})
  --max-output-bytes N    output bound of one call, ${range(b.maxOutputBytes)} bytes (default ${d.maxOutputBytes})
  --only PATTERN          run only tests whose name matches this regular expression
  --replay-path P/PATH    replay one shrunk case: property P of the test, fast-check PATH;
                          needs --only and --seed (every FAIL in the report has the command)
  --payload KIND          payloads to submit: any-json or coding-job-v2 (default ${d.payload})
  --payload-file FILE     submit samples from FILE, a non-empty JSON array of payloads
                          (not with --payload)
  --max-submits N         most admissions the whole run may make (default: no cap)
  --concurrency N         most adapter processes at once, ${range(b.concurrency)} (default ${d.concurrency})
  --poll-budget N         observes per operation while waiting for terminal evidence,
                          ${range(b.pollBudget)} (default ${d.pollBudget})
  --strict                exit 1 when a MUST clause is SKIP or INCONCLUSIVE
  --strict-should         SHOULD clauses count for the exit code
  -h, --help              show this help

${EXIT_CODES}
`,
});
