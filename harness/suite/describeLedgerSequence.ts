import type { LedgerCommand } from './LedgerCommand.js';
import { LedgerModel } from './LedgerModel.js';

/**
 * The steps of a sequence that apply, in words and in order (a rebind applies
 * only after a submit of its operation), for the counterexample. A shrunk
 * sequence ends at its violation, so this is what ran.
 *
 * @param commands - the sequence
 */
export function describeLedgerSequence(commands: readonly LedgerCommand[]): string {
  const model = new LedgerModel();
  const steps: string[] = [];
  for (const command of commands) {
    if (!command.check(model)) continue;
    command.plan(model);
    steps.push(command.toString());
  }
  return steps.length === 0 ? 'no step applies' : steps.join(' → ');
}
