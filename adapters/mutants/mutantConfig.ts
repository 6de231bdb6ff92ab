import { join } from 'node:path';
import type { AdapterConfig } from '../../harness/config/adapterConfig.js';
import { packageRoot } from '../../harness/packageRoot.js';
import { findMutant } from './catalog.js';

/** Authority every mutant (like the reference) answers for. */
export const MUTANT_AUTHORITY = 'reference-ledger';

/** Absolute path of the built mutant entry (`npm run build` makes it). */
export const mutantScriptPath: string = join(packageRoot, 'dist', 'adapters', 'mutants', 'main.js');

/**
 * The adapter configuration that runs one mutant: node itself as the
 * executable and absolute paths only, so it works from any directory.
 *
 * @param name - a mutant name from the catalog
 * @param ledgerDir - the mutant's ledger directory; when omitted the adapter
 * uses `$ADAPTER_QUALIFY_SCRATCH/reference-ledger`
 * @throws Error for an unknown mutant name
 */
export function mutantConfig(name: string, ledgerDir?: string): AdapterConfig {
  const mutant = findMutant(name);
  if (mutant === undefined) throw new Error(`mutantConfig: unknown mutant ${JSON.stringify(name)}`);
  return {
    protocol: 'algal.coding-operation.v1',
    authorityId: MUTANT_AUTHORITY,
    executable: process.execPath,
    argvPrefix: [mutantScriptPath, mutant.name, '--authority', MUTANT_AUTHORITY, ...(ledgerDir === undefined ? [] : ['--ledger', ledgerDir]), ...mutant.args],
  };
}
