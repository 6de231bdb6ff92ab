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

/** One point to inject a fault at: which submit, which of its durable steps, and how many it had. */
export interface FaultPoint {
  readonly call: 'first' | 'again';
  readonly step: DurableStep;
  readonly of: number;
}

/**
 * Every fault point of the recorded steps (each list capped at
 * {@link MAX_FAULT_POINTS}, sampled evenly beyond), and a sentence for the
 * report saying what they cover.
 * @param steps - the recorded durable steps
 * @param fault - what is done at each point, for the sentence (`crash`, `stop`)
 */
export function faultPoints(steps: RecordedSteps, fault: string): { readonly points: readonly FaultPoint[]; readonly detail: string } {
  const pick = (call: FaultPoint['call'], list: readonly DurableStep[]): FaultPoint[] =>
    sampleEvenly(list, MAX_FAULT_POINTS).map((step) => ({ call, step, of: list.length }));
  const points = [...pick('first', steps.first), ...pick('again', steps.again)];
  const part = (list: readonly DurableStep[], what: string): string =>
    `${Math.min(list.length, MAX_FAULT_POINTS)} of the ${list.length} durable steps of ${what}${list.length > MAX_FAULT_POINTS ? ` (sampled evenly, at most ${MAX_FAULT_POINTS})` : ''}`;
  return { points, detail: `strace: ${points.length} ${fault} points, ${part(steps.first, 'a first submit')} and ${part(steps.again, 'a resubmit')}` };
}

/** `the 3rd of 7 durable steps of a resubmit, write(stdout, 308 bytes)`: a point in words. */
export function describePoint(point: FaultPoint): string {
  return `${point.step.description} (${ordinalWord(point.step.index)} of ${point.of} durable steps of ${point.call === 'first' ? 'a first submit' : 'a resubmit'}, as recorded)`;
}
