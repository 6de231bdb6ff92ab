import { describe, expect, it } from 'vitest';
import { raceBurst } from './raceBurst.js';

describe('raceBurst', () => {
  it('starts every call before any answer is read, and keeps the order of answers', async () => {
    const started: number[] = [];
    const answers = await raceBurst(
      [30, 10, 20].map((delay, index) => () => {
        started.push(index);
        return new Promise<number>((resolve) => setTimeout(() => resolve(index), delay));
      }),
    );
    expect(started).toEqual([0, 1, 2]);
    expect(answers).toEqual([0, 1, 2]);
  });

  it('runs one burst at a time, and a failed burst does not block the next', async () => {
    const log: string[] = [];
    const burst = (name: string, fail = false) =>
      raceBurst([
        async () => {
          log.push(`${name} start`);
          await new Promise((resolve) => setTimeout(resolve, 20));
          log.push(`${name} end`);
          if (fail) throw new Error(name);
        },
      ]);
    const results = await Promise.allSettled([burst('a', true), burst('b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
});
