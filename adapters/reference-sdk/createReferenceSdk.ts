import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { canonicalJson } from '../../harness/protocol/canonicalJson.js';
import type { JsonValue } from '../../harness/protocol/canonicalJson.js';
import { REQUEST_CONTRACT, type Action, type Binding } from '../../harness/protocol/types.js';
import { applyRequest } from '../reference/applyRequest.js';
import { referenceBehavior } from '../reference/referenceBehavior.js';

/** What the host passes to an SDK transport's `submit` and `observe`: the binding alone, as a command reads it from stdin. */
export interface ReferenceSdkInput {
  readonly binding: Binding;
  /** Present for `submit` only. */
  readonly payload?: JsonValue;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  readonly maxOutputBytes?: number;
}

/** How the reference SDK is set up. */
export interface ReferenceSdkOptions {
  /** Ledger directory. @defaultValue `$ADAPTER_QUALIFY_SCRATCH/reference-sdk-ledger`, else a fresh temporary directory */
  readonly ledgerDir?: string;
  /** The only authority it answers for, or null to accept any. @defaultValue null */
  readonly authorityId?: string | null;
  /** Observes until an admitted operation is terminal. @defaultValue 2 */
  readonly terminalAfter?: number;
}

/** An SDK transport: `submit` and `observe`, each resolving to the outcome as canonical JSON text. */
export interface ReferenceSdk {
  submit(input: ReferenceSdkInput): Promise<string>;
  observe(input: ReferenceSdkInput): Promise<string>;
}

/**
 * The reference adapter as an in-process SDK transport, the host's other seam beside a command.
 * It runs the reference adapter's own core (`applyRequest`: request checks,
 * ledger, outcome), so it is the same adapter behind another seam. It never
 * changes its input, rejects on a refusal (a refusal, like the command's exit 2),
 * and honours its signal: an aborted call rejects with the signal's reason
 * and writes nothing.
 * @param options - ledger location, authority, provider timing
 * @public
 */
export function createReferenceSdk(options: ReferenceSdkOptions = {}): ReferenceSdk {
  let ledgerDir = options.ledgerDir;
  const ledgerRoot = (): string => {
    ledgerDir ??= defaultLedgerDir();
    return ledgerDir;
  };
  const call = async (action: Action, input: ReferenceSdkInput): Promise<string> => {
    input.signal?.throwIfAborted();
    // One turn of the event loop, so an abort right after the call is honoured before the ledger is touched.
    await nextTurn();
    input.signal?.throwIfAborted();
    const request =
      action === 'submit' ? { contract: REQUEST_CONTRACT, action, binding: input.binding, payload: input.payload } : { contract: REQUEST_CONTRACT, action, binding: input.binding };
    const outcome = applyRequest(referenceBehavior, request, {
      argvAction: action,
      authorityId: options.authorityId ?? null,
      ledger: { root: ledgerRoot(), terminalAfter: options.terminalAfter ?? 2 },
    });
    return canonicalJson(outcome);
  };
  return {
    submit: async (input) => call('submit', input),
    observe: async (input) => call('observe', input),
  };
}

function defaultLedgerDir(): string {
  const scratch = process.env['ADAPTER_QUALIFY_SCRATCH'];
  return scratch ? join(scratch, 'reference-sdk-ledger') : mkdtempSync(join(tmpdir(), 'reference-sdk-'));
}
