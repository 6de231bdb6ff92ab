#!/usr/bin/env node
// The reference adapter's command: node main.js [--authority ID] [--ledger DIR] [--terminal-after N] <submit|observe>
import { referenceBehavior } from './referenceBehavior.js';
import { runAdapter } from './runAdapter.js';

process.exitCode = await runAdapter(referenceBehavior, process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
