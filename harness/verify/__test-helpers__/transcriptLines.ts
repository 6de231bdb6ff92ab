import { canonicalJson } from '../../protocol/canonicalJson.js';
import { observeRequest, submitRequest } from '../../protocol/requests.js';
import { acceptedOutcome, sampleBinding, sampleRef, terminalOutcome, unknownOutcome } from '../../protocol/__test-helpers__/sampleOutcomes.js';
import type { Binding } from '../../protocol/types.js';
import { callRecordOf } from '../../protocol/__test-helpers__/sampleOutcomes.js';

/** What a test line says: a well-formed request of `binding` (or `request` itself) answered by `answer` with exit 0 and no stderr. */
export interface LineSpec {
  readonly binding: Binding;
  readonly action?: 'submit' | 'observe';
  /** Any request value, sent as its JSON text (overrides the well-formed request of `binding`). */
  readonly request?: unknown;
  /** The outcome printed (canonical JSON), a raw stdout string, or null for no output. */
  readonly answer: unknown;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly exitCode?: number;
  /** Bytes the call wrote to stderr. @defaultValue 0 */
  readonly stderrBytes?: number;
}

/** One transcript line, as `run` writes it, in JSON text. */
export function transcriptLineOf(spec: LineSpec): string {
  const action = spec.action ?? 'observe';
  const request = spec.request ?? (action === 'submit' ? submitRequest(spec.binding, { task: 'x' }) : observeRequest(spec.binding));
  const requestText = spec.request === undefined ? canonicalJson(request) : JSON.stringify(request);
  const stdout = spec.answer === null ? '' : typeof spec.answer === 'string' ? spec.answer : `${canonicalJson(spec.answer)}\n`;
  const exitCode = spec.exitCode ?? 0;
  const record = callRecordOf({
    callId: `call-${spec.startedAt}`,
    action,
    argv: ['/bin/adapter', action],
    requestText,
    startedAt: spec.startedAt,
    endedAt: spec.endedAt,
    exitCode,
    stdout,
    stderrBytes: spec.stderrBytes ?? 0,
    uncertainty: exitCode === 0 ? null : 'nonzero-exit',
  });
  return JSON.stringify({ ...record, request, test: 'T: test' });
}

/**
 * A transcript of `operations` operations (about 7 lines each, in startedAt order,
 * some calls overlapping the next ones) breaking, at fixed intervals, history
 * clauses (SEM-EQUAL-REVISION, SEM-ACCEPTANCE-STABLE), OUT clauses (OUT-UNKNOWN-REASON,
 * OUT-EXIT), the refusal rule (REQ-CLOSED) and the stderr bound (WIRE-STDERR-BOUND,
 * on outcome, masked and refusal lines, and on failed calls where it is not judged),
 * with masked lines among them: every kind of finding `verify` makes, spread over the file.
 */
export function mixedTranscriptLines(operations: number): string[] {
  const lines: string[] = [];
  for (let index = 0; index < operations; index += 1) {
    const binding = sampleBinding(`op-${index}`);
    const at = index * 100;
    // Past the host's 65,536-byte stderr reader.
    const flood = index % 9 === 4 ? 70_000 : 0;
    const specs: LineSpec[] = [
      { binding, answer: unknownOutcome(binding), startedAt: at, endedAt: at + 5, stderrBytes: flood },
      { binding, action: 'submit', answer: acceptedOutcome(binding, 1, sampleRef(1)), startedAt: at + 10, endedAt: at + 15 },
      // Overlaps the next two calls: never ordered before them.
      { binding, answer: acceptedOutcome(binding, 1, sampleRef(index % 7 === 3 ? 2 : 1)), startedAt: at + 20, endedAt: at + 60 },
      { binding, answer: terminalOutcome(binding, 2, sampleRef(1)), startedAt: at + 30, endedAt: at + 35, stderrBytes: flood },
      { binding, answer: index % 11 === 5 ? { ...unknownOutcome(binding), reason: 'lost' } : terminalOutcome(binding, 2, sampleRef(1)), startedAt: at + 40, endedAt: at + 45 },
      // A failed call's stderr is not judged, however long.
      { binding, answer: terminalOutcome(binding, 2, sampleRef(1)), startedAt: at + 50, endedAt: at + 55, exitCode: index % 17 === 2 ? 3 : 0, stderrBytes: index % 17 === 2 ? 1_000_000 : 0 },
      {
        binding,
        request: { contract: 'algal.coding-operation-request.v1', action: 'observe', binding, retry: true },
        answer: index % 13 === 0 ? acceptedOutcome(binding) : null,
        startedAt: at + 70,
        endedAt: at + 75,
        exitCode: index % 13 === 0 ? 0 : 2,
        stderrBytes: flood,
      },
    ];
    for (const [position, spec] of specs.entries()) {
      const line = transcriptLineOf(spec);
      // A masked line: its answer would break OUT-BINDING, but masked output is never judged.
      lines.push(index % 5 === 0 && position === 3 ? line.replace('"stdout":"{', '"masked":["secret"],"stdout":"{\\"x\\":1,') : line);
    }
  }
  return lines;
}
