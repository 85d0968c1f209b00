/**
 * The one bitmap module: every caller imports bitmaps from here and speaks the opaque `Bitmap`
 * and these functions (never the methods of a library's class). Two implementations serve the
 * same functions with the same types:
 *
 * - `./bitmap/native.ts` (the server's, and the default): the CRoaring addon (`roaring`), with
 *   zero-copy frozen views over the 32-byte aligned index files.
 * - `./bitmap/portable.ts`: a small pure TypeScript implementation of the portable
 *   RoaringFormatSpec bytes (array, bitset and run containers; Uint8Array/DataView only: no
 *   `node:`, no Buffer, no WebAssembly) for browsers, workers, edge runtimes and Node without
 *   native addons.
 *
 * The choice is made when bundling, not at run time: this file re-exports the native module, and
 * a bundle for the client maps this import of `./bitmap/native.ts` to `./bitmap/portable.ts`
 * (the esbuild plugin `portableBitmaps` in build/portable-bitmaps.mjs; the vitest project
 * `portable` does the same with an alias). So each bundle holds one implementation, its calls stay
 * direct and monomorphic (no registry, no dispatch on the server's hot paths), and esbuild leaves
 * `roaring` out of the client's bundle. test/runtime/format/bitmap/both.ts holds the two modules
 * to the same exports and types.
 */
export * from './bitmap/native.ts';
