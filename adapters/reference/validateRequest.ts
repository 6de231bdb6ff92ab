import type { Action, Binding } from '../../harness/protocol/types.js';
import type { CheckContext, RequestChecks } from './AdapterBehavior.js';
import { Refusal } from './Refusal.js';

/** A request every check has passed. */
export interface ValidRequest {
  readonly action: Action;
  readonly binding: Binding;
}

/**
 * The order checks run in: shape first, so later checks can read the fields
 * they need; bounds before anything serializes the payload; the digest last
 * but one, because it is the most expensive.
 */
export const REQUEST_CHECK_ORDER: readonly (keyof RequestChecks)[] = [
  'closed',
  'required',
  'contract',
  'actionValue',
  'actionArgv',
  'binding',
  'payloadPresence',
  'payloadBounds',
  'requestSize',
  'payloadDigest',
  'authority',
];

/**
 * Runs every request check of the context's behaviour.
 *
 * @param value - the parsed request
 * @param context - argv action, configured authority, behaviour
 * @throws Refusal from the first check that fails
 */
export function validateRequest(value: unknown, context: CheckContext): ValidRequest {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Refusal('request is not a JSON object');
  let request = value as Readonly<Record<string, unknown>>;
  for (const name of REQUEST_CHECK_ORDER) request = context.behavior.checks[name](request, context);
  return { action: request.action as Action, binding: request.binding as Binding };
}
