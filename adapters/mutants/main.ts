#!/usr/bin/env node
// node main.js <mutant-name> [reference args…] <submit|observe>: the reference adapter with one defect.
import { runAdapter } from '../reference/runAdapter.js';
import { findMutant, mutants } from './catalog.js';

const [name = '', ...rest] = process.argv.slice(2);
const mutant = findMutant(name);
if (mutant === undefined) {
  process.stderr.write(`unknown mutant ${JSON.stringify(name)}; one of: ${mutants.map((entry) => entry.name).join(', ')}\n`);
  process.exitCode = 2;
} else {
  process.exitCode = await runAdapter(mutant.behavior, rest, {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  });
}
