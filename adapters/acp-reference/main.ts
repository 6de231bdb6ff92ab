#!/usr/bin/env node
// node main.js [--state-dir DIR]: the ACP reference agent on stdio. Its mutants run from
// ../acp-mutants/main.js with --mutant NAME.
import { log, runAgentMain } from './agentMain.js';
import { referenceBehavior } from './referenceBehavior.js';

runAgentMain((args) => {
  if (args.mutant === undefined) return referenceBehavior;
  log(`unknown mutant ${JSON.stringify(args.mutant)}: the reference agent has none; mutants run from adapters/acp-mutants/main.js`);
  return undefined;
});
