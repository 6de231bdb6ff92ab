import { describe, expect, it } from 'vitest';
import { probeTracer } from './probeTracer.js';

describe('probeTracer', () => {
  it('is null for a tracer that ran the probe, and says why one failed', async () => {
    expect(await probeTracer('/bin/sh', ['-c', 'exit 0'])).toBeNull();
    expect(await probeTracer('/bin/sh', ['-c', 'echo first >&2; echo "ptrace: Operation not permitted" >&2; exit 1'])).toBe('ptrace: Operation not permitted');
    expect(await probeTracer('/bin/sh', ['-c', 'exit 4'])).toBe('exit 4');
    expect(await probeTracer('/bin/sh', ['-c', 'kill -9 $$'])).toBe('exit SIGKILL');
    expect(await probeTracer('/nonexistent/tracer', [])).toMatch(/ENOENT/);
    expect(await probeTracer('/bin/sh\0', [])).toMatch(/null bytes/);
  });
});
