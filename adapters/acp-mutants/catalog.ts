import type { AcpMutant } from './AcpMutantDefinition.js';
import { framingMutants } from './framingMutants.js';
import { initializationMutants } from './initializationMutants.js';
import { lifecycleMutants, robustnessMutants } from './robustnessMutants.js';
import { sessionMutants } from './sessionMutants.js';
import { cancellationMutants, clientRequestMutants, mcpMutants, turnMutants } from './turnMutants.js';

/** Every ACP mutant, each breaking one clause of acp-agent.v1 (beside its declared incidental ones). */
export const acpMutants: readonly AcpMutant[] = Object.freeze([
  ...framingMutants,
  ...initializationMutants,
  ...sessionMutants,
  ...turnMutants,
  ...cancellationMutants,
  ...clientRequestMutants,
  ...robustnessMutants,
  ...lifecycleMutants,
  ...mcpMutants,
]);

/**
 * The mutant named `name`, or undefined.
 * @param name - a mutant's name
 */
export function findAcpMutant(name: string): AcpMutant | undefined {
  return acpMutants.find((mutant) => mutant.name === name);
}
