/** Small typed-array helpers of the search index builder. */

/** Code-unit order of strings (no locale): the order of the term dictionary and the languages. */
export const compareCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A copy of `a` with room for at least `need` elements (at least twice its length). */
export function grown<T extends Uint16Array | Int32Array | Uint32Array | Uint8Array>(a: T, need = 0): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(2 * a.length, need));
  b.set(a);
  return b;
}

export const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** A plain Uint8Array over a Buffer's bytes (element access without Buffer's subclass). */
export const plainBytes = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/** The bytes of a typed array (a view, no copy). */
export const viewBytes = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
