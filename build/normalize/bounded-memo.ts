/**
 * The compiler's memo for pure per-string work (labels, names, lines repeat across recipes):
 * bounded, it forgets everything when it reaches `limit` entries. `undefined` is never stored, so
 * a compute that can find nothing returns null.
 */
export class BoundedMemo<K, V> {
  readonly #map = new Map<K, V>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  get(key: K, compute: (key: K) => V): V {
    let value = this.#map.get(key);
    if (value === undefined) {
      if (this.#map.size >= this.#limit) this.#map.clear();
      value = compute(key);
      this.#map.set(key, value);
    }
    return value;
  }
}
