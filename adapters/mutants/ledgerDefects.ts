import { spawn } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '../../harness/protocol/canonicalJson.js';
import type { LedgerOperations } from '../reference/AdapterBehavior.js';
import { newAdmission } from '../reference/ledger/newAdmission.js';
import { observeOperation } from '../reference/ledger/observeOperation.js';
import { OperationDirectory } from '../reference/ledger/OperationDirectory.js';
import { submitOperation } from '../reference/ledger/submitOperation.js';

// Defective ledgers for the SEM mutants: the reference ledger with a crash window widened, a
// record written in place, or a terminal record rewritten behind the suite's back.

const cell = new Int32Array(new SharedArrayBuffer(4));

/**
 * The provider round trip of the check-then-act mutants, between their check and their write: wider
 * than the spread of process starts in a race burst of 16 on a loaded two-core machine (at 150 ms, a
 * busy CI runner once spread the racers of every case past the window, and the defect went unseen).
 */
export const PROVIDER_CALL_MS = 500;

/**
 * Blocks for `ms` milliseconds: widens a race window or a crash window in a
 * synchronous ledger operation.
 * @param ms - how long
 */
export function sleepSync(ms: number): void {
  Atomics.wait(cell, 0, 0, ms);
}

/**
 * A ledger that writes admission.json in place (no temp file + link), in two
 * halves `gapMs` apart: a crash between the two writes leaves a torn record.
 * @param gapMs - the crash window between the halves
 */
export function admissionInHalves(gapMs: number): LedgerOperations {
  return {
    observe: observeOperation,
    submit: (ledger, binding) => {
      const operation = OperationDirectory.of(ledger.root, binding);
      if (operation.readAdmission() === undefined) {
        operation.create();
        const text = canonicalJson(newAdmission(binding));
        const half = Math.floor(text.length / 2);
        try {
          const fd = openSync(join(operation.path, 'admission.json'), 'wx');
          writeSync(fd, text.slice(0, half));
          sleepSync(gapMs);
          writeSync(fd, text.slice(half));
          closeSync(fd);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
      }
      return submitOperation(ledger, binding);
    },
  };
}

/**
 * How long after the first terminal answer the writer rewrites the record. The
 * suite's default settle delay (`--settle-ms`, 5,000 ms) is ten times this, so the
 * end-of-run re-observation always comes after the rewrite.
 */
export const LATE_REWRITE_DELAY_MS = 500;

// The grandchild: waits, then replaces the terminal record with another, self-consistent result.
const REWRITER = `
const { createHash } = require('node:crypto');
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const [file, delay] = process.argv.slice(1);
setTimeout(() => {
  const record = JSON.parse(readFileSync(file, 'utf8'));
  const text = 'rewritten after terminal: ' + record.result.text;
  record.result = { text, digest: 'sha256:' + createHash('sha256').update(text, 'utf8').digest('hex'), length: Buffer.byteLength(text, 'utf8') };
  writeFileSync(file + '.rewrite', JSON.stringify(record));
  renameSync(file + '.rewrite', file);
}, Number(delay));
`;

// The child: starts the grandchild in its own session and exits at once (a double fork).
const LAUNCHER = `
const { spawn } = require('node:child_process');
spawn(process.execPath, ['-e', ${JSON.stringify(REWRITER)}, ...process.argv.slice(1)], { detached: true, stdio: 'ignore', env: process.env }).unref();
`;

/**
 * The reference ledger, except that the first terminal answer of each operation
 * leaves a double-forked writer behind that rewrites the terminal record
 * {@link LATE_REWRITE_DELAY_MS} later.
 * @param clearEnvironment - the writer starts with an empty environment (no suite marker)
 */
export function lateRewritingLedger(clearEnvironment: boolean): LedgerOperations {
  const afterTerminal = <V extends { state: string }>(ledger: Parameters<LedgerOperations['observe']>[0], binding: Parameters<LedgerOperations['observe']>[1], view: V): V => {
    if (view.state !== 'terminal') return view;
    const operation = OperationDirectory.of(ledger.root, binding);
    try {
      // Once per operation: the first process to create the mark starts the writer.
      closeSync(openSync(join(operation.path, 'late-rewriter'), 'wx'));
    } catch {
      return view;
    }
    spawn(process.execPath, ['-e', LAUNCHER, join(operation.path, 'terminal.json'), String(LATE_REWRITE_DELAY_MS)], {
      detached: true,
      stdio: 'ignore',
      env: clearEnvironment ? {} : process.env,
    }).unref();
    return view;
  };
  return {
    submit: (ledger, binding) => afterTerminal(ledger, binding, submitOperation(ledger, binding)),
    observe: (ledger, binding) => afterTerminal(ledger, binding, observeOperation(ledger, binding)),
  };
}
