import { runOptionBounds as b, runOptionDefaults as d, selfCheckBounds, selfCheckDefaults as s, type OptionBounds } from '../options/runOptionDefaults.js';

/** The commands of `adapter-qualify`, in the order `--help` lists them. @public */
export const COMMANDS = ['run', 'manifest', 'merge', 'verify', 'replay', 'self-check', 'list', 'config'] as const;

/** One of {@link COMMANDS}. */
export type CommandName = (typeof COMMANDS)[number];

/**
 * One option of a command: how `parseArgs` reads it and how `--help` shows it. Both come
 * from this one record, so no option can be parsed without being listed in help.
 */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  /** Repeatable: every occurrence is kept, in order. */
  readonly multiple?: true;
  readonly short?: 'h';
  /** The value's placeholder in help (`N`, `DIR`); none for a flag. */
  readonly value?: string;
  /** What the option does, one help line per entry. */
  readonly help: readonly string[];
  /** The default as help prints it, `(default X)` after the last line; from `runOptionDefaults.ts`. */
  readonly shownDefault?: string | number;
}

const range = (bounds: OptionBounds): string => `${bounds.min}..${bounds.max}`;

const HELP_OPTION = { type: 'boolean', short: 'h', help: ['show this help'] } as const satisfies OptionSpec;

// The options `run`, `manifest` and `self-check` share, with the same meaning.
const SHARED = {
  strict: { type: 'boolean', help: ['exit 1 when a MUST clause is SKIP or INCONCLUSIVE'] },
  'strict-should': { type: 'boolean', help: ['SHOULD clauses count for the exit code'] },
} as const satisfies Record<string, OptionSpec>;

const maxOutputBytes = {
  type: 'string',
  value: 'N',
  help: [`output bound of one call, ${range(b.maxOutputBytes)} bytes`],
  shownDefault: d.maxOutputBytes,
} as const satisfies OptionSpec;

/**
 * Every command's options, for `parseArgs` and for `--help` alike.
 * @public
 */
