import { describe, expect, it } from 'vitest';
import { callRecordOf } from '../protocol/__test-helpers__/callRecordOf.js';
import { TRANSPORT_UNCERTAINTIES } from './callRecord.js';
import { hostFaultOf, UNCERTAINTY_CAUSE } from './uncertaintyCause.js';

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
