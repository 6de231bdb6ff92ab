/**
 * A map from texts to values that keeps at most about `capacity` entries,
 * forgetting the least recently used generation: memoizes the judgement of texts
 * that repeat in a transcript (polling observes, repeated submits) in constant memory.
 *
 * Two generations of up to `capacity / 2` entries each: a hit in the older one
 * moves to the newer one; when the newer one is full, the older one is dropped
 * whole. Nothing is ever deleted one by one, which keeps every operation O(1)
 * (deleting the oldest key of a `Map` leaves holes its iterator skips).
 *
 * Texts are found by a hash of a few dozen of their characters, then compared in
 * full. Every text `verify` reads is a new string, and V8 hashes a string key
 * character by character (about half a microsecond for a 350-character request),
 * where comparing two texts is a memory compare. Texts that share a sample hash
 * share a bucket of at most {@link MAX_BUCKET}; past that a text is not
 * remembered, so even texts made to collide cost a few comparisons each, never more.
 * @internal
 */
export class BoundedCache<V> {
  readonly #generationSize: number;
  #current = new Map<number, Entry<V>[]>();
  #currentSize = 0;
  #previous = new Map<number, Entry<V>[]>();

  /** @param capacity - most entries kept (at least 2) */
  constructor(capacity: number) {
    this.#generationSize = Math.max(1, Math.floor(capacity / 2));
  }

  /** The cached value of `key`, or the one `compute` gives (then cached). */
  get(key: string, compute: () => V): V {
    const hash = sampleHash(key);
    const cached = valueIn(this.#current.get(hash), key);
    if (cached !== undefined) return cached;
    const value = valueIn(this.#previous.get(hash), key) ?? compute();
    this.#add(hash, key, value);
    return value;
  }

  /** Caches `value` under `key`. */
  set(key: string, value: V): void {
    const hash = sampleHash(key);
    const entry = this.#current.get(hash)?.find((candidate) => candidate.key === key);
    if (entry === undefined) this.#add(hash, key, value);
    else entry.value = value;
  }

  #add(hash: number, key: string, value: V): void {
    if (this.#currentSize >= this.#generationSize) {
      this.#previous = this.#current;
      this.#current = new Map();
      this.#currentSize = 0;
    }
    const bucket = this.#current.get(hash);
    if (bucket === undefined) this.#current.set(hash, [{ key, value }]);
    else if (bucket.length < MAX_BUCKET) bucket.push({ key, value });
    else return;
    this.#currentSize += 1;
  }
}

interface Entry<V> {
  readonly key: string;
  value: V;
}

/** Most texts kept under one sample hash. @internal */
export const MAX_BUCKET = 8;

/** Characters a sample hash reads, evenly spaced from the last one (all of a shorter text). */
const SAMPLED_CHARACTERS = 48;

function valueIn<V>(bucket: readonly Entry<V>[] | undefined, key: string): V | undefined {
  if (bucket !== undefined) for (const entry of bucket) if (entry.key === key) return entry.value;
  return undefined;
}

/**
 * A 32-bit hash of a text's length and of characters spread over it (texts of a
 * run differ in their identities and digests, which such a sample crosses).
 * @internal
 */
export function sampleHash(text: string): number {
  const length = text.length;
  const step = Math.max(1, Math.floor(length / SAMPLED_CHARACTERS));
  let hash = length;
  for (let index = length - 1; index >= 0; index -= step) hash = Math.imul(hash ^ text.charCodeAt(index), 0x9e3779b1);
  return hash;
}
