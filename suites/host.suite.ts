import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { hostileFixtureCommand, type HostileFixture } from '../adapters/hostile/hostileFixturePath.js';
import type { ClauseId } from '../harness/clauses.js';
import { validateAdapterConfig } from '../harness/config/adapterConfig.js';
import { checkHistory } from '../harness/history/checkHistory.js';
import { classifyCall } from '../harness/judge/callEvidence.js';
import { digestText } from '../harness/protocol/digest.js';
import { OUTCOME_CONTRACT, type Binding, type Outcome, type TerminalOutcome } from '../harness/protocol/types.js';
import { callExcerpt } from '../harness/suite/callExcerpt.js';
import type { EvidenceRecorder } from '../harness/suite/EvidenceRecorder.js';
import { qualifyTest } from '../harness/suite/qualifyTest.js';
import type { CallRecord } from '../harness/transport/callRecord.js';
import { runAdapterCall } from '../harness/transport/runAdapterCall.js';
import type { CallBounds } from '../harness/transport/OperationTransport.js';
import { violation } from '../harness/violation.js';

// Host obligations (the CFG and WIRE clauses and the history checker), proven on this machine at
// the start of every run: the suite trusts its own observations only after its
// transport has shown, against the bundled hostile fixtures, that it classifies
// each hostile behaviour exactly as the WIRE clauses demand.

// The fixtures answer in milliseconds; only a deadlock of the suite's own transport should reach this deadline,
// never a CPU-starved machine (a stderr flood took 6.5 s with every core busy), or the host's own timer would fail a host clause.
const FIXTURE_BOUNDS: CallBounds = { timeoutMs: 30_000, maxOutputBytes: 4_096, signal: undefined };
/** Deadline of the call to the fixture that hangs: it never exits, so any deadline shows the call ending there. */
const HANG_DEADLINE_MS = 100;
/**
 * Deadlines of the call whose grandchild holds stdout open, tried in turn: the call ends at its deadline, and only a
 * fixture that exited before it (its grandchild still holding the pipe) exercised the held-open path. Idle, the first
 * deadline is plenty (the shell fixture exits about 5 ms after spawn); a starved machine gets the longer ones, so the
 * case is quick where it can be and exercised wherever it runs, not at the mercy of one fixed guess.
 */
const HELD_OPEN_DEADLINES_MS = [50, 1_000, 4_000, 16_000] as const;
/**
 * Time past a deadline for the group's kill and the streams' close. A starved machine is slow to reap (a host check
 * once took over 3 s past a 400 ms deadline in CI), and the host's own slowness must not fail a host clause; this is
 * still far short of what the fixtures take on their own (the hang never ends, the grandchild holds stdout 30 s), so
 * a transport that waited for them instead of ending the call at its deadline fails.
 */
const DEADLINE_SLACK_MS = 20_000;
const BINDING: Binding = { operationId: 'host-check', authorityId: 'host-check', requestDigest: digestText('host-check') };

function fixtureCall(name: HostileFixture, options: { extraArgs?: string[]; requestText?: string; bounds?: Partial<CallBounds>; cwd: string }): Promise<CallRecord> {
  return runAdapterCall(
    { ...hostileFixtureCommand(name, options.extraArgs), cwd: options.cwd, env: {} },
    { action: 'submit', requestText: options.requestText ?? '{}' },
    { ...FIXTURE_BOUNDS, ...options.bounds },
  );
}

/** Records one host check: a case for `clauseId`, and a violation for each broken expectation. */
function expectHost(recorder: EvidenceRecorder, clauseId: ClauseId, description: string, record: CallRecord | null, broken: readonly string[]): void {
  recorder.count(clauseId);
  for (const message of broken) {
    recorder.fail(violation(clauseId, `host transport: ${message}`), { description, calls: record === null ? [] : [callExcerpt(record)] });
  }
}

function failures(checks: Record<string, boolean>): string[] {
  return Object.entries(checks)
    .filter(([, held]) => !held)
    .map(([message]) => message);
}

qualifyTest(
  { clauses: ['CFG-CLOSED', 'CFG-PROTOCOL', 'CFG-AUTHORITY', 'CFG-EXECUTABLE', 'CFG-ARGV', 'CFG-ARGV-TOTAL'], title: 'the adapter configuration is the closed host configuration' },
  async ({ options, recorder }) => {
    // Not applicable to SDK runs (notApplicableClauses), so this test only ever runs with a configuration.
    if (options.subject.kind !== 'command') throw new Error('CFG clauses need an adapter configuration');
    const result = validateAdapterConfig(options.subject.config);
    for (const clauseId of ['CFG-CLOSED', 'CFG-PROTOCOL', 'CFG-AUTHORITY', 'CFG-EXECUTABLE', 'CFG-ARGV', 'CFG-ARGV-TOTAL'] as const) {
      recorder.count(clauseId);
      if ('error' in result && result.error.clauseId === clauseId) recorder.fail(violation(clauseId, result.error.message));
    }
  },
);

