import type { OutcomeState } from '../../../harness/protocol/types.js';
import type { AdapterBehavior, RenderedOutcome } from '../../reference/AdapterBehavior.js';
import type { OperationView } from '../../reference/ledger/OperationView.js';
import { referenceBehavior } from '../../reference/referenceBehavior.js';

/**
 * A `render` that edits the reference's outcome in one state only, so a
 * defect shows exactly where the mutant claims it.
 *
 * @param state - the state whose outcomes are edited
 * @param edit - returns the defective outcome
 */
export function renderWhen(
  state: OutcomeState,
  edit: (outcome: RenderedOutcome, view: OperationView) => RenderedOutcome,
): AdapterBehavior['render'] {
  return (view, binding) => {
    const outcome = referenceBehavior.render(view, binding);
    return view.state === state ? edit(outcome, view) : outcome;
  };
}
