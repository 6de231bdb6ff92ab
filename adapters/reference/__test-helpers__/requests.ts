import { canonicalJson } from '../../../harness/protocol/canonicalJson.js';
import { digestCanonical } from '../../../harness/protocol/digest.js';
import type { Binding } from '../../../harness/protocol/types.js';

/** The authority of the reference adapter's configuration. */
export const AUTHORITY = 'reference-ledger';

/** A binding for `operationId` bound to `payload` (test helper). */
export function bindingOf(operationId: string, payload: unknown, authorityId = AUTHORITY): Binding {
  return { operationId, authorityId, requestDigest: digestCanonical(payload) };
}

/** Canonical submit request text, with optional field overrides (undefined deletes a field). */
export function submitText(binding: Binding, payload: unknown, override: Record<string, unknown> = {}): string {
  return canonicalJson(withOverride({ contract: 'algal.coding-operation-request.v1', action: 'submit', binding, payload }, override));
}

/** Canonical observe request text, with optional field overrides (undefined deletes a field). */
export function observeText(binding: Binding, override: Record<string, unknown> = {}): string {
  return canonicalJson(withOverride({ contract: 'algal.coding-operation-request.v1', action: 'observe', binding }, override));
}

function withOverride(request: Record<string, unknown>, override: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...request, ...override };
  for (const [key, value] of Object.entries(override)) if (value === undefined) delete merged[key];
  return merged;
}

/** A scalar nested inside `levels` arrays. */
export function nested(levels: number): unknown {
  let value: unknown = 0;
  for (let index = 0; index < levels; index += 1) value = [value];
  return value;
}
