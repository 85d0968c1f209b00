/**
 * The one bitmap module: every caller imports bitmaps from here and speaks the opaque `Bitmap`
 * and these functions (no methods of the library's class), so an implementation can serve every
 * caller. Today the only implementation is `./bitmap/native.ts` (the CRoaring addon).
 */
export * from './bitmap/native.ts';
