import { join } from 'node:path';
import { packageRoot } from '../../../harness/packageRoot.js';
import type { AdapterCommand } from './callAdapter.js';

/**
 * The built reference adapter (run `npm run build` first) with its own ledger.
 * @param ledgerDir - ledger directory
 * @param extra - more adapter arguments, e.g. `['--terminal-after', '3']`
 */
export function builtReference(ledgerDir: string, extra: readonly string[] = []): AdapterCommand {
  return {
    file: process.execPath,
    args: [join(packageRoot, 'dist', 'adapters', 'reference', 'main.js'), '--authority', 'reference-ledger', '--ledger', ledgerDir, ...extra],
  };
}
