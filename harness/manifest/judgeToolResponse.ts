import type { ValidateFunction } from 'ajv';
import type { AdapterManifestClauseId } from '../clauses.js';
import type { CaseResult } from '../suite/checkProperty.js';
import type { CallRecord, TransportUncertainty } from '../transport/callRecord.js';
import { violation, type Violation } from '../violation.js';

/** The outcomes a failed response may state (TRN-FAILURE-OUTCOME). */
export const FAILURE_OUTCOMES: readonly string[] = ['not-submitted', 'partially-applied', 'unknown'];

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
    if (!(typeof response.outcome === 'string' && FAILURE_OUTCOMES.includes(response.outcome))) {
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
      violations.push(
        violation('TRN-INPUT-REFUSED', `schema-breaking input answered ok: ${JSON.stringify(response.ok)}, outcome: ${JSON.stringify(response.outcome) ?? 'absent'}`),
      );
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
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    return `stdout holds ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}, not a JSON object`;
  } catch (error) {
    const documents = text.split('\n').filter((line) => line.trim() !== '');
    if (documents.length > 1 && documents.every(parsesAsJson)) return `stdout holds ${documents.length} JSON documents, not exactly one`;
    return `stdout is not one JSON document: ${(error as Error).message}`;
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
