import { describe, expect, it } from 'vitest';
import type { DurableStep } from './durableSteps.js';
import { describePoint, equivalentPoints, faultPoints, MAX_FAULT_POINTS } from './faultPoints.js';

function steps(...specs: readonly string[]): DurableStep[] {
  return specs.map((spec, position) => {
    const [syscall = '', mapped] = spec.split(' ');
    const effect = syscall.endsWith('sync') ? 'sync' : syscall === 'flock' ? 'lock' : 'state';
    return { index: position + 1, syscall, description: `${syscall}#${position + 1}`, completed: true, effect, mappedWritable: mapped === 'mapped' };
  });
}

const names = (points: ReturnType<typeof equivalentPoints>): string[] => points.map(({ step, standsFor }) => [step.description, ...standsFor.map((other) => other.description)].join(' = '));

describe('equivalent fault points', () => {
  const admission = steps('mkdir', 'fsync', 'openat', 'write', 'write', 'fsync', 'link', 'unlink', 'fsync', 'write');

  it('a crash on entry to a sync is the crash on entry to the next step; writes are never merged', () => {
    expect(names(equivalentPoints(admission, 'crash'))).toEqual(['mkdir#1', 'openat#3 = fsync#2', 'write#4', 'write#5', 'link#7 = fsync#6', 'unlink#8', 'write#10 = fsync#9']);
  });

  it('a stop after a sync is the stop after the step before it', () => {
    expect(names(equivalentPoints(admission, 'stop'))).toEqual(['mkdir#1 = fsync#2', 'openat#3', 'write#4', 'write#5 = fsync#6', 'link#7', 'unlink#8 = fsync#9', 'write#10']);
  });

  it('keeps a sync with no step to stand for it, and every sync once a file is mapped writable and shared', () => {
    expect(names(equivalentPoints(steps('fsync', 'write', 'fsync'), 'crash'))).toEqual(['write#2 = fsync#1', 'fsync#3']);
    expect(names(equivalentPoints(steps('fsync', 'write'), 'stop'))).toEqual(['fsync#1', 'write#2']);
    expect(names(equivalentPoints(steps('write', 'fsync mapped', 'write mapped'), 'crash'))).toEqual(['write#1', 'fsync#2', 'write#3']);
    expect(names(equivalentPoints(steps('write', 'fsync mapped'), 'stop'))).toEqual(['write#1', 'fsync#2']);
  });

  it('keeps every stop after a lock was taken (a close between two steps may release it)', () => {
    expect(names(equivalentPoints(steps('write', 'fsync', 'flock', 'write', 'fsync'), 'stop'))).toEqual(['write#1 = fsync#2', 'flock#3', 'write#4', 'fsync#5']);
    // A crash releases every lock the killed processes held: locks do not stop the merging.
    expect(names(equivalentPoints(steps('flock', 'fsync', 'write'), 'crash'))).toEqual(['flock#1', 'write#3 = fsync#2']);
  });

  it('says in the report what the points cover, and in the counterexample which steps a point stands for', () => {
    const { points, detail } = faultPoints({ first: admission, again: steps('write') }, 'crash');
    expect(points).toHaveLength(8);
    expect(detail).toBe(
      'step tracer: 8 crash points, 7 for the 10 durable steps of a first submit (3 syncs sharing the point of another step) and 1 for the 1 durable steps of a resubmit; ' +
        'a process crash leaves the page cache, so a sync changes nothing it can observe',
    );
    expect(describePoint(points[1]!)).toBe('openat#3 (3rd of 10 durable steps of a first submit, as recorded; the same point as fsync#2)');
  });

  it('samples evenly beyond the cap, after merging', () => {
    const many = steps(...Array.from({ length: 2 * MAX_FAULT_POINTS }, (_, n) => (n % 2 === 0 ? 'write' : 'fsync')));
    const { points, detail } = faultPoints({ first: many, again: [] }, 'crash');
    expect(points).toHaveLength(MAX_FAULT_POINTS);
    expect(detail).toContain('(sampled evenly, at most 64)');
  });
});
