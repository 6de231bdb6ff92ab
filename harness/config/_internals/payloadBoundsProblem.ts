import { canonicalJson } from '../../protocol/canonicalJson.js';
import { limits } from '../../protocol/limits.js';

/**
 * Names the first payload bound of coding-operation-v1 §4 that a parsed JSON value breaks
 * (depth, visited values, array and object entries, key bytes, finiteness, aggregate and
 * canonical bytes), or returns null when the value is a payload an adapter must admit.
 * Used to vet `--payload-file` samples, which must be valid submits.
 * @internal
 */
export function payloadBoundsProblem(value: unknown): string | null {
  let values = 0;
  let aggregateBytes = 0;
  // Depth-first; never deeper than maxDepth + 1, so recursion is bounded.
  const visit = (node: unknown, depth: number): string | null => {
    if (depth > limits.maxDepth) return `nests deeper than ${limits.maxDepth}`;
    values += 1;
    if (values > limits.maxValues) return `has more than ${limits.maxValues} values`;
    if (typeof node === 'number' && !Number.isFinite(node)) return 'holds a non-finite number';
    if (typeof node === 'string') aggregateBytes += Buffer.byteLength(node, 'utf8');
    if (Array.isArray(node)) {
      if (node.length > limits.maxArrayEntries) return `holds an array of ${node.length} entries (at most ${limits.maxArrayEntries})`;
      for (const item of node) {
        const problem = visit(item, depth + 1);
        if (problem !== null) return problem;
      }
    } else if (node !== null && typeof node === 'object') {
      const entries = Object.entries(node);
      if (entries.length > limits.maxObjectEntries) return `holds an object of ${entries.length} entries (at most ${limits.maxObjectEntries})`;
      for (const [key, item] of entries) {
        const keyBytes = Buffer.byteLength(key, 'utf8');
        if (keyBytes > limits.maxKeyBytes) return `holds a key of ${keyBytes} UTF-8 bytes (at most ${limits.maxKeyBytes})`;
        aggregateBytes += keyBytes;
        const problem = visit(item, depth + 1);
        if (problem !== null) return problem;
      }
    }
    return null;
  };
  const problem = visit(value, 0);
  if (problem !== null) return problem;
  if (aggregateBytes > limits.maxPayloadBytes) return `holds ${aggregateBytes} bytes of strings and keys (at most ${limits.maxPayloadBytes})`;
  const canonicalBytes = Buffer.byteLength(canonicalJson(value), 'utf8');
  if (canonicalBytes > limits.maxPayloadBytes) return `is ${canonicalBytes} canonical bytes (at most ${limits.maxPayloadBytes})`;
  return null;
}
