import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { packageRoot } from '../../harness/packageRoot.js';
import { locateTracer } from '../../harness/faults/strace.js';
import { DEFAULT_PYTHON } from '../../harness/faults/stepTracer.js';
import type { AcceptanceReport } from '../../reports/types.js';

// The bundled correct command adapters and the verdicts each gets, clause by clause: the one table that
// conformingAdapters.test.ts checks at rest and verdictsUnderLoad.load.test.ts beside busy loops.

/** A bundled correct command adapter and the verdicts it must get. */
export interface CorrectAdapter {
  readonly name: string;
  /** Its adapter configuration: a path in the package, or one written below the given directory. */
  readonly config: string | ((root: string) => string);
  /** Its lifecycle file (its restart step), a path in the package, or null when it declares none. */
  readonly lifecycle: string | null;
  readonly verdict: 'conformant' | 'incomplete';
  /** Every applicable clause that is not PASS, as `ID VERDICT`, in report order. */
  readonly open: readonly string[];
}

/** The SDK seam's clauses: SKIP, not applicable, in every command adapter's report. */
const NOT_APPLICABLE_TO_COMMAND_ADAPTERS = ['SDK-SHAPE', 'SDK-NO-MUTATION', 'SDK-OBSERVE-NO-PAYLOAD', 'SDK-CANCEL'];

/** The TypeScript reference, with its restart step: conformant. */
export const REFERENCE: CorrectAdapter = {
  name: 'reference (TypeScript)',
  config: 'adapters/reference/adapter.json',
  lifecycle: 'adapters/reference/lifecycle.json',
  verdict: 'conformant',
  open: [],
};

/**
 * The Python example behind its wrapper ({@link pythonBehindWrapper}), which declares no restart step: incomplete,
 * with nothing open but SEM-DURABLE-RESTART. Its fault clauses PASS too, by syscall wherever strace runs: a shell
 * wrapper in front of python3 adds no crash point of its own, and the syncs share the points of their neighbours.
 */
export const PYTHON_EXAMPLE: CorrectAdapter = {
  name: 'python-example',
  config: pythonBehindWrapper,
  lifecycle: null,
  verdict: 'incomplete',
  open: ['SEM-DURABLE-RESTART SKIP'],
};

/**
 * The Python example behind a shell wrapper, as version managers install one: a command substitution (a subshell
 * writing to a pipe of the call's own process tree) and the interpreter as the wrapper's child, not exec'd. The
 * wrapper runs the system interpreter, which the step tracer needs anyway. pyenv's shim, which `/usr/bin/env python3`
 * finds first on the development machines, has the same shape but costs 0.15 s of bash per call. (`adapter.test.ts`
 * runs the example exactly as its adapter.json says.)
 * @param root - an existing directory; the wrapper and its configuration go in a new `python-wrapper` below it
 *   (a directory of its own: the adapter's directory may not hold the run's --out)
 * @returns the configuration's path
 */
export function pythonBehindWrapper(root: string): string {
  const dir = join(root, 'python-wrapper');
  mkdirSync(dir);
  const wrapper = join(dir, 'python3');
  writeFileSync(wrapper, `#!/bin/sh\npython=$(command -v ${DEFAULT_PYTHON})\n"$python" "$@"\n`, { mode: 0o755 });
  const config = join(dir, 'adapter.json');
  const script = join(packageRoot, 'adapters/python-example/adapter.py');
  writeFileSync(config, JSON.stringify({ protocol: 'algal.coding-operation.v1', authorityId: 'python-ledger', executable: wrapper, argvPrefix: [script, '--authority', 'python-ledger'] }));
  return config;
}

/**
 * The `run` arguments that qualify an adapter as the tests do: its configuration, then its lifecycle file if any.
 * @param adapter - the adapter
 * @param root - where a configuration the test writes goes
 */
export function correctAdapterConfig(adapter: CorrectAdapter, root: string): { readonly configPath: string; readonly lifecycleArgs: readonly string[] } {
  const configPath = typeof adapter.config === 'string' ? join(packageRoot, adapter.config) : adapter.config(root);
  return { configPath, lifecycleArgs: adapter.lifecycle === null ? [] : ['--lifecycle', join(packageRoot, adapter.lifecycle)] };
}

/**
 * Asserts the adapter's verdicts, clause by clause: no suite error, every applicable clause PASS but its `open`
 * ones, the SDK clauses SKIP as not applicable, both fault clauses judged by the method this machine's tracer gives
 * (syscall wherever strace runs), and the report's verdict.
 * @param adapter - the adapter and its expected verdicts
 * @param report - its run's report (null fails, naming `stderr`)
 * @param stderr - the CLI's stderr, for the failure message
 */
export async function expectCorrectAdapterVerdicts(adapter: CorrectAdapter, report: AcceptanceReport | null, stderr: string): Promise<void> {
  expect(report, stderr).not.toBeNull();
  const notPassed = report!.clauses.filter((entry) => entry.verdict !== 'PASS');
  expect(
    notPassed.filter((entry) => entry.applicable !== false).map((entry) => `${entry.id} ${entry.verdict}`),
    // The suite errors say why a clause went unexercised; the CLI's stderr says what the run saw.
    JSON.stringify({ notPassed: notPassed.map(({ id, verdict, reason }) => ({ id, verdict, reason })), suiteErrors: report!.suiteErrors, stderr: stderr.slice(-4000) }, null, 1),
  ).toEqual(adapter.open);
  expect(report!.suiteErrors).toEqual([]);
  expect(notPassed.filter((entry) => entry.applicable === false).map((entry) => entry.id)).toEqual(NOT_APPLICABLE_TO_COMMAND_ADAPTERS);
  const faults = report!.clauses.filter((entry) => entry.id === 'SEM-CRASH-CONSISTENT' || entry.id === 'SEM-UNCERTAIN-RECOVERY');
  const method = (await locateTracer()).method;
  expect(faults.map((entry) => `${entry.id} ${entry.method}`)).toEqual([`SEM-CRASH-CONSISTENT ${method}`, `SEM-UNCERTAIN-RECOVERY ${method}`]);
  expect(report!.verdict).toBe(adapter.verdict);
}
