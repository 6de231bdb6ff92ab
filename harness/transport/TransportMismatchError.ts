import type { TransportKind } from './OperationTransport.js';

/**
 * A call the transport cannot make by construction, e.g. raw request text sent
 * through the SDK seam: a harness bug (tests that need raw text are marked not
 * applicable to SDK runs), never an adapter fault.
 * @public
 */
export class TransportMismatchError extends Error {
  override readonly name = 'TransportMismatchError' as const;
  /** The transport that refused the call. */
  readonly transport: TransportKind;

  /**
   * @param transport - the transport kind
   * @param message - what was asked of it
   */
  constructor(transport: TransportKind, message: string) {
    super(message);
    this.transport = transport;
  }
}
