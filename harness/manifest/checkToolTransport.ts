import type { ValidateFunction } from 'ajv';
import type * as fc from 'fast-check';
import { schemaArbitrary } from '../../generators/schemaArbitrary.js';
import type { AdapterManifestClauseId } from '../clauses.js';
import type { Action } from '../protocol/types.js';
import { checkProperty } from '../suite/checkProperty.js';
import type { CaseResult } from '../model/caseResult.js';
import type { EvidenceRecorder } from '../suite/EvidenceRecorder.js';
import type { TranscriptWriter } from '../transcript/TranscriptWriter.js';
import type { CallRecord, TransportUncertainty } from '../transport/callRecord.js';
import { runAdapterCall } from '../transport/runAdapterCall.js';
import { violation, type Violation } from '../violation.js';
import type { CatalogTool } from './checkDeclarations.js';
import { isJsonObject } from '../protocol/jsonValues.js';
import { describeError } from '../UsageError.js';

// The tool transport (TRN): every catalog tool called through the default transport,
// `python3 <entrypoint> <tool> --input <JSON-object>`, under the same bounds as an adapter call,
// with generated inputs, and each answer judged.

/** The TRN clauses, each decided per tool, in the order the tool check's name lists them. */
export const TRN_CLAUSES = ['TRN-ONE-JSON', 'TRN-OK', 'TRN-OUTPUT-SCHEMA', 'TRN-FAILURE-OUTCOME', 'TRN-INPUT-REFUSED'] as const satisfies readonly AdapterManifestClauseId[];

/** The outcomes a failed response may state (TRN-FAILURE-OUTCOME). */
export const FAILURE_OUTCOMES = ['not-submitted', 'partially-applied', 'unknown'] as const;

/** One of {@link FAILURE_OUTCOMES}. */
export type FailureOutcome = (typeof FAILURE_OUTCOMES)[number];

/**
 * Whether a response's `outcome` is one a failed response may state.
 * @param outcome - the field as parsed
 */
export function isFailureOutcome(outcome: unknown): outcome is FailureOutcome {
  return (FAILURE_OUTCOMES as readonly unknown[]).includes(outcome);
}

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

/** What {@link checkToolTransport} needs. */
export interface ToolTransportCheck {
  readonly tool: CatalogTool;
  readonly session: ToolSession;
  readonly recorder: EvidenceRecorder;
  readonly options: { readonly seed: number; readonly runs: number; readonly allowMutating: boolean };
}

/**
 * Calls one tool through the default transport with generated inputs: valid
 * ones (property 0) and schema-breaking ones (property 1), each case judged by
 * `judgeToolResponse`; failures are shrunk by fast-check and replayable by seed.
 * A mutating tool is only called with `--allow-mutating` (SKIP otherwise).
 * @param check - the tool, its session, the recorder and the run's options
 * @public
 */
export async function checkToolTransport(check: ToolTransportCheck): Promise<void> {
  const { tool, session, recorder, options } = check;
  if (tool.mutates && !options.allowMutating) {
    for (const id of TRN_CLAUSES) recorder.skip(id, `tool ${JSON.stringify(tool.name)} mutates: called only with --allow-mutating`);
    return;
  }
  const arbitraries = schemaArbitrary(tool.inputSchema);
  if (arbitraries.kind === 'unsupported') {
    for (const id of TRN_CLAUSES) recorder.inconclusive(id, `no inputs generated for tool ${JSON.stringify(tool.name)}: ${arbitraries.reason}`);
    return;
  }
  const context = { session, recorder, options: { seed: options.seed, runs: options.runs, replayPath: null }, testName: recorder.testName };
  const describe = (value: unknown): string => `${tool.name} --input ${JSON.stringify(value)}`;
  const run =
    (brokeSchema: boolean) =>
    async (value: unknown): Promise<CaseResult> => {
      if (tool.validateInput(value) === brokeSchema) {
        return { verdict: 'undecided', reason: `the generator's input for ${JSON.stringify(tool.name)} disagrees with its inputSchema (contradicting bounds?)` };
      }
      return judgeToolResponse(await session.call(tool.name, JSON.stringify(value)), tool.validateOutput, brokeSchema);
    };
  await checkProperty(
    {
      clauses: ['TRN-ONE-JSON', 'TRN-OK', 'TRN-OUTPUT-SCHEMA', 'TRN-FAILURE-OUTCOME'],
      arbitrary: arbitraries.valid,
      describe,
      run: run(false),
      unexercisedReason: {
        'TRN-OUTPUT-SCHEMA': `no valid input to ${JSON.stringify(tool.name)} was answered with success`,
        'TRN-FAILURE-OUTCOME': `every valid input to ${JSON.stringify(tool.name)} succeeded`,
      },
    },
    { ...context, propertyIndex: 0 },
  );
  if (arbitraries.invalid === null) {
    recorder.inconclusive('TRN-INPUT-REFUSED', `the inputSchema of ${JSON.stringify(tool.name)} admits every object the generator can vary`);
    return;
  }
  await checkProperty(
    {
      clauses: ['TRN-INPUT-REFUSED', 'TRN-ONE-JSON', 'TRN-OK', 'TRN-FAILURE-OUTCOME'],
      arbitrary: arbitraries.invalid as fc.Arbitrary<unknown>,
      describe: (value) => `${describe(value)} (breaks the inputSchema)`,
      run: run(true),
      unexercisedReason: { 'TRN-FAILURE-OUTCOME': `every schema-breaking input to ${JSON.stringify(tool.name)} succeeded` },
    },
    { ...context, propertyIndex: 1 },
  );
}

