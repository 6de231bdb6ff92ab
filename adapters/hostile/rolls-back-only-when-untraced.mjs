// The reference adapter, except when no tracer is attached (`TracerPid:\t0` in /proc/self/status): then a submit that
// ran past the deadline it assumes (stopped past the host's deadline, and resumed) deletes the operation's records, the
// admission earlier calls reported included (the overrun-submit-rolls-back mutant's ledger). Traced, it behaves exactly
// as the reference does.
import { runReferenceUnlessTraced } from './_whenUntraced.mjs';

await runReferenceUnlessTraced(async (load) => (await load('mutants/sem/overrunSubmitRollsBack.js')).overrunSubmitRollsBack.behavior.ledger);
