import type { ErrorObject } from 'ajv';
import { lazySuiteSchema } from '../harness/schemas.js';
import schema from './report.schema.json' with { type: 'json' };
import type { AcceptanceReport } from './types.js';

/** @internal The report schema (precompiled by the build). */
export const reportSchema = schema;

// Compiled once, on the suite's strict instance, when the first report is validated (at the end of a run, not
// while the CLI starts): validating a report never recompiles the schema, and strict mode refuses a schema keyword it does not know.
const reportValidator = lazySuiteSchema(schema);

/**
 * Lists what makes `report` break `report.schema.json`.
 * @param report - a candidate `acceptance.json` value
 * @returns Ajv's errors; empty when the report is valid
 */
export function reportSchemaErrors(report: unknown): readonly ErrorObject[] {
  const validate = reportValidator();
  return validate(report) ? [] : [...(validate.errors ?? [])];
}

/**
 * Asserts that `report` matches `report.schema.json`.
 * @param report - a candidate `acceptance.json` value
 * @throws {@link ReportSchemaError} when it does not: a suite bug, never the adapter's
 */
export function validateReport(report: unknown): asserts report is AcceptanceReport {
  const errors = reportSchemaErrors(report);
  if (errors.length > 0) throw new ReportSchemaError(errors);
}

/**
 * A built report does not match `report.schema.json`. This is a bug of the
 * suite (exit code 3), never a failure of the adapter.
 */
export class ReportSchemaError extends Error {
  override readonly name = 'ReportSchemaError' as const;
  /** Ajv's errors, each with its `instancePath` into the report. */
  readonly errors: readonly ErrorObject[];

  /**
   * @param errors - the errors Ajv reported for the report
   */
  constructor(errors: readonly ErrorObject[]) {
    const first = describeSchemaErrors(errors);
    super(`The acceptance report does not match its schema (a suite bug): ${first}`);
    this.errors = errors;
  }
}

/**
 * The first few Ajv errors in one line (`/path message; …`), for the message of
 * a schema error.
 * @internal
 */
export function describeSchemaErrors(errors: readonly ErrorObject[]): string {
  return errors
    .slice(0, 5)
    .map((error) => `${error.instancePath === '' ? '/' : error.instancePath} ${error.message ?? error.keyword}`)
    .join('; ');
}
