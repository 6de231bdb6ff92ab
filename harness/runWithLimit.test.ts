import { describe, expect, it } from 'vitest';
import { runWithLimit } from './runWithLimit.js';

describe('runWithLimit', () => {
  it('keeps at most `limit` tasks in flight and returns results in task order', async () => {
    let inFlight = 0;
    let most = 0;
    const tasks = [30, 5, 20, 1, 10, 2].map((ms, index) => async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, ms));
      inFlight -= 1;
      return index;
    });
    expect(await runWithLimit(tasks, 2)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('handles no tasks and refuses a non-positive limit', async () => {
    expect(await runWithLimit([], 3)).toEqual([]);
    await expect(runWithLimit([async () => 1], 0)).rejects.toThrow(RangeError);
  });
});