export const COMMAND_OPTIONS = {
  run: {
    sdk: { type: 'string', value: 'MODULE', help: ['the SDK module (path from the working directory); not with <adapter.json>'] },
    authority: { type: 'string', value: 'ID', help: ['the authority of the SDK run (an identity, as CFG-AUTHORITY); only with --sdk'] },
    config: {
      type: 'string',
      value: 'FILE',
      help: ['a JSON file of shared run options (keys: option names without --,', 'schema qualify-config.schema.json); flags given here override it'],
    },
    out: { type: 'string', value: 'DIR', help: ['report directory'], shownDefault: d.out },
    seed: { type: 'string', value: 'N', help: [`root seed, ${range(b.seed)} (default: random, printed and recorded)`] },
    runs: { type: 'string', value: 'N', help: [`generated cases per property, ${range(b.runs)}`], shownDefault: d.runs },
    'timeout-ms': { type: 'string', value: 'N', help: [`deadline of one adapter call, ${range(b.timeoutMs)} ms`], shownDefault: d.timeoutMs },
    'max-output-bytes': maxOutputBytes,
    only: { type: 'string', value: 'PATTERN', help: ['run only tests whose name, or one of whose clause IDs, matches', 'this regular expression (^OUT-CLOSED$: the tests of that clause)'] },
    exclude: {
      type: 'string',
      value: 'PATTERN',
      help: ['do not run tests whose name matches; the clauses only they', 'decide are SKIP (excluded), never PASS'],
    },
    'replay-path': {
      type: 'string',
      value: 'P/PATH',
      help: ['replay one shrunk case: property P of the test, fast-check PATH;', 'needs --only and --seed (every FAIL in the report has the command)'],
    },
    payload: { type: 'string', value: 'KIND', help: ['payloads to submit: any-json or coding-job-v2'], shownDefault: d.payload },
    'payload-file': { type: 'string', value: 'FILE', help: ['submit samples from FILE, a non-empty JSON array of payloads', '(not with --payload)'] },
    'max-submits': { type: 'string', value: 'N', help: ['most admissions the whole run may make (default: no cap)'] },
    'max-failures': {
      type: 'string',
      value: 'N',
      help: [`stop once N tests recorded a FAIL, ${range(b.maxFailures)}; clauses left`, 'unrun are SKIP saying so, and the report is still written'],
    },
    concurrency: { type: 'string', value: 'N', help: [`most adapter processes at once, ${range(b.concurrency)}`], shownDefault: d.concurrency },
    'poll-budget': {
      type: 'string',
      value: 'N',
      help: ['observes per operation while waiting for terminal evidence,', range(b.pollBudget)],
      shownDefault: d.pollBudget,
    },
    'settle-ms': {
      type: 'string',
      value: 'N',
      help: ['wait after the last terminal answer before every terminal', `binding is observed again, ${range(b.settleMs)}`],
      shownDefault: d.settleMs,
    },
    'allow-out-in-adapter-dir': { type: 'boolean', help: ["let --out lie inside the adapter's own directory"] },
    'no-sandbox': { type: 'boolean', help: ["run the adapter as the suite's user, in its namespaces (said in the report)"] },
    'require-sandbox': { type: 'boolean', help: ['exit 2 where the kernel refuses a protection of the sandbox'] },
    'allow-network': { type: 'boolean', help: ["keep the host's network in the sandbox (none by default)"] },
    ...SHARED,
    'expected-failures': {
      type: 'string',
      value: 'FILE',
      help: ['clause IDs known to fail (YAML or JSON list): listed FAILs do', 'not fail the run; a listed clause that PASSes does (stale entry)'],
    },
    'write-baseline': { type: 'string', value: 'FILE', help: ["write this run's FAILs to FILE as an expected-failures list (YAML)"] },
    shard: { type: 'string', value: 'I/N', help: ["run slice I of N of the tests (merge the reports with 'merge')"] },
    'hide-not-applicable': {
      type: 'boolean',
      help: ['leave clauses that cannot apply to the subject out of every', 'rendering (acceptance.json keeps them)'],
    },
    json: {
      type: 'boolean',
      help: ['print the summary as one JSON object on stdout, for scripts', '(verdict, exit code, counts, clause IDs by verdict, report files);', 'the human summary goes to stderr'],
    },
    'keep-stderr': { type: 'boolean', help: ["keep each call's stderr tail (capped, secrets masked) in transcript.jsonl"] },
    lifecycle: {
      type: 'string',
      value: 'FILE',
      help: ['the adapter\'s lifecycle file, JSON {"restart": [argv…]}: the restart step', "SEM-DURABLE-RESTART runs (relative paths from FILE's directory)"],
    },
    'pass-env': {
      type: 'string',
      multiple: true,
      value: 'NAME',
      help: [
        'also give the adapter (and its restart step) this variable of the',
        "suite's environment; repeatable. Otherwise it gets only PATH, HOME,",
        'USER, LANG, LC_*, TZ, TMPDIR and ADAPTER_QUALIFY_CALL/_SCRATCH.',
        'Passed values of 8+ characters are masked wherever output is kept',
      ],
    },
    'inherit-env': { type: 'boolean', help: ["give the adapter the suite's whole environment (recorded in the report)"] },
    'subject-file': {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: [
        'more files the adapter is made of (imported modules), digested in the',
        "report's subject; relative to the adapter's directory; repeatable.",
        'A subject file or argv file that changes during the run (a ledger',
        'database) is listed as mutable state instead',
      ],
    },
    help: HELP_OPTION,
  },
  manifest: {
    out: { type: 'string', value: 'DIR', help: ['report directory'], shownDefault: d.out },
    seed: { type: 'string', value: 'N', help: [`root seed, ${range(b.seed)} (default: random, printed and recorded)`] },
    runs: { type: 'string', value: 'N', help: [`generated inputs per property, ${range(b.runs)}`], shownDefault: d.runs },
    'timeout-ms': { type: 'string', value: 'N', help: [`deadline of one tool call, ${range(b.timeoutMs)} ms`], shownDefault: d.timeoutMs },
    'max-output-bytes': maxOutputBytes,
    'allow-mutating': { type: 'boolean', help: ['also call the tools declared mutates: true (SKIP otherwise)'] },
    ...SHARED,
    help: HELP_OPTION,
  },
  merge: {
    out: { type: 'string', value: 'DIR', help: ["merged report directory (not a shard's directory)"], shownDefault: d.out },
    help: HELP_OPTION,
  },
  verify: {
    'max-output-bytes': { type: 'string', value: 'N', help: ['judge answers against this output bound', '(default: the bound recorded on each line)'] },
    workers: {
      type: 'string',
      value: 'N',
      help: [
        'threads judging calls beside the one reading the file',
        'and checking histories; 0 judges on that thread',
        '(default: one per core, at most 4, for a transcript',
        'over 16 MiB)',
      ],
    },
    help: HELP_OPTION,
  },
  replay: {
    clause: { type: 'string', value: 'ID', help: ['replay only the stored failure of this clause'] },
    adapter: { type: 'string', value: 'FILE', help: ['run against this adapter.json instead of the recorded one'] },
    help: HELP_OPTION,
  },
  'self-check': {
    out: {
      type: 'string',
      value: 'DIR',
      help: ['self-check.json, self-check.md, self-check.html, badge.json (a', "shields.io endpoint badge of the score) and every run's report"],
      shownDefault: s.out,
    },
    seed: { type: 'string', value: 'N', help: ['seed of every run; the first seed of a sweep'], shownDefault: s.seed },
    seeds: {
      type: 'string',
      value: 'N',
      help: [
        `sweep: run each mutant with N seeds (N, N+1, ...), ${range(selfCheckBounds.seeds)}; passes when`,
        `every mutant is killed in at least ${Math.round(s.sweepKillRate * 100)}% of them`,
      ],
    },
    mutant: {
      type: 'string',
      multiple: true,
      value: 'NAMES',
      help: ['only these mutants or manifest fixtures (comma-separated, or', 'repeat the option); the manifest control runs only when a', 'fixture is selected'],
    },
    runs: { type: 'string', value: 'N', help: [`generated cases per property, ${range(b.runs)}`], shownDefault: s.runs },
    'timeout-ms': { type: 'string', value: 'N', help: [`deadline of one adapter call, ${range(b.timeoutMs)} ms`], shownDefault: s.timeoutMs },
    parallel: { type: 'string', value: 'N', help: [`qualification runs at once, ${range(selfCheckBounds.parallel)}`], shownDefault: s.parallel },
    'run-cap-ms': {
      type: 'string',
      value: 'N',
      help: [`wall-clock cap of one run, ${range(selfCheckBounds.runCapMs)} ms; past it the run`, 'is "timed out"'],
      shownDefault: s.runCapMs,
    },
    threshold: {
      type: 'string',
      value: 'N',
      help: [
        `pass when the mutation score is at least N percent (${range(selfCheckBounds.threshold)}),`,
        'survivors allowed; a red control still fails (default: every',
        'judgeable mutant must be killed)',
      ],
    },
    help: HELP_OPTION,
  },
  list: {
    json: { type: 'boolean', help: ['one JSON array of {id, level, obligation, family, section, summary, profile, files}'] },
    markdown: { type: 'boolean', help: ['one Markdown table per clause family'] },
    profile: { type: 'string', value: 'P', help: ['only the clauses of profile P'] },
    help: HELP_OPTION,
  },
  config: {
    out: { type: 'string', value: 'FILE', help: ['write the configuration to FILE instead of stdout'] },
    help: HELP_OPTION,
  },
} as const satisfies Record<CommandName, Record<string, OptionSpec>>;

