import { canonicalJson } from '../../protocol/canonicalJson.js';
import { observeRequest } from '../../protocol/observeRequest.js';
import { submitRequest } from '../../protocol/submitRequest.js';
import type { Binding } from '../../protocol/types.js';

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
  return JSON.stringify({
    callId: `call-${spec.startedAt}`, action, argv: ['/bin/adapter', action], requestText, startedAt: spec.startedAt, endedAt: spec.endedAt,
    exitCode, signal: null, timedOut: false, stdout, stdoutBytes: Buffer.byteLength(stdout), stdoutTruncated: false, stdoutInvalidUtf8: false,
    stderrTail: '', stderrTruncated: false, stderrBytes: spec.stderrBytes ?? 0, timeoutMs: 10_000, maxOutputBytes: 1_048_576, uncertainty: exitCode === 0 ? null : 'nonzero-exit',
    request, test: 'T: test',
  });
}
