/** An item with the time its call ended and its transcript line (the tie-breaker). */
export interface EndOrdered {
  readonly endedAt: number;
  readonly line: number;
}

/**
 * A binary min-heap by (`endedAt`, `line`): holds the calls still in flight at
 * the current transcript position, so only the overlap window is in memory.
 * @internal
 */
export class EndOrderQueue<T extends EndOrdered> {
  readonly #items: T[] = [];

  /** Items held. */
  get size(): number {
    return this.#items.length;
  }

  /** Adds one item. */
  push(item: T): void {
    const items = this.#items;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!before(item, items[parent] as T)) break;
      items[index] = items[parent] as T;
      index = parent;
    }
    items[index] = item;
  }

  /** Removes and returns the earliest item when it ended at or before `time` (every item with `time` undefined). */
  popUpTo(time?: number): T | undefined {
    const items = this.#items;
    const top = items[0];
    if (top === undefined || (time !== undefined && top.endedAt > time)) return undefined;
    const last = items.pop() as T;
    if (items.length > 0) this.#siftDown(last);
    return top;
  }

  #siftDown(item: T): void {
    const items = this.#items;
    const length = items.length;
    let index = 0;
    for (;;) {
      let child = 2 * index + 1;
      if (child >= length) break;
      const right = child + 1;
      if (right < length && before(items[right] as T, items[child] as T)) child = right;
      if (!before(items[child] as T, item)) break;
      items[index] = items[child] as T;
      index = child;
    }
    items[index] = item;
  }
}

function before(a: EndOrdered, b: EndOrdered): boolean {
  return a.endedAt < b.endedAt || (a.endedAt === b.endedAt && a.line < b.line);
}
