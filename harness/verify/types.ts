import type { ClauseId } from '../clauses.js';

/** One violation found in a transcript, with the lines that show it. */
export interface VerifyFinding {
  /** 1-based transcript lines: the offending call, or the two calls of a history clause (earlier first). */
  readonly lines: readonly number[];
  /** One line saying what broke. */
  readonly message: string;
}

/** Every violation of one clause (the first few kept in full, all counted). */
export interface ClauseFindings {
  readonly clauseId: ClauseId;
  /** How many violations of the clause the transcript shows. */
  readonly count: number;
  /** The first violations, in the order found. */
  readonly examples: readonly VerifyFinding[];
}

/** What `verify` concluded about one transcript. */
export interface VerifyResult {
  /** Lines read (calls). */
  readonly lines: number;
  /** Calls whose answer was checked against the OUT clauses (well-formed requests, exit 0 or with an outcome). */
  readonly outChecked: number;
  /** Valid outcomes fed to the history checker. */
  readonly outcomes: number;
  /** Distinct bindings with at least one valid outcome. */
  readonly bindings: number;
  /** Calls answering a malformed request whose refusal was checked. */
  readonly refusalsChecked: number;
  /** Calls not judged because the run masked secrets in their output. */
  readonly maskedSkipped: number;
  /** Violated clauses in catalog order; empty when the evidence is consistent. */
  readonly violated: readonly ClauseFindings[];
}
