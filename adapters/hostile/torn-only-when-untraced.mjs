// The reference adapter, except when no tracer is attached (`TracerPid:\t0` in /proc/self/status):
// then it writes a new admission record in place, in two halves 1 s apart (most of an untraced submit's time), so a kill in between
// leaves a record no later call can read. Traced, it behaves exactly as the reference does.
import { runReferenceUnlessTraced } from './_whenUntraced.mjs';

await runReferenceUnlessTraced(async (load) => (await load('mutants/ledgerDefects.js')).admissionInHalves(1000));
