import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { packageRoot } from '../../../harness/packageRoot.js';
import { canonicalJson } from '../../../harness/protocol/canonicalJson.js';
import { checkUniqueKeys } from '../../../harness/protocol/checkUniqueKeys.js';
import { limits } from '../../../harness/protocol/types.js';
import { callAdapter, type AdapterCommand, type CallResult } from '../../reference/__test-helpers__/callAdapter.js';
import type { SmokeStep } from './smokeScenarios.js';
import { tmpdir } from 'node:os';
import { locateTracer } from '../../../harness/faults/strace.js';
import { recordDurableSteps } from '../../../harness/faults/traceSession.js';
import { runFaultedCall } from '../../../harness/faults/runFaultedCall.js';

const MARKER = 'ADAPTER_QUALIFY_SMOKE_MARKER';

/**
 * Runs a scenario and returns one comparable line per call: exit code and
 * stdout, with acceptanceRefs renamed `ref#1`, `ref#2`, … by first appearance
 * (a correct adapter's refs are random, their pattern is not).
 *
 * @param command - the adapter, with its own fresh `--ledger`
 * @param ledgerDir - that ledger (watched by `kill-when-admitted`)
 * @param steps - the scenario
 */
export async function runSmokeScenario(command: AdapterCommand, ledgerDir: string, steps: readonly SmokeStep[]): Promise<string[]> {
  const marker = randomUUID();
  const marked = { ...command, env: { ...command.env, [MARKER]: marker } };
  const refs = new Map<string, string>();
  const lines: string[] = [];
  for (const step of steps) {
    if (step.kind === 'call') {
      lines.push(describe(await callAdapter(marked, step.action, step.text), refs));
    } else if (step.kind === 'parallel') {
      const results = await Promise.all(Array.from({ length: step.count }, () => callAdapter(marked, step.action, step.text)));
      lines.push(
        results
          .map((result) => describe(result, refs))
          .sort()
          .join(' | '),
      );
    } else if (step.kind === 'race') {
      const results = await Promise.all(step.texts.map((text) => callAdapter(marked, step.action, text)));
      lines.push(
        results
          .map((result) => describe(result, refs))
          .sort()
          .join(' | '),
      );
    } else if (step.kind === 'kill-when-admitted') {
      lines.push(await killWhenAdmitted(marked, ledgerDir, step.text));
    } else if (step.kind === 'kill-at-durable') {
      lines.push(await killAtDurable(marked, step));
    } else if (step.kind === 'pause') {
      lines.push(describe(await pausedSubmit(marked, step.text, step.pausedMs), refs));
    } else if (step.kind === 'wait') {
      await new Promise((resolve) => setTimeout(resolve, step.ms));
    } else if (step.kind === 'restart') {
      lines.push(await restart(ledgerDir));
    } else {
      lines.push(`marked processes: ${endMarkedProcesses(marker)}`);
    }
  }
  return lines;
}

function describe(result: CallResult, refs: Map<string, string>): string {
  let stdout = result.stdout.length > 200 ? `${result.stdout.slice(0, 200)}… (${result.stdout.length})` : result.stdout;
  try {
    const outcome = JSON.parse(result.stdout) as Record<string, unknown>;
    const ref = outcome.acceptanceRef;
    if (typeof ref === 'string') {
      if (!refs.has(ref)) refs.set(ref, `ref#${refs.size + 1}`);
      outcome.acceptanceRef = refs.get(ref);
    }
    // Parsing keeps the last of repeated keys: the repetition itself is a difference.
    stdout = canonicalJson(outcome) + (checkUniqueKeys(result.stdout).kind === 'duplicate' ? ' (repeats a key)' : '');
  } catch {
    // Not one JSON value: compare the raw text.
  }
  // Over the host's stderr bound the call is void there, whatever stdout says.
  return `${result.exitCode} ${stdout}${Buffer.byteLength(result.stderr) > limits.maxStderrBytes ? ' (stderr over the host bound)' : ''}`;
}

function hasAdmission(dir: string): boolean {
  try {
    return readdirSync(dir, { recursive: true }).some((entry) => String(entry).endsWith('admission.json'));
  } catch {
    return false;
  }
}

async function killWhenAdmitted(command: AdapterCommand, ledgerDir: string, text: string): Promise<string> {
  const child = execa(command.file, [...command.args, 'submit'], { input: text, reject: false, env: command.env ?? {} });
  const deadline = Date.now() + 5_000;
  while (child.exitCode === null && Date.now() < deadline && !hasAdmission(ledgerDir)) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  child.kill('SIGKILL');
  await child;
  return 'submit killed';
}

async function killAtDurable(command: AdapterCommand, step: Extract<SmokeStep, { kind: 'kill-at-durable' }>): Promise<string> {
  const tracer = await locateTracer();
  if (tracer.method !== 'syscall') throw new Error(`this smoke step needs the step tracer: ${tracer.reason}`);
  const target = { executable: command.file, argvPrefix: command.args, cwd: command.cwd ?? tmpdir(), env: command.env ?? {} };
  const bounds = { timeoutMs: 10_000, maxOutputBytes: 1_048_576, signal: undefined };
  const { steps } = await recordDurableSteps(tracer.injector, target, { action: 'submit', requestText: step.recordText }, bounds);
  const chosen = steps.filter((recorded) => recorded.syscall === step.syscall)[step.nth - 1];
  if (chosen === undefined) return `no ${step.nth}. durable ${step.syscall}`;
  const killed = await runFaultedCall(target, { action: 'submit', requestText: step.text }, bounds, { kind: 'kill-at', tracer: tracer.injector, step: chosen, of: steps.length });
  return killed.faulted ? 'submit killed' : 'submit not killed';
}

async function pausedSubmit(command: AdapterCommand, text: string, pausedMs: number): Promise<CallResult> {
  const child = execa(command.file, [...command.args, 'submit'], { input: text, reject: false, env: command.env ?? {}, stripFinalNewline: false });
  // Stopped before Node has started (it starts threads only after taking its start time), the process
  // would start its clock only when continued, and never see the pause: wait for a second thread first.
  const deadline = Date.now() + 5_000;
  while (child.pid !== undefined && Date.now() < deadline && threads(child.pid) < 2) {
    // Busy-wait: a timer tick could let the whole call finish.
  }
  child.kill('SIGSTOP');
  await new Promise((resolve) => setTimeout(resolve, pausedMs));
  child.kill('SIGCONT');
  const result = await child;
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}

function threads(pid: number): number {
  try {
    return Number(/^Threads:\s*(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function restart(ledgerDir: string): Promise<string> {
  const script = join(packageRoot, 'dist', 'adapters', 'reference', 'restart.js');
  const result = await execa(process.execPath, [script, '--ledger', ledgerDir], { reject: false, env: { ADAPTER_QUALIFY_SCRATCH: dirname(ledgerDir) } });
  return `restart exit ${String(result.exitCode)}`;
}

/** Finds processes whose environment carries the marker (Linux /proc), ends them by pid, returns how many. */
function endMarkedProcesses(marker: string): number {
  const needle = `${MARKER}=${marker}`;
  let count = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(needle)) {
        count += 1;
        process.kill(Number(entry), 'SIGKILL');
      }
    } catch {
      // The process ended, or is not ours to read.
    }
  }
  return count;
}
