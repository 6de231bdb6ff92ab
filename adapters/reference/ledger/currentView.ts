import type { OperationView, AdmissionRecord } from './OperationView.js';
import type { OperationDirectory } from './OperationDirectory.js';
import { terminalRecordFor } from './terminalRecordFor.js';
import { LedgerError } from '../LedgerError.js';

/**
 * The state of an admitted operation: terminal when `terminal.json` exists or
 * is now due (`observeCount() >= terminalAfter`), accepted otherwise. A due
 * terminal record is published first-writer-wins, and every caller then
 * returns the stored one, so all callers report identical terminal bytes.
 *
 * @param operation - the operation's directory
 * @param admission - its admission record
 * @param terminalAfter - observes after which the fake provider has finished
 */
export function currentView(operation: OperationDirectory, admission: AdmissionRecord, terminalAfter: number): OperationView {
  let terminal = operation.readTerminal();
  if (terminal === undefined && operation.observeCount() >= terminalAfter) {
    operation.publishTerminal(terminalRecordFor(admission));
    terminal = operation.readTerminal();
    if (terminal === undefined) throw new LedgerError('terminal record vanished after publishing', operation.path);
  }
  return terminal === undefined ? { state: 'accepted', admission } : { state: 'terminal', admission, terminal };
}
