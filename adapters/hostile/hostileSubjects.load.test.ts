import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adapterProcessesUnder } from '../../harness/__test-helpers__/adapterProcessesUnder.js';
import { busyLoopsDuringThisBlock } from '../../harness/__test-helpers__/interruptedRun.js';
import { fixtureProcessesOfRun, processesNaming } from '../../harness/__test-helpers__/processesNaming.js';
import { runCliCommand, type CliRun } from '../../harness/__test-helpers__/runQualifyCli.js';
import { temporaryRoot } from '../../harness/__test-helpers__/temporaryRoot.js';
import { packageRoot } from '../../harness/packageRoot.js';
import { hostileFixtureCommand, hostileFixturePath, type HostileFixture } from './hostileFixturePath.js';

// The hostile subjects that leave processes behind or fight containment, beside two busy loops per core: each
// run ends in a report with an adapter verdict (exit 0 or 1, never 3), and 1 s after it no process of the
// candidate is alive. hostileSubjects.test.ts and hostileAgents.test.ts check the same at rest, with the
// verdicts; here only what load must not change is asserted. Its own npm script (`npm run test:load`).

const root = temporaryRoot('hostile-under-load');

const SETTLEMENT = ['--only', '^SEM-LOCAL-SETTLEMENT', '--runs', '1'];
const OUTCOME_WALK = ['--only', '^OUT-JSON', '--runs', '1'];

interface LeavingSubject {
  readonly fixture: HostileFixture;
  /** Arguments before the action. */
  readonly fixtureArgs?: readonly string[];
  readonly args: readonly string[];
}

const ALGAL_SUBJECTS: readonly LeavingSubject[] = [
  { fixture: 'setsid-fork-bomb', args: SETTLEMENT },
  { fixture: 'grandchild-holds-stdout', args: [...OUTCOME_WALK, '--timeout-ms', '1000'] },
  { fixture: 'setsid-env-clear-late-writer', args: SETTLEMENT },
  { fixture: 'late-terminal-rewriter', args: SETTLEMENT },
  { fixture: 'late-terminal-rewriter-env-cleared', args: SETTLEMENT },
  { fixture: 'kill-keeper', args: SETTLEMENT },
  ...(['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGSTOP'] as const).map((signal) => ({ fixture: 'signals-every-process' as const, fixtureArgs: [signal], args: OUTCOME_WALK })),
  { fixture: 'kills-its-parent', args: OUTCOME_WALK },
];

/** The ACP agents that leave a process behind, each found by the command line of what it leaves. */
const ACP_SUBJECTS = [
  { agent: 'forks-and-exits.sh', leaves: 'sleep 1003' },
  { agent: 'closes-stdout.sh', leaves: 'sleep 1002' },
] as const;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the CLI with a TMPDIR of the run's own, and returns the run once it is checked for a report and an adapter
 * verdict, with what is alive 1 s after its end: the processes naming `markers` or the run's TMPDIR (on the command
 * line, or as their scratch directory in the environment).
 */
async function runAndCountSurvivors(
  name: string,
  words: readonly string[],
  args: readonly string[],
  markers: (outDir: string) => readonly string[],
): Promise<{ run: CliRun<unknown>; alive: string[] }> {
  const tmp = join(root(), `${name}-tmp`);
  await mkdir(tmp);
  const outDir = join(root(), name);
  const run = await runCliCommand<unknown>('run', words, outDir, [...args, '--seed', '1'], 600_000, { TMPDIR: tmp });
  expect(run.report, `${run.stdout}\n${run.stderr}`).not.toBeNull();
  expect([0, 1], run.stderr).toContain(run.exitCode);
  await sleep(1_000);
  const alive = [...markers(outDir), ...processesNaming(tmp), ...adapterProcessesUnder(tmp).map(String)];
  return { run, alive };
}

describe.runIf(process.platform === 'linux')('hostile subjects that leave processes beside two busy loops per core', () => {
  busyLoopsDuringThisBlock();

  describe.concurrent('algal adapters', () => {
    it.each(ALGAL_SUBJECTS.map((subject) => ({ ...subject, name: [subject.fixture, ...(subject.fixtureArgs ?? [])].join(' ') })))(
      '$name: a report, exit 0 or 1, no process alive 1 s after the run',
      async (subject) => {
        const name = subject.name.replaceAll(' ', '-');
        const configPath = join(root(), `${name}.json`);
        const config = { protocol: 'algal.coding-operation.v1', authorityId: 'reference-ledger', ...hostileFixtureCommand(subject.fixture, subject.fixtureArgs) };
        await writeFile(configPath, JSON.stringify(config));
        const fixture = hostileFixturePath(subject.fixture);
        const { alive } = await runAndCountSurvivors(name, [configPath], subject.args, (outDir) => fixtureProcessesOfRun(fixture, subject.fixtureArgs, outDir));
        expect(alive).toEqual([]);
      },
      900_000,
    );
  });

  describe.concurrent('ACP agents', () => {
    it.each(ACP_SUBJECTS)(
      '$agent: a report, exit 0 or 1, no process alive 1 s after the run',
      async ({ agent, leaves }) => {
        const configPath = join(root(), `${agent}.json`);
        await writeFile(configPath, JSON.stringify({ profile: 'acp-agent.v1', executable: join(packageRoot, 'adapters', 'acp-hostile', agent), passEnv: ['PATH'] }));
        const { alive } = await runAndCountSurvivors(agent, [configPath], ['--bootstrap-timeout-ms', '5000', '--inactivity-ms', '5000'], () => processesNaming(leaves));
        expect(alive).toEqual([]);
      },
      900_000,
    );
  });
});
