import { describe, expect, it } from 'vitest';
import { classifyExit, type ExitFacts } from './classifyExit.js';

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
