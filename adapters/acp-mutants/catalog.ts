import type { AcpMutant } from './AcpMutantDefinition.js';
import { framingMutants } from './framingMutants.js';

/** Every ACP mutant, each breaking one clause of acp-agent.v1. */
export const acpMutants: readonly AcpMutant[] = Object.freeze([...framingMutants]);

/**
 * The mutant named `name`, or undefined.
 * @param name - a mutant's name
 */
export function findAcpMutant(name: string): AcpMutant | undefined {
  return acpMutants.find((mutant) => mutant.name === name);
}
