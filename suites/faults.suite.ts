import { afterAll } from 'vitest';
import { payload } from '../generators/payload.js';
import { FaultFile, killedAtAnyPoint, leavesNoProcess, pausedPastDeadline, survivesRestart } from '../harness/suite/faultProperties.js';
import { qualifyTest } from '../harness/suite/qualifyTest.js';

// Faults: crashes (SIGKILL), pauses (SIGSTOP past the host deadline), a declared restart step,
// and processes outliving settlement; how the faults are planned and injected is said in
// harness/suite/faultProperties.ts. Every process this file's calls left behind is killed before
// the file ends.

const faults = new FaultFile(payload);
afterAll(() => {
  faults.reapAll();
});

qualifyTest({ clauses: ['SEM-CRASH-CONSISTENT'], title: 'after a submit is killed (SIGKILL) at any point, every call gives valid evidence and one admission' }, (context) =>
  killedAtAnyPoint(faults, context),
);

qualifyTest({ clauses: ['SEM-UNCERTAIN-RECOVERY'], title: 'after a submit paused past its deadline (uncertain), observe agrees with every other witness' }, (context) =>
  pausedPastDeadline(faults, context),
);

qualifyTest({ clauses: ['SEM-LOCAL-SETTLEMENT'], title: 'after a terminal outcome, no process started by a call for the operation is still running' }, (context) =>
  leavesNoProcess(faults, context),
);

// The restart runs while other tests may be calling the adapter on their own
// operations (a restart step must be safe on a live ledger, as the reference's
// fsck is: it drops only temp files too old to belong to a live writer); this
// test judges only its own operations, admitted before and checked after.
qualifyTest({ clauses: ['SEM-DURABLE-RESTART'], title: 'after the declared restart step, every key, acceptanceRef and terminal envelope is unchanged' }, (context) =>
  survivesRestart(faults, context),
);
