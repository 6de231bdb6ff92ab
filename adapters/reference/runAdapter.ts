import type { AdapterBehavior, AdapterIo } from './AdapterBehavior.js';
import { applyRequest } from './applyRequest.js';
import { parseAdapterArgs } from './parseAdapterArgs.js';
import { readStdinCapped } from './readStdinCapped.js';
import { Refusal } from './Refusal.js';

/** Exit code of a refused request (nothing on stdout). */
export const REFUSAL_EXIT_CODE = 2;
/** Exit code of an adapter fault, e.g. an unreadable ledger record. */
export const FAULT_EXIT_CODE = 1;

/**
 * Runs one adapter call: parse the command line, read and validate the
 * request, apply it to the ledger, print the outcome. Every part comes from
 * `behavior`, so a mutant differs from the reference only in the part it replaces.
 *
 * @param behavior - the adapter's parts (`referenceBehavior` or a mutant)
 * @param argv - arguments after the script, ending with the action
 * @param io - streams and environment
 * @returns the exit code: 0 with one outcome on stdout, 2 refused, 1 fault
 */
export async function runAdapter(behavior: AdapterBehavior, argv: readonly string[], io: AdapterIo): Promise<number> {
  try {
    const args = parseAdapterArgs(argv, io.env);
    const bytes = await readStdinCapped(io.stdin, behavior.limits.maxStdinBytes);
    const outcome = applyRequest(behavior, behavior.parseRequest(bytes), {
      argvAction: args.action,
      authorityId: args.authorityId,
      ledger: { root: args.ledgerDir, terminalAfter: args.terminalAfter },
    });
    const { min, max } = args.answerDelayMs;
    // After the ledger work, before the answer: where a provider round trip would sit. Counted from the process's
    // start, so the answer time the host sees is the one asked for, however long start-up took on a loaded machine.
    if (max > 0) {
      const answerAt = min + Math.floor(Math.random() * (max - min + 1));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, answerAt - performance.now())));
    }
    return await behavior.emit(outcome, io.stdout);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`${message.replace(/[\r\n]+/g, ' ')}\n`);
    return error instanceof Refusal ? REFUSAL_EXIT_CODE : FAULT_EXIT_CODE;
  }
}
