// The first terminal answer leaves a double-forked writer that rewrites the terminal record 500 ms later.
import { runBuiltMutant } from './runBuiltMutant.js';

await runBuiltMutant('terminal-rewritten-late');
