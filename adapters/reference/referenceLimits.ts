import type { AdapterLimits } from './AdapterBehavior.js';

const MIB = 1_048_576;

/** The protocol's bounds, written out by the adapter itself (not imported from the suite). */
export const referenceLimits: AdapterLimits = Object.freeze({
  // A canonical request is at most 1 MiB, so a longer stdin can be refused unread.
  maxStdinBytes: MIB,
  maxRequestBytes: MIB,
  maxDepth: 16,
  maxValues: 16_384,
  maxArrayEntries: 256,
  maxObjectEntries: 64,
  maxKeyBytes: 256,
  maxPayloadBytes: MIB,
});
