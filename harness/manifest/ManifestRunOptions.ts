/**
 * Every option of `adapter-qualify manifest`, with defaults applied. Produced
 * once by `parseManifestArgs`; nothing downstream checks for missing fields.
 */
export interface ManifestRunOptions {
  /** Absolute path of the manifest file (a directory argument means its `manifest.json`). */
  readonly manifestPath: string;
  /** The path as the user wrote it, for messages and the replay command. */
  readonly manifestArgument: string;
  /** Absolute output directory for the report files. @defaultValue `./qualify-report` */
  readonly outDir: string;
  /** Root seed of every property. @defaultValue a random 31-bit integer, printed and recorded */
  readonly seed: number;
  /** Generated inputs per property (valid and schema-breaking each). @defaultValue 10 */
  readonly runs: number;
  /** Deadline of one tool call or hook probe, ms. @defaultValue 10000 */
  readonly timeoutMs: number;
  /** Output bound of one call, bytes. @defaultValue 1048576 */
  readonly maxOutputBytes: number;
  /** Also call the tools declared `mutates: true`. @defaultValue false */
  readonly allowMutating: boolean;
  /** Exit 1 when a MUST clause is SKIP or INCONCLUSIVE. @defaultValue false */
  readonly strict: boolean;
  /** SHOULD clauses count for the exit code. @defaultValue false */
  readonly strictShould: boolean;
}
