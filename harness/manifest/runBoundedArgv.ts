import type { Action } from '../protocol/types.js';
import type { CallRecord } from '../transport/callRecord.js';
import { runAdapterCall } from '../transport/runAdapterCall.js';

/** Where and how long one manifest-profile process may run. */
export interface BoundedArgvCall {
  /** The full argv, program first (looked up on PATH, no shell); at least two items. */
  readonly argv: readonly [string, string, ...string[]];
  readonly cwd: string;
  /** Extra environment (never recorded). */
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
}

/**
 * Runs an arbitrary argv through the coding-operation transport
 * (`runAdapterCall`: own process group, capped stdout and stderr, deadline,
 * group kill), so tool calls and hook probes get the same hostile-proof bounds.
 * That transport runs `[executable, ...argvPrefix, action]`; the last argv item
 * takes the action's place, so the record's `action` holds it (for a tool call,
 * the `--input` JSON). Stdin is closed at once.
 * @param call - the argv, directory, environment and bounds
 * @returns the call's record; never rejects for anything the process does
 * @public
 */
export async function runBoundedArgv(call: BoundedArgvCall): Promise<CallRecord> {
  const [program, ...rest] = call.argv;
  const last = rest[rest.length - 1] ?? '';
  return runAdapterCall(
    { executable: program, argvPrefix: rest.slice(0, -1), cwd: call.cwd, env: call.env },
    // The transport's type names the coding-operation actions; here it is just the final argv item.
    { action: last as Action, requestText: '' },
    { timeoutMs: call.timeoutMs, maxOutputBytes: call.maxOutputBytes, signal: undefined },
  );
}
