import type { ErrorObject } from 'ajv';
import { describeSchemaErrors } from './_internals/describeSchemaErrors.js';

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
