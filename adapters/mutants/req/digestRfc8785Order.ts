import { serializeJson } from '../../../harness/protocol/canonicalJson.js';
import { defineMutant } from '../defineMutant.js';

/** RFC 8785 (JCS) orders every key by UTF-16 code units, integer-like keys included: `"10"` before `"9"`. */
const codeUnitOrder = (keys: string[]): string[] => keys.sort();

/**
 * Canonicalizes by RFC 8785 instead of algal's bytes: it refuses the host's
 * valid submits of payloads with integer-like keys (REQ-PAYLOAD-DIGEST, exit 2).
 */
export const digestRfc8785Order = defineMutant(
  {
    name: 'digest-rfc8785-order',
    claims: ['SEM-SUBMIT-ADMITS'],
    // Boundary payloads carry integer-like keys too, and are refused the same way.
    incidental: ['REQ-BOUNDARY-ACCEPT'],
    description: 'computes the payload digest over RFC 8785 (JCS) text, which sorts "10" before "9", so it refuses valid submits of payloads with integer-like keys',
  },
  { canonical: (value) => serializeJson(value, codeUnitOrder) },
);
