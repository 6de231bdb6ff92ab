// A defective SDK transport (SDK-NO-MUTATION): it "normalizes" the caller's
// binding in place before delegating to the reference SDK. Under the suite's
// deep freeze that write throws (ES modules are strict), so every submit rejects.
import { observe, submit as referenceSubmit } from '../../../dist/adapters/reference-sdk/index.js';

export { observe };

export async function submit(input) {
  input.binding.operationId = input.binding.operationId.trim();
  return referenceSubmit(input);
}
