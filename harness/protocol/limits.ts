/** Numeric bounds of `algal.coding-operation.v1`, in one place. */
export const limits = Object.freeze({
  /** Canonical request, UTF-8 bytes (REQ-BOUND-REQUEST). */
  maxRequestBytes: 1_048_576,
  /** Payload depth; the root is depth 0 (REQ-BOUND-DEPTH). */
  maxDepth: 16,
  /** Visited values, root included (REQ-BOUND-VALUES). */
  maxValues: 16_384,
  /** Entries of one array (REQ-BOUND-ARRAY). */
  maxArrayEntries: 256,
  /** Entries of one object (REQ-BOUND-OBJECT). */
  maxObjectEntries: 64,
  /** UTF-8 bytes of one object key (REQ-BOUND-KEY). */
  maxKeyBytes: 256,
  /** Aggregate string+key bytes, and canonical payload bytes (REQ-BOUND-BYTES). */
  maxPayloadBytes: 1_048_576,
  /** Host deadline range in ms (WIRE-DEADLINE). */
  minDeadlineMs: 1,
  maxDeadlineMs: 600_000,
  /** Host output bound range in bytes (WIRE-STDOUT-CAP). */
  minOutputBytes: 1_024,
  maxOutputBytes: 1_048_576,
  /** stderr cap in bytes (WIRE-STDERR-CAP). */
  maxStderrBytes: 65_536,
  /** Outcome without result.text, canonical bytes (OUT-PROOF-SIZE). */
  maxProofBytes: 4_096,
  /** Largest revision (OUT-REVISION). */
  maxRevision: 2_147_483_647,
  /** Adapter configuration bounds (CFG-*). */
  maxExecutableBytes: 4_096,
  maxArgvItems: 31,
  maxArgvItemBytes: 4_096,
  maxArgvTotalBytes: 16_384,
});
