import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dir, type DirectoryResult } from 'tmp-promise';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bindingOf } from '../__test-helpers__/requests.js';
import { LedgerError } from '../LedgerError.js';
import { Refusal } from '../Refusal.js';
import { observeOperation } from './observeOperation.js';
import { OperationDirectory } from './OperationDirectory.js';
import { publishRecord } from './publishRecord.js';
import { submitOperation } from './submitOperation.js';

let scratch: DirectoryResult;
beforeEach(async () => {
  scratch = await dir({ unsafeCleanup: true });
});
afterEach(async () => {
  await scratch.cleanup();
});

const ledger = () => ({ root: scratch.path, terminalAfter: 2 });
const binding = bindingOf('Op-1', { task: 'x' });

describe('publishRecord', () => {
  it('publishes once: a second writer loses and the first record stays', () => {
    expect(publishRecord(scratch.path, 'r.json', { n: 1 })).toBe(true);
    expect(publishRecord(scratch.path, 'r.json', { n: 2 })).toBe(false);
    expect(JSON.parse(readFileSync(join(scratch.path, 'r.json'), 'utf8'))).toEqual({ n: 1 });
    expect(readdirSync(scratch.path)).toEqual(['r.json']); // no temp file left behind
  });
});

describe('submit and observe', () => {
  it('writes nothing when observing an unadmitted binding', () => {
    expect(observeOperation(ledger(), binding)).toEqual({ state: 'unknown', reason: 'missing' });
    expect(readdirSync(scratch.path)).toEqual([]);
  });

  it('admits once, then turns terminal after N observes and stays there', () => {
    const first = submitOperation(ledger(), binding);
    expect(first.state).toBe('accepted');
    expect(submitOperation(ledger(), binding)).toEqual(first);
    expect(observeOperation(ledger(), binding).state).toBe('accepted');
    const terminal = observeOperation(ledger(), binding);
    expect(terminal.state).toBe('terminal');
    expect(observeOperation(ledger(), binding)).toEqual(terminal);
    expect(submitOperation(ledger(), binding)).toEqual(terminal);
    if (terminal.state !== 'terminal' || first.state !== 'accepted') throw new Error('unreachable');
    expect(terminal.admission).toEqual(first.admission);
    expect(terminal.terminal.result.length).toBe(Buffer.byteLength(terminal.terminal.result.text));
    expect(terminal.terminal.result.length).not.toBe(terminal.terminal.result.text.length);
  });

  it('is terminal at once with --terminal-after 0', () => {
    expect(submitOperation({ root: scratch.path, terminalAfter: 0 }, binding).state).toBe('terminal');
  });

  it('refuses a rebind and never reveals the other admission to observe', () => {
    const first = submitOperation(ledger(), binding);
    const other = bindingOf('Op-1', { task: 'y' });
    expect(() => submitOperation(ledger(), other)).toThrow(Refusal);
    expect(observeOperation(ledger(), other)).toEqual({ state: 'unknown', reason: 'missing' });
    expect(submitOperation(ledger(), binding)).toEqual(first);
  });

  it('keys operations by authority too', () => {
    submitOperation(ledger(), binding);
    expect(observeOperation(ledger(), bindingOf('Op-1', { task: 'x' }, 'other-ledger')).state).toBe('unknown');
  });

  it('raises LedgerError for a torn record instead of re-admitting', () => {
    const operation = OperationDirectory.of(scratch.path, binding);
    mkdirSync(operation.path, { recursive: true });
    writeFileSync(join(operation.path, 'admission.json'), '{"binding":{"oper');
    expect(() => submitOperation(ledger(), binding)).toThrow(LedgerError);
    expect(() => observeOperation(ledger(), binding)).toThrow(LedgerError);
  });
});
