/**
 * A map that forgets its oldest entry past `capacity` entries: memoizes the
 * judgement of texts that repeat in a transcript (polling observes, repeated
 * submits) in constant memory.
 * @internal
 */
export class BoundedCache<V> {
  readonly #capacity: number;
  readonly #entries = new Map<string, V>();

  /** @param capacity - most entries kept */
  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** The cached value of `key`, or the one `compute` gives (then cached). */
  get(key: string, compute: () => V): V {
    const cached = this.#entries.get(key);
    if (cached !== undefined) return cached;
    const value = compute();
    this.set(key, value);
    return value;
  }

  /** Caches `value` under `key`, forgetting the oldest entry when full. */
  set(key: string, value: V): void {
    if (!this.#entries.has(key) && this.#entries.size >= this.#capacity) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
  }
}
