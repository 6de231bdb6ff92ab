#!/usr/bin/env node
// The reference adapter's restart step (lifecycle.json): node restart.js [--ledger DIR] (default: the adapter's)
// A restart is a reboot: runtime state ($ADAPTER_QUALIFY_SCRATCH/run, like /run) is gone,
// and the durable ledger is recovered (fsck): stray temp files of killed writers are
// dropped and every record must read back. Exit 1 when the ledger is damaged.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fsckLedger } from './ledger/fsckLedger.js';
import { defaultLedgerDir } from './parseAdapterArgs.js';

/** A live writer holds its temp file for milliseconds; a paused one (SIGSTOP) for seconds. */
const STALE_TEMP_MS = 30_000;

const args = process.argv.slice(2);
const scratch = process.env['ADAPTER_QUALIFY_SCRATCH'];
const ledgerAt = args.indexOf('--ledger');
const ledger = ledgerAt >= 0 ? args[ledgerAt + 1] : defaultLedgerDir(process.env);
if (ledger === undefined || ledger === null) {
  process.stderr.write('restart: no ledger: pass --ledger DIR, or set ADAPTER_QUALIFY_SCRATCH, XDG_STATE_HOME or HOME\n');
  process.exit(2);
}
if (scratch !== undefined && scratch !== '') rmSync(join(scratch, 'run'), { recursive: true, force: true });
const report = fsckLedger(ledger, { now: Date.now(), staleAfterMs: STALE_TEMP_MS });
process.stdout.write(`restart: ${report.operations} operation(s), ${report.records} record(s) verified, ${report.droppedTemps} stray temp file(s) dropped\n`);
for (const problem of report.problems) process.stderr.write(`restart: damaged record ${problem}\n`);
process.exitCode = report.problems.length === 0 ? 0 : 1;
