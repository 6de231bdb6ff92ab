// The module `adapter-qualify run --sdk dist/adapters/reference-sdk/index.js --authority <id>` qualifies.
import { createReferenceSdk, type ReferenceSdkInput } from './createReferenceSdk.js';

export { createReferenceSdk } from './createReferenceSdk.js';
export type { ReferenceSdk, ReferenceSdkInput, ReferenceSdkOptions } from './createReferenceSdk.js';

const sdk = createReferenceSdk();

/** Submits a binding with its payload; resolves to the outcome as canonical JSON text, rejects on a refusal. */
export async function submit(input: ReferenceSdkInput): Promise<string> {
  return sdk.submit(input);
}

/** Observes a binding (no payload); resolves to the outcome as canonical JSON text, rejects on a refusal. */
export async function observe(input: ReferenceSdkInput): Promise<string> {
  return sdk.observe(input);
}
