import type { OperationCall, OperationTransport, TransportResult } from './OperationTransport.js';
import { runAdapterCall } from './runAdapterCall.js';
import type { CallBounds, CommandTarget } from './types.js';

/**
 * The command transport: every call is one adapter process (`runAdapterCall`).
 * It sends the exact text, well-formed or not, and checks no clause itself.
 * @public
 */
export class CommandTransport implements OperationTransport {
  readonly kind = 'command' as const;
  readonly acceptsRawText = true;
  /** The adapter command (also what fault-injecting calls start). */
  readonly target: CommandTarget;

  /** @param target - the normalized adapter command */
  constructor(target: CommandTarget) {
    this.target = target;
  }

  /** Runs one adapter process for `input`. */
  async call(input: OperationCall, bounds: CallBounds): Promise<TransportResult> {
    const record = await runAdapterCall(this.target, { action: input.action, requestText: input.requestText }, bounds);
    return { record, checked: [], violations: [] };
  }
}
