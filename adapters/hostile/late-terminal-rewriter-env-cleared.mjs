// As late-terminal-rewriter.mjs, but the writer starts with an empty environment (no suite marker).
import { runBuiltMutant } from './runBuiltMutant.js';

await runBuiltMutant('terminal-rewritten-late-env-cleared');
