import type { Binding, TerminalOutcomeKind, TerminalResult, UnknownReason } from '../../../harness/protocol/types.js';

/** `admission.json`: written once, never changed; its canonical digest is the acceptanceRef. */
export interface AdmissionRecord {
  readonly binding: Binding;
  /** Random, so every admission is distinct and a second one would show. */
  readonly admissionId: string;
  /** ISO 8601 time of admission. */
  readonly admittedAt: string;
}

/** `terminal.json`: the settled result, written once and repeated byte for byte. */
export interface TerminalRecord {
  readonly revision: number;
  readonly outcome: TerminalOutcomeKind;
  readonly result: TerminalResult;
}

/** What the ledger holds for one binding. */
export type OperationView =
  | { readonly state: 'unknown'; readonly reason: UnknownReason }
  | { readonly state: 'accepted'; readonly admission: AdmissionRecord }
  | { readonly state: 'terminal'; readonly admission: AdmissionRecord; readonly terminal: TerminalRecord };
