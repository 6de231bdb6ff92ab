import { payload } from '../generators/payload.js';
import { bindingFor } from '../harness/protocol/requests.js';
import { noTerminalReason, pollUntilTerminal } from '../harness/suite/exchangeHelpers.js';
import { admissionOf } from '../harness/model/exchange.js';
import { outClausesFor } from '../harness/suite/exercisedClauses.js';
import { qualifyTest } from '../harness/suite/qualifyTest.js';

// Every answer to a well-formed request, in any suite, is checked against every
// OUT clause by the adapter session. This test makes sure each state's clauses
// get cases even when the other suites are filtered out: it walks one fresh
// operation through unknown → accepted → terminal and reads every answer.

const TERMINAL_CLAUSES = outClausesFor('terminal').filter((id) => !outClausesFor('accepted').includes(id));

qualifyTest(
  {
    clauses: [
      'OUT-JSON',
      'OUT-UNIQUE-KEYS',
      'OUT-EXIT',
      'OUT-CONTRACT',
      'OUT-BINDING',
      'OUT-STATE',
      'OUT-CLOSED',
      'OUT-REVISION',
      'OUT-UNKNOWN-REASON',
      'OUT-ACCEPTANCE-REF',
      'OUT-TERMINAL-OUTCOME',
      'OUT-TERMINAL-SETTLEMENT',
      'OUT-RESULT-CLOSED',
      'OUT-RESULT-INTEGRITY',
      'OUT-SIZE',
      'OUT-PROOF-SIZE',
    ],
    title: 'every answer in every state is one closed, bounded outcome',
  },
  async ({ property, session, ids, options, recorder }) => {
    let reachedTerminal = false;
    await property({
      clauses: [],
      // Every other suite's calls are OUT-checked too; this walk only guarantees each state is seen.
      numRuns: Math.min(options.runs, 3),
      arbitrary: payload(options.payload),
      describe: () => `observe a fresh binding, submit it, observe until terminal (at most ${options.pollBudget}), observe once more`,
      run: async (value) => {
        const binding = bindingFor({ operationId: ids.fresh('outcome'), authorityId: session.authorityId, payload: value });
        await session.observe(binding);
        if (admissionOf(await session.submit(binding, value)) === null) return { verdict: 'undecided', reason: session.noAdmissionReason() };
        const polled = await pollUntilTerminal(session, binding, options.pollBudget);
        const last = polled.at(-1);
        if (last?.kind === 'outcome' && last.outcome.state === 'terminal') {
          reachedTerminal = true;
          await session.observe(binding);
        }
        return { verdict: 'held' };
      },
    });
    if (!reachedTerminal) {
      for (const clauseId of TERMINAL_CLAUSES) {
        recorder.inconclusive(clauseId, noTerminalReason(session, options.pollBudget));
      }
    }
  },
);

// The session judges every call that exits 0 against the host's stderr bound,
// in every suite; this test gives the clause its own cases when the others are filtered out.
qualifyTest({ clauses: ['WIRE-STDERR-BOUND'], title: 'every call that exits 0 writes at most 65,536 bytes to stderr' }, async ({ property, session, ids, options }) => {
  await property({
    clauses: [],
    numRuns: Math.min(options.runs, 2),
    arbitrary: payload(options.payload),
    describe: () => 'observe a fresh binding, submit it, observe it again',
    run: async (value) => {
      const binding = bindingFor({ operationId: ids.fresh('stderr'), authorityId: session.authorityId, payload: value });
      await session.observe(binding);
      await session.submit(binding, value);
      await session.observe(binding);
      return { verdict: 'held' };
    },
  });
});
