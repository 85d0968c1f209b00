/**
 * A bounded map that forgets its oldest entries (FIFO). The order is a ring of keys: evicting
 * through Map iteration would skip the deleted entries at the front of V8's table, O(size).
 */
export class FifoCache<K, V> {
  readonly #map = new Map<K, V>();
  readonly #ring: (K | undefined)[];
  #next = 0;

  constructor(capacity: number) {
    this.#ring = new Array<K | undefined>(Math.max(0, capacity)).fill(undefined);
  }

  get(key: K): V | undefined {
    return this.#map.get(key);
  }

  /** Adds a key that is not in the cache (no-op at capacity 0). */
  add(key: K, value: V): void {
    const ring = this.#ring;
    if (ring.length === 0) return;
    const old = ring[this.#next];
    if (old !== undefined) this.#map.delete(old);
    ring[this.#next] = key;
    this.#next = (this.#next + 1) % ring.length;
    this.#map.set(key, value);
  }
}
