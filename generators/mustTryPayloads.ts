import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import type { PayloadFamily } from '../harness/runOptions.js';

/**
 * Valid payloads every run submits first, whatever the seed: the classic
 * pitfalls an over-strict adapter refuses. Only for the `any-json` family (an
 * adapter with a payload schema may rightly refuse them).
 *
 * @param family - the run's payload family
 */
export function mustTryPayloads(family: PayloadFamily): readonly JsonValue[] {
  if (family.kind !== 'any-json') return [];
  return [
    // Integer-like keys: algal's canonical bytes are {"9":…,"10":…,"!":…,"a":…}, RFC 8785's {"!":…,"10":…,"9":…,"a":…}.
    { '10': 'a', '9': 'b', a: 1, '!': 2, nested: { '2': [{ '11': true, '3': null }], '01': 0 } },
  ];
}
