import { join } from 'node:path';
import { packageRoot } from '../../harness/packageRoot.js';
import { describeAdapterEndToEnd } from './__test-helpers__/describeAdapterEndToEnd.js';

// Spawns dist/adapters/reference/main.js: run `npm run build` first (`npm test` does).
const script = join(packageRoot, 'dist', 'adapters', 'reference', 'main.js');

describeAdapterEndToEnd('reference adapter', 'reference-ledger', (ledgerDir) => ({
  file: process.execPath,
  args: [script, '--authority', 'reference-ledger', ...(ledgerDir === null ? [] : ['--ledger', ledgerDir])],
}));
