const cell = new Int32Array(new SharedArrayBuffer(4));

/**
 * Blocks for `ms` milliseconds: widens a race window or a crash window in a
 * synchronous ledger operation.
 * @param ms - how long
 */
export function sleepSync(ms: number): void {
  Atomics.wait(cell, 0, 0, ms);
}