/** Whether an uncertainty leaves a call undecided: the process was stopped, or never ran; a nonzero exit (or an SDK's refusal) is an answer. */
const UNDECIDED = {
  'pre-aborted': true,
  timeout: true,
  canceled: true,
  'output-overflow': true,
  'stream-failure': true,
  'spawn-failure': true,
  'killed-by-signal': true,
  'nonzero-exit': false,
  'sdk-rejected': false,
  'sdk-invalid-value': false,
} as const satisfies Record<TransportUncertainty, boolean>;

/**
 * Judges one tool call of the default transport against the TRN clauses. Pure.
 * Every call is judged for TRN-ONE-JSON and TRN-OK; a success (`ok: true`,
 * exit 0) for TRN-OUTPUT-SCHEMA; a failure (`ok` not true, or a nonzero exit)
 * for TRN-FAILURE-OUTCOME; and, when the input broke the inputSchema, for
 * TRN-INPUT-REFUSED (`ok: false`, `outcome: "not-submitted"`).
 * @param record - the call
 * @param validateOutput - the tool's compiled outputSchema
 * @param inputBrokeSchema - whether the input sent breaks the tool's inputSchema
 * @public
 */
export function judgeToolResponse(record: CallRecord, validateOutput: ValidateFunction, inputBrokeSchema: boolean): CaseResult {
  if (record.uncertainty !== null && UNDECIDED[record.uncertainty]) {
    return { verdict: 'undecided', reason: `the call gave no answer (${record.uncertainty}${record.uncertaintyDetail === undefined ? '' : `: ${record.uncertaintyDetail}`})` };
  }
  const response = singleJsonObject(record);
  if (typeof response === 'string') {
    return { verdict: 'violated', violations: [violation('TRN-ONE-JSON', response)], exercised: ['TRN-ONE-JSON'] };
  }
  const violations: Violation[] = [];
  const exercised: AdapterManifestClauseId[] = ['TRN-ONE-JSON', 'TRN-OK'];
  const ok = response.ok === true;
  const exitZero = record.exitCode === 0;
  if (ok !== exitZero) {
    violations.push(
      violation('TRN-OK', ok ? `ok: true came with exit code ${String(record.exitCode)}` : `exit code 0 came with ok: ${JSON.stringify(response.ok)}`, {
        instancePath: '/ok',
      }),
    );
  }
  if (ok && exitZero) {
    exercised.push('TRN-OUTPUT-SCHEMA');
    if (!validateOutput(response)) {
      for (const error of (validateOutput.errors ?? []).slice(0, 3)) {
        violations.push(
          violation('TRN-OUTPUT-SCHEMA', `successful response breaks the outputSchema at ${error.instancePath || '/'}: ${error.message ?? error.keyword}`, {
            instancePath: error.instancePath,
            details: { keyword: error.keyword, schemaPath: error.schemaPath },
          }),
        );
      }
    }
  } else {
    exercised.push('TRN-FAILURE-OUTCOME');
    if (!isFailureOutcome(response.outcome)) {
      violations.push(
        violation('TRN-FAILURE-OUTCOME', `failed response states no known outcome (outcome: ${JSON.stringify(response.outcome) ?? 'absent'})`, {
          instancePath: '/outcome',
        }),
      );
    }
  }
  if (inputBrokeSchema) {
    exercised.push('TRN-INPUT-REFUSED');
    if (!(response.ok === false && response.outcome === 'not-submitted')) {
      violations.push(violation('TRN-INPUT-REFUSED', `schema-breaking input answered ok: ${JSON.stringify(response.ok)}, outcome: ${JSON.stringify(response.outcome) ?? 'absent'}`));
    }
  }
  return violations.length === 0 ? { verdict: 'held', exercised } : { verdict: 'violated', violations, exercised };
}

/** The one JSON object stdout holds, or what is wrong with stdout. */
function singleJsonObject(record: CallRecord): Record<string, unknown> | string {
  if (record.stdoutInvalidUtf8) return 'stdout is not valid UTF-8';
  const text = record.stdout.trim();
  if (text === '') return `stdout is empty (exit code ${String(record.exitCode)})`;
  try {
    const value: unknown = JSON.parse(text);
    if (isJsonObject(value)) return value;
    return `stdout holds ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}, not a JSON object`;
  } catch (error) {
    const documents = text.split('\n').filter((line) => line.trim() !== '');
    if (documents.length > 1 && documents.every(parsesAsJson)) return `stdout holds ${documents.length} JSON documents, not exactly one`;
    return `stdout is not one JSON document: ${describeError(error)}`;
  }
}

function parsesAsJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}