const OPTION_COLUMN = 26;

/**
 * The `Options:` block of a command's help: one entry per option of its table, each
 * with its default when it has one.
 * @param command - the command.
 * @public
 */
export function renderOptions(command: CommandName): string {
  const lines: string[] = [];
  for (const [name, spec] of Object.entries(COMMAND_OPTIONS[command] as Readonly<Record<string, OptionSpec>>)) {
    const flag = `  ${spec.short === undefined ? '' : `-${spec.short}, `}--${name}${spec.value === undefined ? '' : ` ${spec.value}`}`;
    const help = [...spec.help];
    if (spec.shownDefault !== undefined) help[help.length - 1] = `${help.at(-1) ?? ''} (default ${spec.shownDefault})`;
    const [first = '', ...rest] = help;
    lines.push(flag.length + 2 > OPTION_COLUMN ? `${flag}  ${first}` : `${flag.padEnd(OPTION_COLUMN)}${first}`);
    for (const line of rest) lines.push(`${' '.repeat(OPTION_COLUMN)}${line}`);
  }
  return lines.join('\n');
}

/** A command's help, around its generated options block. */
interface CommandHelp {
  /** One line for the top help's command list. */
  readonly summary: string;
  /** The `Usage:` lines. */
  readonly usage: string;
  /** What the command does. */
  readonly about: string;
  /** What its exit codes mean. */
  readonly exits: string;
}

