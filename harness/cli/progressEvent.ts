/** Progress of a qualification run, reported after each test case or test. */
export interface ProgressEvent {
  /** The test being run (its stable name). */
  readonly testName: string;
  /** The clause family of that test (`REQ`, `SEM`, …). */
  readonly family: string;
  /** Generated cases run so far, over the whole run. */
  readonly casesSoFar: number;
  /** Tests finished so far. */
  readonly testsDone: number;
  /** Tests in the run, or null while not yet known. */
  readonly testsTotal: number | null;
  /** Adapter calls made by the finished tests. */
  readonly callsSoFar: number;
  /** Suite files (one clause family each) finished so far. */
  readonly familiesDone: number;
}
