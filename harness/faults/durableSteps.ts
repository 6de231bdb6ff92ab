import { describeSyscall } from './describeSyscall.js';
import { durableFlags, type StepEffect } from './durableSyscalls.js';
import type { StraceLog } from './parseStraceLog.js';

/** One state-changing syscall of a call: a point to crash or stop it at. */
export interface DurableStep {
  /** 1-based position among the call's durable steps, in the order they entered. */
  readonly index: number;
  readonly syscall: string;
  /**
   * Which invocation of `syscall` by its thread this was, durable or not:
   * strace's `inject=…:when=N` counts invocations per syscall and per thread.
   */
  readonly ordinal: number;
  /** Rank of its thread by first appearance in the trace (0: the adapter's first process). */
  readonly threadRank: number;
  /** The call in words, paths shortened, e.g. `link("…/.admission.json.….tmp", "…/admission.json")`. */
  readonly description: string;
  /** Whether it returned (false: its thread was killed on entry, before it ran). */
  readonly completed: boolean;
  /** What it does to the state a process crash leaves. */
  readonly effect: StepEffect;
  /** Whether a file was mapped writable and shared before it (stores to it are no syscalls, so they fall between steps). */
  readonly mappedWritable: boolean;
}

/**
 * The durable steps of a traced call, in order.
 * @param log - the parsed strace log of the call
 */
export function durableSteps(log: StraceLog): DurableStep[] {
  const ranks = new Map<number, number>();
  const counts = new Map<string, number>();
  const steps: DurableStep[] = [];
  const { effects, mappedWritable } = durableFlags(log.syscalls);
  for (const [position, call] of log.syscalls.entries()) {
    if (!ranks.has(call.tid)) ranks.set(call.tid, ranks.size);
    const key = `${call.tid} ${call.name}`;
    const ordinal = (counts.get(key) ?? 0) + 1;
    counts.set(key, ordinal);
    const effect = effects[position] ?? null;
    if (effect === null) continue;
    steps.push({
      index: steps.length + 1,
      syscall: call.name,
      ordinal,
      threadRank: ranks.get(call.tid) ?? 0,
      description: describeSyscall(call.name, call.args),
      completed: call.result !== null,
      effect,
      mappedWritable: mappedWritable[position] === true,
    });
  }
  return steps;
}

/**
 * At most `cap` items, spread evenly over the list (first and last kept), in order.
 * @param items - the full list
 * @param cap - the most to keep, at least 1
 */
export function sampleEvenly<T>(items: readonly T[], cap: number): T[] {
  if (items.length <= cap) return [...items];
  if (cap === 1) return items.slice(0, 1);
  const picked = new Set<number>();
  for (let slot = 0; slot < cap; slot += 1) picked.add(Math.round((slot * (items.length - 1)) / (cap - 1)));
  return [...picked].sort((a, b) => a - b).map((index) => items[index] as T);
}

/** `3rd`, `11th`, `22nd`: how a step's position reads in a counterexample. */
export function ordinalWord(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}
