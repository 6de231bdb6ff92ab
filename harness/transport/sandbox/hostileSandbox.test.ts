import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../packageRoot.js';
import { bounds, fixtureTarget } from '../__test-helpers__/fixtureTarget.js';
import { runAdapterCall } from '../runAdapterCall.js';
import { endThisThreadSpawner } from '../spawner.js';
import { openRunSandbox, probeSandboxSupport, type RunSandbox } from './openRunSandbox.js';
import { enterSandboxContext } from './sandboxPlan.js';
import type { HostileFixture } from '../../../adapters/hostile/hostileFixturePath.js';

const hasBubblewrap = process.platform === 'linux' && probeSandboxSupport().mechanism === 'bubblewrap';

/** A secret of the suite's own environment, which no output of the candidate may carry in any encoding. */
const SECRET_NAME = 'AQ_SANDBOX_TEST_SECRET';
const SECRET = `s3cr3t-${randomBytes(12).toString('hex')}`;

/** Every decoding of the fixture's lines the test tries: as printed, from base64, from hex. */
function decodings(text: string): string[] {
  return text.split('\n').flatMap((line) => [line, Buffer.from(line, 'base64').toString('latin1'), /^[0-9a-f]+$/.test(line) ? Buffer.from(line, 'hex').toString('latin1') : '']);
}

async function call(fixture: HostileFixture, args: readonly string[] = []): Promise<string> {
  const record = await runAdapterCall(fixtureTarget(fixture, args), { action: 'submit', requestText: '{}' }, bounds({ timeoutMs: 60_000 }));
  expect(record).toMatchObject({ uncertainty: null, exitCode: 0 });
  return record.stdout;
}

/** Runs `body` with the run's sandbox of `sandbox` (or none), each with a spawner of its own. */
async function within<T>(sandbox: RunSandbox | null, body: () => Promise<T>): Promise<T> {
  const leave = enterSandboxContext(sandbox?.plan ?? null);
  try {
    return await body();
  } finally {
    endThisThreadSpawner();
    leave();
  }
}

describe.runIf(hasBubblewrap)('hostile candidates in the run sandbox', () => {
  let root: string;
  let sandbox: RunSandbox;
  let evidence: { transcriptPart: string; tracerLog: string; reportDir: string; suiteFile: string };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'hostile-sandbox-test-'));
    for (const dir of ['state', 'work', 'out', 'suite']) mkdirSync(join(root, dir));
    evidence = {
      transcriptPart: join(root, 'work', 'transcript.part'),
      tracerLog: join(root, 'work', 'trace.log'),
      reportDir: join(root, 'out'),
      suiteFile: join(root, 'suite', 'clauses.ts'),
    };
    for (const file of [evidence.transcriptPart, evidence.tracerLog, evidence.suiteFile]) writeFileSync(file, 'original\n');
    sandbox = openRunSandbox({
      disabled: false,
      allowNetwork: false,
      state: [join(root, 'state')],
      hidden: [packageRoot, homedir(), join(root, 'work'), join(root, 'out'), join(root, 'suite')],
      exposed: [join(packageRoot, 'adapters', 'hostile')],
      tag: `hostile-${String(process.pid)}`,
      exchangeDir: join(root, 'work', 'exchange'),
    });
  });
  afterAll(() => {
    sandbox.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("reads no environment of the suite's, in clear, base64 or hex (the same reader without the sandbox finds it)", async () => {
    // A process of the suite's side holding a secret in its environment (the CLI's, as a CI job starts it).
    const holder = spawn('/bin/sleep', ['120'], { env: { [SECRET_NAME]: SECRET }, stdio: 'ignore' });
    try {
      const holderPid = String(holder.pid);
      const carriesSecret = (output: string): boolean => decodings(output).some((text) => text.includes(SECRET));
      // Control (reading that one process only: unsandboxed, every process of the machine would be readable).
      expect(carriesSecret(await within(null, () => call('ancestor-environ-reader', ['--only', holderPid])))).toBe(true);
      const inside = await within(sandbox, () => call('ancestor-environ-reader', [holderPid]));
      expect(/\{"seen":\d+\}\n$/.test(inside)).toBe(true);
      expect(carriesSecret(inside)).toBe(false);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it("changes none of the suite's files, logs, transcript parts or report directory, through a path, an open descriptor or a command line (each reachable without the sandbox)", async () => {
    const paths = [evidence.transcriptPart, evidence.suiteFile, evidence.reportDir];
    // The suite holds its tracer log open, as the step tracer does, with --out on a command line.
    const held = openSync(evidence.tracerLog, 'a');
    try {
      const inside = await within(sandbox, () => call('evidence-tamperer', paths));
      expect(inside.split('\n').filter((line) => line.startsWith('wrote '))).toEqual([]);
      for (const file of [evidence.transcriptPart, evidence.tracerLog, evidence.suiteFile]) expect(readFileSync(file, 'utf8')).toBe('original\n');
      expect(readdirSync(evidence.reportDir)).toEqual([]);
      // Control: the same candidate, unsandboxed, reaches each path (paths only: unsandboxed, the descriptors and command lines are every process's).
      const outside = await within(null, () => call('evidence-tamperer', ['--paths-only', ...paths]));
      expect(outside.split('\n').filter((line) => line.startsWith('wrote '))).toHaveLength(3);
    } finally {
      closeSync(held);
    }
  });
});
