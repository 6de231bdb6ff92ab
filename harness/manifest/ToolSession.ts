import type { CallRecord } from '../transport/callRecord.js';
import type { TranscriptWriter } from '../transcript/TranscriptWriter.js';
import { runBoundedArgv } from './runBoundedArgv.js';

/** What a {@link ToolSession} needs to call tools. */
export interface ToolSessionDeps {
  /** Absolute path of the entrypoint, inside the root. */
  readonly entrypoint: string;
  /** The declared root: every call runs there. */
  readonly root: string;
  /** A per-run directory exported as `ADAPTER_QUALIFY_SCRATCH` (mutating tools may write there). */
  readonly scratchDir: string;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
  readonly transcript: TranscriptWriter;
  /** The check making the calls, recorded on every transcript line. */
  readonly testName: string;
}

/**
 * Calls tools through the default transport, `python3 <entrypoint> <tool>
 * --input <JSON-object>` in the root, recording every call in the transcript
 * and keeping the calls of the current case for its counterexample (the
 * session shape `checkProperty` uses).
 */
export class ToolSession {
  readonly #deps: ToolSessionDeps;
  #caseCalls: CallRecord[] = [];

  constructor(deps: ToolSessionDeps) {
    this.#deps = deps;
  }

  /** Starts a new case: its calls are kept until the next `startCase()`. */
  startCase(): void {
    this.#caseCalls = [];
  }

  /** The calls made since `startCase()`. */
  caseCalls(): readonly CallRecord[] {
    return this.#caseCalls;
  }

  /**
   * Calls one tool.
   * @param tool - the catalog name
   * @param inputText - the `--input` argument, exactly
   */
  async call(tool: string, inputText: string): Promise<CallRecord> {
    const deps = this.#deps;
    const record = await runBoundedArgv({
      argv: ['python3', deps.entrypoint, tool, '--input', inputText],
      cwd: deps.root,
      // No bytecode caches written into the adapter directory by our calls.
      env: { ADAPTER_QUALIFY_SCRATCH: deps.scratchDir, PYTHONDONTWRITEBYTECODE: '1' },
      timeoutMs: deps.timeoutMs,
      maxOutputBytes: deps.maxOutputBytes,
    });
    deps.transcript.append(record, deps.testName);
    this.#caseCalls.push(record);
    return record;
  }
}
