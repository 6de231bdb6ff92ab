import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteOutputRead, provideCollector } from './reclaimOutput.js';

const MIB = 1_048_576;
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('noteOutputRead', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for one collection once 2 MiB of output were read, on the next turn, then counts afresh', async () => {
    const gc = vi.fn();
    vi.stubGlobal('gc', gc);
    // Whatever an earlier test of this worker noted is reset by one collection first.
    noteOutputRead(2 * MIB);
    await nextTurn();
    gc.mockClear();

    noteOutputRead(MIB);
    await nextTurn();
    expect(gc).not.toHaveBeenCalled();
    noteOutputRead(MIB - 1);
    await nextTurn();
    expect(gc).not.toHaveBeenCalled();
    noteOutputRead(1);
    noteOutputRead(MIB); // in the same turn: still one collection
    expect(gc).not.toHaveBeenCalled(); // not inside the call that passed the bound
    await nextTurn();
    expect(gc).toHaveBeenCalledTimes(1);
    noteOutputRead(MIB);
    await nextTurn();
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('does nothing in a process without an exposed collector', async () => {
    vi.stubGlobal('gc', undefined);
    expect(() => noteOutputRead(64 * MIB)).not.toThrow();
    await nextTurn();
  });

  it('uses a provided collector where the context has no gc of its own (the CLI thread, after tuneWorkerIsolates)', async () => {
    vi.stubGlobal('gc', undefined);
    const collect = vi.fn();
    provideCollector(collect);
    noteOutputRead(4 * MIB);
    await nextTurn();
    expect(collect).toHaveBeenCalledTimes(1);
  });
});
