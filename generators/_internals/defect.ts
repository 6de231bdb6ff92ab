import type { ClauseId } from '../../harness/clauses.js';
import type { Action } from '../../harness/protocol/types.js';
import type { BuiltDefect, DefectBase, DefectTarget, RequestDefect } from '../RequestDefect.js';

/** The parts of a defect recipe; the rest defaults. */
export interface DefectParts {
  readonly clauseId: ClauseId;
  readonly alsoCrosses?: readonly ClauseId[];
  /** Whether an admission is also reported under `alsoCrosses`. @defaultValue false */
  readonly sharedBlame?: boolean;
  readonly argvAction: Action;
  readonly target: DefectTarget;
  readonly operationIdLength?: number | null;
  /** What was done to the request, without the argv action or target (added here). */
  readonly what: string;
  readonly build: (base: DefectBase) => BuiltDefect;
}

/**
 * Assembles a `RequestDefect` from its parts.
 * @internal
 */
export function defect(parts: DefectParts): RequestDefect {
  const alsoCrosses = parts.alsoCrosses ?? [];
  const description = `argv ${parts.argvAction}: ${parts.what}, against a ${parts.target} binding`;
  return {
    clauseId: parts.clauseId,
    alsoCrosses,
    blame: parts.sharedBlame === true ? [parts.clauseId, ...alsoCrosses] : [parts.clauseId],
    argvAction: parts.argvAction,
    target: parts.target,
    operationIdLength: parts.operationIdLength ?? null,
    describe: () => description,
    build: parts.build,
    // fast-check prints values with toString when it reports a counterexample.
    toString: () => description,
  } as RequestDefect;
}
