import * as fc from 'fast-check';
import type { CaseResult } from './checkProperty.js';
import type { LedgerCommand, LedgerSystem } from './LedgerCommand.js';
import { LedgerModel } from './LedgerModel.js';

/**
 * Runs one generated sequence against the adapter with fast-check's
 * `asyncModelRun`, from a fresh model, and returns what the model concluded.
 * Steps after the first violation do not run.
 *
 * @param commands - the sequence
 * @param system - the adapter session and the case's fresh pool of bindings
 */
export async function runLedgerSequence(commands: readonly LedgerCommand[], system: LedgerSystem): Promise<CaseResult> {
  const model = new LedgerModel();
  await fc.asyncModelRun(() => ({ model, real: system }), commands);
  return model.result();
}