const EXIT_CODES = `Exit codes:
  0  no MUST clause failed (SKIP and INCONCLUSIVE are reported)
  1  a MUST clause failed; with --strict, also a MUST clause SKIP or INCONCLUSIVE
  2  usage or configuration error; no adapter process was started
  3  adapter-qualify itself failed
  4  interrupted by SIGINT or SIGTERM: the report (written within 10 s of the signal)
     holds only what was judged before it; a call the suite ended is no evidence`;

const COMMAND_HELP: Readonly<Record<CommandName, CommandHelp>> = {
  run: {
    summary: 'run the conformance suite against one adapter and write the acceptance report',
    usage: `Usage: adapter-qualify run <adapter.json> [options]
       adapter-qualify run --sdk <module> --authority <id> [options]`,
    about: `Runs the conformance suite against the adapter that adapter.json describes
({protocol, authorityId, executable, argvPrefix}; every CFG clause is checked
before any process starts). The adapter runs in adapter.json's directory.

With --sdk, qualifies an in-process SDK transport instead: a JavaScript module
exporting submit() and observe() (the protocol's SDK seam). REQ, CFG, WIRE and fault
clauses are SKIP (not applicable); SDK clauses and OUT/SEM clauses apply.`,
    exits: EXIT_CODES,
  },
  manifest: {
    summary: 'qualify a manifest-registered adapter directory (adapter-manifest.v1)',
    usage: 'Usage: adapter-qualify manifest <dir-or-manifest.json> [options]',
    about: `Qualifies a manifest-registered adapter directory against adapter-manifest.v1:
the manifest (MAN), the tool catalog (CAT), every read-only tool through the
default transport 'python3 <entrypoint> <tool> --input <JSON-object>' with
generated valid and schema-breaking inputs (TRN), the optional runtime hook
imported under a Python audit hook (HOOK), and the coverage file (ACC).
A directory argument means its manifest.json.`,
    exits: `Exit codes: 0 no MUST clause failed; 1 a MUST clause failed (with --strict, also
SKIP/INCONCLUSIVE); 2 usage error; 3 adapter-qualify itself failed.`,
  },
  merge: {
    summary: 'combine the reports of every shard of one run (run --shard I/N) into one',
    usage: 'Usage: adapter-qualify merge <dir>… [--out DIR]',
    about: `Combines the report directories of every shard of one run (run --shard i/n
with the same adapter, seed, options and suite version; each i exactly once)
into the report of the whole run: acceptance.json and the other report files,
and transcript.jsonl. Verdicts are rebuilt from every shard's evidence, so they
are those of an unsharded run with the same seed; --expected-failures entries
(recorded by the shards) are judged here, stale entries included.

ACP reports (profile acp-agent.v1, read from the first directory's
acceptance.json): combines several runs of one agent under the same rules
(other seeds, other --only slices; no shards) into one report set. Verdicts are
rebuilt from every run's evidence (a FAIL in any run stays a FAIL), and the runs'
transcripts become one transcript.jsonl whose agent processes are numbered on
from run to run, as the merged report cites them.`,
    exits: `Exit codes: as run (0, 1 or 3, from the merged report); 2 when the directories
are not every shard of one run, or not ACP runs of one agent under the same
rules (each problem is named).`,
  },
  verify: {
    summary: 're-check a recorded transcript.jsonl offline (OUT, refusal and history clauses)',
    usage: 'Usage: adapter-qualify verify <transcript.jsonl> [options]',
    about: `Re-checks a recorded transcript offline, without the adapter: every answer to a
well-formed request against every OUT clause, every answer to a malformed request
against the refusal rule of the REQ clauses it breaks, and every binding's history
of valid outcomes against the history clauses (calls that overlap in time are not
ordered), and every call that exited 0 against the host's stderr bound
(WIRE-STDERR-BOUND: at most 65,536 bytes). Lines must be in startedAt order, as
run writes them.

ACP transcripts (an acp-agent.v1 run's transcript.jsonl, told by its first
line) are re-judged frame by frame without the agent, from the recorded bytes:
framing, envelopes, responses matched to the suite's requests, result and update
schemas, session order, gated and out-of-root requests. When the run's
acceptance.json is beside the transcript (or --report names it), verify also
checks that the report agrees: every clause the frames break is a FAIL there,
and every frame a FAIL cites is in the transcript with the same bytes. Options
of this form (instead of the ones below):
  --frame-bytes N         the frame bound (default: the report's, else 32 MiB)
  --report FILE           the run's acceptance.json (default: beside the transcript)`,
    exits: `Exit codes:
  0  the transcript is consistent (ACP: and the report agrees with it)
  1  a clause is violated: each clause ID is printed with the offending line numbers
     (ACP: or the report disagrees with the transcript)
  2  usage error, a transcript that cannot be read (the line and field are named),
     or one that holds no call or frame (nothing was verified)`,
  },
  replay: {
    summary: 're-run the stored failures of a report directory: FIXED, FAILED or FLAKY',
    usage: 'Usage: adapter-qualify replay <report-dir> [options]',
    about: `Re-runs every failure stored in a report directory (failures/<clause>.json: the
test, seed, fast-check path, run options and the full requests of the shrunk case)
against the adapter, three times, and answers per case:
  FIXED         passed three times in a row
  FAILED        failed, and never passed
  FLAKY         both passed and failed
  INCONCLUSIVE  no evidence either way (e.g. the adapter stopped answering)

ACP reports (profile acp-agent.v1 in acceptance.json): each stored failure
(failures/<clause>.json) is its case's run command: the one case by name (--only),
its seed and --runs, and for a property case the fast-check path of its shrunk
case (--replay-path), so only that case runs, with exactly the shrunk sequence.
It runs against the agent three times, each in a directory of its own, and is
answered as above from the clause's verdict; --adapter names an agent.json to use
instead of the recorded one, --clause an acp-agent.v1 clause ID.`,
    exits: `Exit codes:
  0  every replayed failure is FIXED (or none is stored)
  1  some failure is not FIXED
  2  usage error: not a report directory, an unknown clause, a bad adapter.json
     or agent.json, a stored case that cannot be read`,
  },
  'self-check': {
    summary: 'qualify the reference adapter and every mutant; print the kill matrix and mutation score',
    usage: 'Usage: adapter-qualify self-check [options]',
    about: `Proves the suite's own power: qualifies the reference adapter (the control, a
complete run with its lifecycle file) and every mutant in adapters/mutants/
(each limited to the tests of its claimed clauses, and to the suite files
holding them), then the manifest reference directory (the adapter-manifest.v1
control) and every fixture in adapters/manifest-fixtures/. It passes only when
both controls are green and every mutant FAILs at its claimed clauses. A red
control voids its profile's rows. Mutants whose claims this version does not
check yet are listed as not judgeable. With --profile acp-agent it qualifies
the reference ACP agent and every mutant in adapters/acp-mutants/ instead
(options --out, --seed, --seeds, --runs, --parallel, --mutant; a sweep
passes only when every seed kills every mutant). Without --profile, both.`,
    exits: `Exit codes:
  0  the controls are green and every judgeable mutant was killed at its claims
     (with --threshold: the score is at least N)
  1  a control is red (void), or a mutant survived, was killed for the wrong
     reason or with findings, timed out or errored
  2  usage error
  3  self-check itself failed`,
  },
  list: {
    summary: 'print the clause catalog: ID, level, family, checking files, rule (--json, --markdown)',
    usage: 'Usage: adapter-qualify list [--json | --markdown] [--profile coding-operation.v1|adapter-manifest.v1]',
    about: `Prints every clause of both profiles in catalog order: its ID, level (MUST or
SHOULD), family, the files whose checks decide it, and its rule in one line.
Every conformance test name starts with the IDs it decides, so
'run --only ID' runs exactly those tests.`,
    exits: 'Exit codes: 0; 2 usage error.',
  },
  config: {
    summary: 'print an adapter.json as the host runs it: relative file arguments made absolute',
    usage: `Usage: adapter-qualify config <adapter.json> [--out FILE]
       adapter-qualify config reference|python-example [--out FILE]`,
    about: `Prints the configuration (every CFG clause checked first) with each argvPrefix
item that names a file relative to the configuration's directory replaced by its
absolute path: the host starts [executable, ...argvPrefix, action] without
setting a working directory or ADAPTER_QUALIFY_SCRATCH, while run starts the
adapter in the configuration's directory. 'reference' and 'python-example' name
the bundled adapters (their ledger then lives in $XDG_STATE_HOME/adapter-qualify/).
Words the executable looks up itself (/usr/bin/env node) are kept, and named on
stderr: the host's PATH decides them.`,
    exits: 'Exit codes: 0; 2 usage or configuration error (the CFG clause is named).',
  },
};

function commandHelp(command: CommandName): string {
  const { usage, about, exits } = COMMAND_HELP[command];
  return `${usage}\n\n${about}\n\nOptions:\n${renderOptions(command)}\n\n${exits}\n`;
}

const TOP = `adapter-qualify: conformance suite for algal.coding-operation.v1 adapters

Usage:
  adapter-qualify <command> [options]
  adapter-qualify --help, -h    show this help
  adapter-qualify --version     print the version

Commands:
${COMMANDS.map((command) => `  ${command.padEnd(10)}  ${COMMAND_HELP[command].summary}`).join('\n')}

Run 'adapter-qualify <command> --help' for the options of a command.

${EXIT_CODES}
`;

/**
 * Help texts of the command line, by topic: `top` for `adapter-qualify --help`,
 * one per command for `adapter-qualify <command> --help`, each generated from the
 * command's option table and the defaults in `runOptionDefaults.ts`.
 * @public
 */
export const helpText: Readonly<Record<'top' | CommandName, string>> = Object.freeze({
  top: TOP,
  ...(Object.fromEntries(COMMANDS.map((command) => [command, commandHelp(command)])) as Record<CommandName, string>),
});
