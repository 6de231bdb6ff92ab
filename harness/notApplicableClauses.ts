import { codingOperationClauses, type ClauseFamily, type ClauseId } from './clauses.js';
import type { TransportKind } from './transport/OperationTransport.js';

/** Why a family or clause does not apply to an SDK run. */
const SDK_REASONS: Readonly<Partial<Record<ClauseFamily, string>>> = {
  CFG: 'an SDK run has no adapter configuration; CFG clauses apply to command adapters (--authority is held to the CFG-AUTHORITY identity rule before the run)',
  WIRE: 'the SDK seam starts no process; WIRE clauses are obligations of the command transport',
  REQ: 'the SDK seam takes structured requests; REQ clauses apply to command adapters',
};

const IN_PROCESS_FAULTS = 'fault injection (SIGKILL/SIGSTOP of the adapter process group, process accounting) needs an adapter process; an in-process SDK has none';

const FAULT_CLAUSES: readonly ClauseId[] = ['SEM-CRASH-CONSISTENT', 'SEM-UNCERTAIN-RECOVERY', 'SEM-LOCAL-SETTLEMENT'];

const FOR_COMMAND_RUNS = 'applies to SDK transports (run --sdk)';

/**
 * Clauses that do not apply to this kind of subject, with the SKIP reason the
 * report prints. A suite test whose clauses all appear here does not run
 * (`qualifyTest` records the skip), and the run passes the map to the report
 * builder.
 * @param kind - the run's transport: a command adapter or an SDK module.
 * @public
 */
export function notApplicableClauses(kind: TransportKind): Readonly<Partial<Record<ClauseId, string>>> {
  const map: Partial<Record<ClauseId, string>> = {};
  for (const definition of codingOperationClauses) {
    const reason = kind === 'sdk' ? SDK_REASONS[definition.family] : definition.family === 'SDK' ? FOR_COMMAND_RUNS : undefined;
    if (reason !== undefined) map[definition.id] = reason;
  }
  if (kind === 'sdk') for (const id of FAULT_CLAUSES) map[id] = IN_PROCESS_FAULTS;
  return map;
}