qualifyTest(
  { clauses: ['WIRE-ARGV', 'WIRE-STDIN'], title: 'argv is exactly [executable, ...argvPrefix, action] and stdin carries the exact request, then closes' },
  async ({ recorder, services }) => {
    const cwd = services.provided.workDir;
    const prefix = ['', 'two words', '$(touch pwned)', '--flag=é'];
    const requestText = JSON.stringify({ note: 'non-ASCII ✓ \u{1F600}', empty: '' });
    const record = await fixtureCall('argv-echo', { extraArgs: prefix, requestText, cwd });
    const echoed = record.exitCode === 0 ? (JSON.parse(record.stdout) as { argv: string[]; stdin: string; call: string | null }) : null;
    expectHost(
      recorder,
      'WIRE-ARGV',
      'argv-echo fixture with empty, spaced and shell-looking argv items',
      record,
      failures({
        'the fixture did not run to completion': echoed !== null,
        'argv differs from [...argvPrefix, action]': JSON.stringify(echoed?.argv) === JSON.stringify([...prefix, 'submit']),
        'a shell interpreted an argument': !existsSync(join(cwd, 'pwned')),
        'the call marker ADAPTER_QUALIFY_CALL is missing': echoed?.call === record.callId,
      }),
    );
    expectHost(
      recorder,
      'WIRE-STDIN',
      'argv-echo fixture reading stdin to its end',
      record,
      failures({
        'stdin did not carry the exact request text, or was not closed': echoed?.stdin === requestText,
      }),
    );
  },
);

qualifyTest({ clauses: ['WIRE-DEADLINE'], title: 'a hanging adapter ends as uncertain at the deadline' }, async ({ recorder, services }) => {
  const record = await fixtureCall('hang', { bounds: { timeoutMs: HANG_DEADLINE_MS }, cwd: services.provided.workDir });
  expectHost(
    recorder,
    'WIRE-DEADLINE',
    `hang fixture with a ${HANG_DEADLINE_MS} ms deadline`,
    record,
    failures({
      'the call was not marked timed out': record.timedOut && record.uncertainty === 'timeout',
      [`the call outlived its ${HANG_DEADLINE_MS} ms deadline by more than ${DEADLINE_SLACK_MS} ms`]: record.endedAt - record.startedAt < HANG_DEADLINE_MS + DEADLINE_SLACK_MS,
    }),
  );
});

qualifyTest({ clauses: ['WIRE-STDOUT-CAP'], title: 'stdout is capped at the output bound and overflow is uncertain' }, async ({ recorder, services }) => {
  const record = await fixtureCall('flood-stdout', { bounds: { maxOutputBytes: 1_024 }, cwd: services.provided.workDir });
  expectHost(
    recorder,
    'WIRE-STDOUT-CAP',
    'flood-stdout fixture (1 GiB) with a 1,024-byte bound',
    record,
    failures({
      'overflow was not uncertain': record.uncertainty === 'output-overflow' && record.stdoutTruncated,
      'more than the bound was kept': Buffer.byteLength(record.stdout) <= 1_024,
    }),
  );
});

qualifyTest({ clauses: ['WIRE-STDERR-CAP', 'WIRE-DRAIN'], title: 'stderr is capped, never a result, and draining it avoids deadlock' }, async ({ recorder, services }) => {
  const record = await fixtureCall('flood-stderr-before-stdin', { cwd: services.provided.workDir });
  expectHost(
    recorder,
    'WIRE-STDERR-CAP',
    'flood-stderr-before-stdin fixture',
    record,
    failures({
      'stderr was kept beyond 65,536 bytes': Buffer.byteLength(record.stderrTail) <= 65_536 && record.stderrTruncated,
      'stderr leaked into the result': !record.stdout.includes('END-OF-STDERR'),
    }),
  );
  expectHost(
    recorder,
    'WIRE-DRAIN',
    'flood-stderr-before-stdin fixture',
    record,
    failures({
      'the call deadlocked or failed instead of completing': record.uncertainty === null && record.exitCode === 0,
    }),
  );
});

qualifyTest({ clauses: ['WIRE-PREABORT'], title: 'a request aborted before dispatch starts no process' }, async ({ recorder, services }) => {
  const sentinel = join(services.provided.workDir, `preabort-${process.pid}`);
  const controller = new AbortController();
  controller.abort();
  const record = await fixtureCall('sentinel-touch', { extraArgs: [sentinel], bounds: { signal: controller.signal }, cwd: services.provided.workDir });
  expectHost(
    recorder,
    'WIRE-PREABORT',
    'sentinel-touch fixture with a pre-aborted signal',
    record,
    failures({
      'a process ran (the sentinel file exists)': !existsSync(sentinel),
      'the call was not reported as pre-aborted': record.uncertainty === 'pre-aborted',
    }),
  );
});

