// Imported first by the bin, for its side effect: a `run` (or `manifest`) catches SIGINT and SIGTERM before any other module of
// the CLI loads, so that a signal during start-up gives an interrupted report (exit code 4), never a silent death.
import { catchInterruptsFromStart } from '../runInterruption.js';

if (process.argv[2] === 'run' || process.argv[2] === 'manifest') catchInterruptsFromStart((line) => process.stderr.write(`${line}\n`));
