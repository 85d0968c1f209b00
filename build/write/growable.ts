import { bitmapOf, type Bitmap } from '../../runtime/format/bitmap.ts';

/** An append-only Uint32Array that doubles when full: compact per-key doc lists for the writers. */
export class U32List {
  #data: Uint32Array;
  length = 0;

  constructor(capacity = 8) {
    this.#data = new Uint32Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.#data.length) {
      const next = new Uint32Array(this.#data.length * 2);
      next.set(this.#data);
      this.#data = next;
    }
    this.#data[this.length++] = value;
  }

  /** The last value pushed (length > 0). */
  last(): number {
    return this.#data[this.length - 1]!;
  }

  /** A view of the pushed values (valid until the next push). */
  view(): Uint32Array {
    return this.#data.subarray(0, this.length);
  }
}

/** Groups doc numbers by string key; keys keep first-seen order, docs arrive ascending. */
export class DocsByKey {
  readonly lists = new Map<string, U32List>();

  add(key: string, doc: number): void {
    let list = this.lists.get(key);
    if (!list) this.lists.set(key, (list = new U32List(4)));
    list.push(doc);
  }

  /** add, unless `doc` is the key's last doc already (a key twice in one doc counts once). */
  addOnce(key: string, doc: number): void {
    let list = this.lists.get(key);
    if (!list) this.lists.set(key, (list = new U32List(4)));
    else if (list.length > 0 && list.last() === doc) return;
    list.push(doc);
  }

  /** Each key's docs as a bitmap (first-seen key order). */
  bitmaps(): Map<string, Bitmap> {
    return new Map([...this.lists].map(([k, docs]) => [k, bitmapOf(docs.view())]));
  }
}
