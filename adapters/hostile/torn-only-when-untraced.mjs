// The reference adapter, except when no tracer is attached (`TracerPid:\t0` in /proc/self/status):
// then it writes a new admission record in place, in two halves 1 s apart (most of an untraced submit's time), so a kill in between
// leaves a record no later call can read. Traced, it behaves exactly as the reference does.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function traced() {
  try {
    return !/^TracerPid:\s*0$/m.test(readFileSync('/proc/self/status', 'latin1'));
  } catch {
    return false;
  }
}

const dist = new URL('../../dist/adapters/', import.meta.url);
const { runAdapter } = await import(fileURLToPath(new URL('reference/runAdapter.js', dist)));
const { referenceBehavior } = await import(fileURLToPath(new URL('reference/referenceBehavior.js', dist)));
const { admissionInHalves } = await import(fileURLToPath(new URL('mutants/ledgerDefects.js', dist)));
const behavior = traced() ? referenceBehavior : Object.freeze({ ...referenceBehavior, ledger: admissionInHalves(1000) });
process.exitCode = await runAdapter(behavior, process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env });
