import type { AcpClauseId } from '../../harness/acp/acpClauses.js';
import type { AcpAgentBehavior } from '../acp-reference/AcpAgentBehavior.js';
import { referenceBehavior } from '../acp-reference/referenceBehavior.js';

/** An ACP mutant as the kill matrix sees it: data only. */
export interface AcpMutantDefinition {
  /** kebab-case name, the value of the reference agent's `--mutant`. */
  readonly name: string;
  /** Clauses the suite must FAIL on this mutant. */
  readonly claims: readonly AcpClauseId[];
  /** Clauses the defect necessarily breaks too; failing them is allowed, not required. */
  readonly incidental: readonly AcpClauseId[];
  /** The defect, as an agent author would make it, and the real-world bug it imitates. */
  readonly description: string;
  /** @defaultValue 'fail' */
  readonly expect: 'fail';
}

/** A runnable ACP mutant: its definition plus the reference behaviour with one part replaced. */
export interface AcpMutant extends AcpMutantDefinition {
  readonly behavior: AcpAgentBehavior;
}

/** A mutant's definition with the defaults left out. */
export type AcpMutantSpec = Pick<AcpMutantDefinition, 'name' | 'claims' | 'description'> & Partial<Pick<AcpMutantDefinition, 'incidental'>>;

/**
 * Builds a mutant: the reference behaviour with the given parts replaced, nothing else copied.
 * @param spec - name, claimed clauses, description (incidental defaults to [])
 * @param override - the replaced parts of `referenceBehavior`
 */
export function defineAcpMutant(spec: AcpMutantSpec, override: Partial<AcpAgentBehavior>): AcpMutant {
  return Object.freeze({ incidental: [], expect: 'fail' as const, ...spec, behavior: Object.freeze({ ...referenceBehavior, ...override }) });
}
