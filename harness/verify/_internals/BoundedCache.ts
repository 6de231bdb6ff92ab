/**
 * A map that keeps at most about `capacity` entries, forgetting the least
 * recently used generation: memoizes the judgement of texts that repeat in a
 * transcript (polling observes, repeated submits) in constant memory.
 *
 * Two generations of up to `capacity / 2` entries each: a hit in the older one
 * moves to the newer one; when the newer one is full, the older one is dropped
 * whole. Nothing is ever deleted one by one, which keeps every operation O(1)
 * (deleting the oldest key of a `Map` leaves holes its iterator skips).
 * @internal
 */
export class BoundedCache<V> {
  readonly #generationSize: number;
  #current = new Map<string, V>();
  #previous = new Map<string, V>();

  /** @param capacity - most entries kept (at least 2) */
  constructor(capacity: number) {
    this.#generationSize = Math.max(1, Math.floor(capacity / 2));
  }

  /** The cached value of `key`, or the one `compute` gives (then cached). */
  get(key: string, compute: () => V): V {
    const cached = this.#current.get(key);
    if (cached !== undefined) return cached;
    const value = this.#previous.get(key) ?? compute();
    this.set(key, value);
    return value;
  }

  /** Caches `value` under `key`. */
  set(key: string, value: V): void {
    if (this.#current.size >= this.#generationSize && !this.#current.has(key)) {
      this.#previous = this.#current;
      this.#current = new Map();
    }
    this.#current.set(key, value);
  }
}
