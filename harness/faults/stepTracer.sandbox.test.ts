import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../packageRoot.js';
import { bounds, fixtureTarget } from '../transport/__test-helpers__/fixtureTarget.js';
import { runAdapterCall } from '../transport/runAdapterCall.js';
import { openRunSandbox, probeSandboxSupport, type RunSandbox } from '../transport/sandbox/openRunSandbox.js';
import { enterSandboxContext } from '../transport/sandbox/sandboxPlan.js';
import { endThisThreadSpawner } from '../transport/spawner.js';
import { locateStepTracer, STEP_TRACER_SCRIPT, stepTracerArgv, type StepTracer } from './stepTracer.js';

const usable = process.platform === 'linux' && probeSandboxSupport().mechanism === 'bubblewrap';

describe.runIf(usable)('the step tracer in the run sandbox', () => {
  let root: string;
  let sandbox: RunSandbox;
  let leave: () => void;
  let tracer: StepTracer | string;

  beforeAll(async () => {
    tracer = await locateStepTracer();
    root = mkdtempSync(join(tmpdir(), 'tracer-sandbox-test-'));
    mkdirSync(join(root, 'work'));
    sandbox = openRunSandbox({
      disabled: false,
      allowNetwork: false,
      state: [],
      hidden: [packageRoot, homedir(), join(root, 'work')],
      exposed: [join(packageRoot, 'adapters', 'hostile'), STEP_TRACER_SCRIPT],
      tag: `tracer-${String(process.pid)}`,
      exchangeDir: join(root, 'work', 'exchange'),
    });
    leave = enterSandboxContext(sandbox.plan);
  });
  afterAll(() => {
    endThisThreadSpawner();
    leave();
    sandbox.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps its log out of the tracee’s reach: no write through /proc/<tracer>/fd lands in it', async () => {
    if (typeof tracer === 'string') throw new Error(tracer);
    const steps = tracer;
    const log = join(root, 'work', 'exchange', 'trace.log');
    const record = await runAdapterCall(fixtureTarget('evidence-tamperer'), { action: 'submit', requestText: '{}' }, bounds({ timeoutMs: 60_000 }), {
      onSpawn: () => undefined,
      wrapArgv: (argv) => stepTracerArgv(steps, log, null, argv),
    });
    expect(record).toMatchObject({ exitCode: 0 });
    expect(record.stdout.split('\n').filter((line) => line.startsWith('wrote '))).toEqual([]);
    expect(readFileSync(log, 'utf8')).not.toContain('tampered');
  });
});
