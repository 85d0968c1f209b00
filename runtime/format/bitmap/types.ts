/**
 * What both bitmap implementations share: the opaque `Bitmap` type and the layout constants.
 * `Bitmap` has no methods on purpose: callers go through the module's functions, so the native
 * and the portable implementation can each serve every caller (see ../bitmap.ts).
 */
declare const BITMAP: unique symbol;

/** A set of u32 values (a roaring bitmap), owned or a read-only view over bytes. */
export interface Bitmap {
  readonly [BITMAP]: true;
}

/** Alignment of every serialised bitmap inside an index file (frozen views want 32). */
export const BITMAP_ALIGNMENT = 32;

/** Values per container: the high 16 bits of a value pick its container (its chunk). */
export const CHUNK = 65536;
