import type { AcpMutant } from './AcpMutantDefinition.js';
export const framingMutants: readonly AcpMutant[] = [];
