import { ordinalWord, sampleEvenly, type DurableStep } from './durableSteps.js';

/** Most crash or stop points per recorded call; a longer list is sampled evenly (and the report says so). */
export const MAX_FAULT_POINTS = 64;

/** The durable steps of the two kinds of submit a fault case injects into. */
export interface RecordedSteps {
  /** Of the first submit of a fresh binding (the admission). */
  readonly first: readonly DurableStep[];
  /** Of a resubmit of an admitted binding. */
  readonly again: readonly DurableStep[];
}

/** What is done to a call at a fault point. */
export type FaultKind =
  /** SIGKILL on entry to the step, before it ran. */
  | 'crash'
  /** SIGSTOP right after the step ran, before the next. */
  | 'stop';

/** One point to inject a fault at: which submit, which of its durable steps, and how many it had. */
export interface FaultPoint {
  readonly call: 'first' | 'again';
  readonly step: DurableStep;
  readonly of: number;
  /** The other steps whose point is the same as this one's (see {@link equivalentPoints}), in words. */
  readonly standsFor: readonly string[];
}

/**
 * The steps to fault at, each with the steps it stands for: a point whose
 * outcome cannot differ from another's is left out, by the kind of fault.
 *
 * A sync (fsync and kin) only makes data already in the page cache durable
 * against power loss, and a process crash (or stop) leaves the page cache to
 * every later call. So:
 * - a crash on entry to a sync leaves exactly the state a crash on entry to
 *   the next durable step leaves: the sync is covered by that step's point;
 * - a stop after a sync leaves the state a stop after the previous durable step
 *   leaves, unless a lock was taken before it (a close between the two may
 *   release a lock, and closes are not traced): then it is kept.
 * Neither holds once a file is mapped writable and shared (its stores are no
 * syscalls and may fall between the two points): such steps are all kept.
 * Writes are never merged, even to the same file with nothing between: a crash
 * between two writes leaves a torn file, which is what a crash point is for.
 * A sync with no step to stand in for it (the last step, for a crash) is kept.
 * @param steps - one call's durable steps, in order
 * @param fault - the kind of fault
 */
export function equivalentPoints(steps: readonly DurableStep[], fault: FaultKind): { readonly step: DurableStep; readonly standsFor: readonly DurableStep[] }[] {
  const points: { step: DurableStep; standsFor: DurableStep[] }[] = [];
  if (fault === 'crash') {
    let pending: DurableStep[] = [];
    for (const [position, step] of steps.entries()) {
      const next = steps[position + 1];
      if (step.effect === 'sync' && next !== undefined && !next.mappedWritable) {
        pending.push(step);
        continue;
      }
      points.push({ step, standsFor: pending });
      pending = [];
    }
    return points;
  }
  let locked = false;
  for (const step of steps) {
    const previous = points.at(-1);
    if (step.effect === 'sync' && previous !== undefined && !locked && !step.mappedWritable) previous.standsFor.push(step);
    else points.push({ step, standsFor: [] });
    if (step.effect === 'lock') locked = true;
  }
  return points;
}

/**
 * Every fault point of the recorded steps, equivalent points left out (see
 * {@link equivalentPoints}; each list capped at {@link MAX_FAULT_POINTS},
 * sampled evenly beyond), and a sentence for the report saying what they cover.
 * @param steps - the recorded durable steps
 * @param fault - what is done at each point
 */
export function faultPoints(steps: RecordedSteps, fault: FaultKind): { readonly points: readonly FaultPoint[]; readonly detail: string } {
  const pick = (call: FaultPoint['call'], list: readonly DurableStep[]): FaultPoint[] =>
    sampleEvenly(equivalentPoints(list, fault), MAX_FAULT_POINTS).map(({ step, standsFor }) => ({ call, step, of: list.length, standsFor: standsFor.map((other) => other.description) }));
  const first = pick('first', steps.first);
  const again = pick('again', steps.again);
  const part = (list: readonly DurableStep[], picked: readonly FaultPoint[], what: string): string => {
    const distinct = equivalentPoints(list, fault).length;
    const merged = list.length - distinct;
    return (
      `${picked.length} for the ${list.length} durable steps of ${what}` +
      (merged > 0 ? ` (${merged} sync${merged === 1 ? '' : 's'} sharing the point of another step)` : '') +
      (distinct > MAX_FAULT_POINTS ? ` (sampled evenly, at most ${MAX_FAULT_POINTS})` : '')
    );
  };
  const why = fault === 'crash' ? 'a process crash leaves the page cache, so a sync changes nothing it can observe' : 'a stopped process leaves the page cache to the others';
  const merging = [...first, ...again].some((point) => point.standsFor.length > 0) ? `; ${why}` : '';
  return {
    points: [...first, ...again],
    detail: `step tracer: ${first.length + again.length} ${fault} points, ${part(steps.first, first, 'a first submit')} and ${part(steps.again, again, 'a resubmit')}${merging}`,
  };
}

/** `write(stdout, 308 bytes) (3rd of 7 durable steps of a resubmit, as recorded)`: a point in words. */
export function describePoint(point: FaultPoint): string {
  const also = point.standsFor.length === 0 ? '' : `; the same point as ${point.standsFor.join(', ')}`;
  return `${point.step.description} (${ordinalWord(point.step.index)} of ${point.of} durable steps of ${point.call === 'first' ? 'a first submit' : 'a resubmit'}, as recorded${also})`;
}
