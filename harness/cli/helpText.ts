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
  adapter-qualify <command> [options]
  adapter-qualify --help, -h    show this help
  adapter-qualify --version     print the version

Commands:
  run         run the conformance suite against one adapter and write the acceptance report
  manifest    qualify a manifest-registered adapter directory (adapter-manifest.v1)
  merge       combine the reports of every shard of one run (run --shard I/N) into one
  verify      re-check a recorded transcript.jsonl offline (OUT, refusal and history clauses)
  replay      re-run the stored failures of a report directory: FIXED, FAILED or FLAKY
  self-check  qualify the reference adapter and every mutant; print the kill matrix and mutation score
  list        print the clause catalog: ID, level, family, checking files, rule (--json, --markdown)

Run 'adapter-qualify <command> --help' for the options of a command.

${EXIT_CODES}
`,
  run: `Usage: adapter-qualify run <adapter.json> [options]
       adapter-qualify run --sdk <module> --authority <id> [options]

Runs the conformance suite against the adapter that adapter.json describes
({protocol, authorityId, executable, argvPrefix}; every CFG clause is checked
before any process starts). The adapter runs in adapter.json's directory.

With --sdk, qualifies an in-process SDK transport instead: a JavaScript module
exporting submit() and observe() (spec section 7). REQ, CFG, WIRE and fault
clauses are SKIP (not applicable); SDK clauses and OUT/SEM clauses apply.

Options:
  --sdk MODULE            the SDK module (path from the working directory); not with <adapter.json>
  --authority ID          the authority of the SDK run (an identity, as CFG-AUTHORITY); only with --sdk
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
  --settle-ms N           wait after the last terminal answer before every terminal
                          binding is observed again, ${range(b.settleMs)} (default ${d.settleMs})
  --allow-out-in-adapter-dir  let --out lie inside the adapter's own directory
  --strict                exit 1 when a MUST clause is SKIP or INCONCLUSIVE
  --strict-should         SHOULD clauses count for the exit code
  --expected-failures FILE  clause IDs known to fail (YAML or JSON list): listed FAILs do
                          not fail the run; a listed clause that PASSes does (stale entry)
  --write-baseline FILE   write this run's FAILs to FILE as an expected-failures list (YAML)
  --shard I/N             run slice I of N of the tests (merge the reports with 'merge')
  --keep-stderr           keep each call's stderr tail (capped, secrets masked) in transcript.jsonl
  --lifecycle FILE        the adapter's lifecycle file, JSON {"restart": [argv…]}: the restart step
                          SEM-DURABLE-RESTART runs (relative paths from FILE's directory)
  --pass-env NAME         also give the adapter (and its restart step) this variable of the
                          suite's environment; repeatable. Otherwise it gets only PATH, HOME,
                          USER, LANG, LC_*, TZ, TMPDIR and ADAPTER_QUALIFY_CALL/_SCRATCH.
                          Passed values of 8+ characters are masked wherever output is kept
  --inherit-env           give the adapter the suite's whole environment (recorded in the report)
  --subject-file GLOB     more files the adapter is made of (imported modules), digested in the
                          report's subject; relative to the adapter's directory; repeatable.
                          A subject file or argv file that changes during the run (a ledger
                          database) is listed as mutable state instead
  -h, --help              show this help

${EXIT_CODES}
`,
  list: `Usage: adapter-qualify list [--json | --markdown] [--profile coding-operation.v1|adapter-manifest.v1]

Prints every clause of both profiles in catalog order: its ID, level (MUST or
SHOULD), family, the files whose checks decide it, and its rule in one line.
Every conformance test name starts with the IDs it decides, so
'run --only ID' runs exactly those tests.

Options:
  --json                  one JSON array of {id, level, obligation, family, section, summary, profile, files}
  --markdown              the page shipped as docs/clauses.md
  --profile P             only the clauses of profile P
  -h, --help              show this help
`,
  merge: `Usage: adapter-qualify merge <dir>… [--out DIR]

Combines the report directories of every shard of one run (run --shard i/n
with the same adapter, seed, options and suite version; each i exactly once)
into the report of the whole run: acceptance.json and the other report files,
and transcript.jsonl. Verdicts are rebuilt from every shard's evidence, so they
are those of an unsharded run with the same seed; --expected-failures entries
(recorded by the shards) are judged here, stale entries included.

Options:
  --out DIR               merged report directory (default ${d.out}; not a shard's directory)
  -h, --help              show this help

Exit codes: as run (0, 1 or 3, from the merged report); 2 when the directories
are not every shard of one run (each problem is named).
`,
});
