// Shared by the hostile fixtures that behave as the reference adapter only while a tracer is attached: runs the built
// reference adapter (npm run build) on this process's arguments, with another ledger when /proc/self/status shows
// `TracerPid:\t0` (no tracer attached).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = new URL('../../dist/adapters/', import.meta.url);

function traced() {
  try {
    return !/^TracerPid:\s*0$/m.test(readFileSync('/proc/self/status', 'latin1'));
  } catch {
    return false;
  }
}

/**
 * @param {(load: (module: string) => Promise<Record<string, unknown>>) => Promise<object>} untracedLedger - the ledger to use when
 *   untraced, from the built modules under dist/adapters/ (`load('mutants/ledgerDefects.js')`).
 */
export async function runReferenceUnlessTraced(untracedLedger) {
  const load = (module) => import(fileURLToPath(new URL(module, dist)));
  const { runAdapter } = await load('reference/runAdapter.js');
  const { referenceBehavior } = await load('reference/referenceBehavior.js');
  const behavior = traced() ? referenceBehavior : Object.freeze({ ...referenceBehavior, ledger: await untracedLedger(load) });
  process.exitCode = await runAdapter(behavior, process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env });
}
