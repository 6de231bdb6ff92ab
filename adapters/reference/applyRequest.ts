import type { Action } from '../../harness/protocol/types.js';
import type { AdapterBehavior, LedgerContext, RenderedOutcome } from './AdapterBehavior.js';
import { validateRequest } from './validateRequest.js';

/** What one request is applied with: the transport's facts and the ledger. */
export interface ApplyContext {
  /** The action the transport named (the argv action, or the SDK function called). */
  readonly argvAction: Action;
  /** The configured authority, or null to accept any. */
  readonly authorityId: string | null;
  readonly ledger: LedgerContext;
}

/**
 * The adapter's core, shared by the command (`runAdapter`) and the SDK
 * transport (`adapters/reference-sdk`): validate the parsed request, apply it
 * to the ledger, build the outcome.
 *
 * @param behavior - the adapter's parts (`referenceBehavior` or a mutant)
 * @param request - the parsed request
 * @param context - action, authority and ledger
 * @returns the outcome to print or return
 * @throws Refusal when a request check fails; LedgerError on an unreadable ledger
 */
export function applyRequest(behavior: AdapterBehavior, request: unknown, context: ApplyContext): RenderedOutcome {
  const valid = validateRequest(request, { argvAction: context.argvAction, authorityId: context.authorityId, behavior });
  const view = valid.action === 'submit' ? behavior.ledger.submit(context.ledger, valid.binding) : behavior.ledger.observe(context.ledger, valid.binding);
  return behavior.render(view, valid.binding);
}
