import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeAdapterEndToEnd } from '../reference/__test-helpers__/describeAdapterEndToEnd.js';

// Runs adapter.py as adapter.json says (/usr/bin/env python3 adapter.py), by its absolute path as
// `adapter-qualify config` writes it for the host; cwd = this directory unless a test sets another.
const here = dirname(fileURLToPath(import.meta.url));

describeAdapterEndToEnd('python example adapter', 'python-ledger', (ledgerDir) => ({
  file: '/usr/bin/env',
  args: ['python3', join(here, 'adapter.py'), '--authority', 'python-ledger', ...(ledgerDir === null ? [] : ['--ledger', ledgerDir])],
  cwd: here,
}));
