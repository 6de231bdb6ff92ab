import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeAdapterEndToEnd } from '../reference/__test-helpers__/describeAdapterEndToEnd.js';

// Runs adapter.py exactly as adapter.json says: /usr/bin/env python3 adapter.py, cwd = this directory.
const here = dirname(fileURLToPath(import.meta.url));

describeAdapterEndToEnd('python example adapter', 'python-ledger', (ledgerDir) => ({
  file: '/usr/bin/env',
  args: ['python3', 'adapter.py', '--authority', 'python-ledger', ...(ledgerDir === null ? [] : ['--ledger', ledgerDir])],
  cwd: here,
}));
