/** Bits of `ChunkJudgement.kinds`: what one line of a chunk showed. @internal */
export const callKind = {
  /** Counted as an answer checked against OUT. */
  outChecked: 1,
  /** Counted as a refusal checked. */
  refusalChecked: 2,
  /** Not judged: masked output. */
  masked: 4,
  /** A valid outcome (`outcomeIndex` says which). */
  outcome: 8,
} as const;