qualifyTest({ clauses: ['WIRE-UNCERTAIN'], title: 'nonzero exit, signals, bad output and held-open streams are uncertain, never evidence' }, async ({ recorder, services }) => {
  const cwd = services.provided.workDir;
  const cases: readonly [HostileFixture, string][] = [
    ['exit-7-valid-outcome', 'a valid-looking outcome with exit code 7'],
    ['killed-by-signal', 'an adapter killed by a signal'],
    ['invalid-utf8', 'stdout that is not UTF-8'],
    ['deep-json', 'stdout of 100,000-deep nested JSON'],
    ['grandchild-holds-stdout', 'a grandchild holding stdout open after exit'],
    ['never-reads-stdin', 'an adapter that never reads stdin and prints a JSON object that is no outcome'],
  ];
  const judge = async ([fixture, description]: readonly [HostileFixture, string], timeoutMs: number = FIXTURE_BOUNDS.timeoutMs): Promise<CallRecord> => {
    const started = Date.now();
    const record = await fixtureCall(fixture, { cwd, bounds: { timeoutMs } });
    const evidence = classifyCall(record, BINDING);
    expectHost(
      recorder,
      'WIRE-UNCERTAIN',
      description,
      record,
      failures({
        [`${fixture}: classified as evidence`]: evidence.kind === 'uncertain',
        [`${fixture}: did not end within its ${timeoutMs} ms deadline (plus ${DEADLINE_SLACK_MS} ms to kill and reap)`]: Date.now() - started < timeoutMs + DEADLINE_SLACK_MS,
      }),
    );
    return record;
  };
  // A held-open pipe is read until the call's deadline: the shortest deadline the fixture exits within keeps the case quick.
  const judgeHeldOpen = async ([fixture, description]: readonly [HostileFixture, string]): Promise<void> => {
    for (const timeoutMs of HELD_OPEN_DEADLINES_MS) {
      const record = await judge([fixture, `${description} (${timeoutMs} ms deadline)`], timeoutMs);
      if (exitedWithStreamsHeld(record)) return;
    }
    const longest = HELD_OPEN_DEADLINES_MS[HELD_OPEN_DEADLINES_MS.length - 1];
    recorder.inconclusive('WIRE-UNCERTAIN', `${fixture} never exited within a ${longest} ms deadline, so a held-open stdout was not exercised`);
  };
  // The held-open case waits out its deadline; the others run meanwhile, in two lanes, one after another in each
  // (three fixture processes at once at most, so the deadline's slack is not spent on a burst of starts).
  const waitsOutItsDeadline = cases.filter(([fixture]) => fixture === 'grandchild-holds-stdout');
  const quick = cases.filter(([fixture]) => fixture !== 'grandchild-holds-stdout');
  const lane = async (fixtures: readonly (readonly [HostileFixture, string])[]): Promise<void> => {
    for (const fixtureCase of fixtures) await judge(fixtureCase);
  };
  await Promise.all([...waitsOutItsDeadline.map(judgeHeldOpen), lane(quick.filter((_, index) => index % 2 === 0)), lane(quick.filter((_, index) => index % 2 === 1))]);
});

/** The fixture exited by itself before the deadline while a process it started kept stdout open, and the call still ended at the deadline. */
function exitedWithStreamsHeld(record: CallRecord): boolean {
  return record.timedOut && record.exitCode !== null;
}

function terminal(revision: number): TerminalOutcome {
  const text = 'done';
  return {
    contract: OUTCOME_CONTRACT,
    ...BINDING,
    revision,
    state: 'terminal',
    acceptanceRef: digestText('admission'),
    outcome: 'completed',
    settlement: 'all-admitted-work-settled',
    result: { text, digest: digestText(text), length: 4 },
  };
}

qualifyTest({ clauses: ['SEM-TERMINAL-WITHOUT-ACCEPT'], title: 'the history checker accepts a first-seen terminal outcome (a lost acknowledgement)' }, async ({ recorder }) => {
  const at = (outcome: Outcome, ref: number) => ({ outcome, startedAt: ref * 10, endedAt: ref * 10 + 5, ref });
  const unknown: Outcome = { contract: OUTCOME_CONTRACT, ...BINDING, revision: 0, state: 'unknown', reason: 'missing' };
  const lostAcknowledgements = [[at(terminal(2), 0)], [at(unknown, 0), at(terminal(2), 1), at(terminal(2), 2)]];
  for (const history of lostAcknowledgements) {
    recorder.count('SEM-TERMINAL-WITHOUT-ACCEPT');
    for (const found of checkHistory(history)) {
      recorder.fail(violation('SEM-TERMINAL-WITHOUT-ACCEPT', `the history checker rejected a lost-acknowledgement history: ${found.clauseId} ${found.message}`));
    }
  }
  // Control: the same checker must still reject a terminal followed by a different outcome, or it proves nothing.
  const accepted: Outcome = { contract: OUTCOME_CONTRACT, ...BINDING, revision: 1, state: 'accepted', acceptanceRef: digestText('admission') };
  if (checkHistory([at(terminal(2), 0), at(accepted, 1)]).length === 0) {
    throw new Error('history checker control failed: a terminal followed by accepted raised no violation');
  }
});
