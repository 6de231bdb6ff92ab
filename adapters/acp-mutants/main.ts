#!/usr/bin/env node
// node main.js [--state-dir DIR] [--mutant NAME]: one mutant of the ACP reference agent on stdio
// (the reference itself without --mutant, as a wrapper mutant's child runs it).
import { log, runAgentMain } from '../acp-reference/agentMain.js';
import { referenceBehavior } from '../acp-reference/referenceBehavior.js';
import { acpMutants, findAcpMutant } from './catalog.js';

runAgentMain((args) => {
  if (args.mutant === undefined) return referenceBehavior;
  const mutant = findAcpMutant(args.mutant);
  if (mutant === undefined) log(`unknown mutant ${JSON.stringify(args.mutant)}; one of: ${acpMutants.map((entry) => entry.name).join(', ')}`);
  return mutant?.behavior;
});
