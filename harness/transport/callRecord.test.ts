import { describe, expect, it } from 'vitest';
import { classifyExit, type ExitFacts, TRANSPORT_UNCERTAINTIES, hostFaultOf, UNCERTAINTY_CAUSE } from './callRecord.js';
import { callRecordOf } from '../protocol/__test-helpers__/sampleOutcomes.js';

const clean: ExitFacts = { killReason: null, streamFailure: null, heldOpen: null, exitCode: 0, signal: null };

describe('classifyExit', () => {
  it('is certain only for a clean exit 0', () => {
    expect(classifyExit(clean)).toEqual({ uncertainty: null, detail: undefined });
  });

  it('puts the suite’s own kill reason first (the SIGKILL came from us)', () => {
    for (const killReason of ['timeout', 'canceled', 'output-overflow'] as const) {
      expect(classifyExit({ killReason, streamFailure: 'x', heldOpen: null, exitCode: null, signal: 'SIGKILL' }).uncertainty).toBe(killReason);
    }
  });

  it('says why a deadline hit a process that had exited (its output held open)', () => {
    expect(classifyExit({ ...clean, killReason: 'timeout', heldOpen: 'stdout stayed open' })).toEqual({ uncertainty: 'timeout', detail: 'stdout stayed open' });
  });

  it('then stream failures, then foreign signals, then nonzero exits', () => {
    expect(classifyExit({ ...clean, streamFailure: 'stdout: EIO', exitCode: 3 })).toEqual({
      uncertainty: 'stream-failure',
      detail: 'stdout: EIO',
    });
    expect(classifyExit({ ...clean, exitCode: null, signal: 'SIGSEGV' })).toEqual({
      uncertainty: 'killed-by-signal',
      detail: 'terminated by SIGSEGV',
    });
    expect(classifyExit({ ...clean, exitCode: 7 })).toEqual({ uncertainty: 'nonzero-exit', detail: 'exit code 7' });
  });
});

describe('UNCERTAINTY_CAUSE', () => {
  it('gives every transport uncertainty exactly one cause', () => {
    expect(Object.keys(UNCERTAINTY_CAUSE).sort()).toEqual([...TRANSPORT_UNCERTAINTIES].sort());
  });

  it('blames the host only for its own failures, and the deadline for nobody', () => {
    const host = TRANSPORT_UNCERTAINTIES.filter((reason) => UNCERTAINTY_CAUSE[reason] === 'host');
    expect(host.sort()).toEqual(['canceled', 'pre-aborted', 'spawn-failure', 'stream-failure']);
    expect(UNCERTAINTY_CAUSE.timeout).toBe('deadline');
  });
});

describe('hostFaultOf', () => {
  it('names the host fault with its detail', () => {
    expect(hostFaultOf(callRecordOf({ uncertainty: 'stream-failure', uncertaintyDetail: 'stdout: read EIO' }))).toBe('stream-failure: stdout: read EIO');
    expect(hostFaultOf(callRecordOf({ uncertainty: 'spawn-failure' }))).toBe('spawn-failure');
  });

  it('is null for a certain call, an adapter-caused or deadline uncertainty, and a call never made', () => {
    expect(hostFaultOf(callRecordOf())).toBeNull();
    expect(hostFaultOf(callRecordOf({ uncertainty: 'nonzero-exit', exitCode: 2 }))).toBeNull();
    expect(hostFaultOf(callRecordOf({ uncertainty: 'timeout', timedOut: true }))).toBeNull();
    expect(hostFaultOf(null)).toBeNull();
  });
});
