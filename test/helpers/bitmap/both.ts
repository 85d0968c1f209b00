/** The two implementations side by side, for tests that compare them. */
import * as native from '../../../runtime/format/bitmap/native.ts';
import * as portable from '../../../runtime/format/bitmap/portable.ts';

export { native, portable };
export type Impl = typeof native;

/** Each module can stand in for the other: the same functions with the same types. */
export const implementations: readonly [string, Impl][] = [
  ['native', native],
  ['portable', portable satisfies Impl],
];
const nativeAsPortable: typeof portable = native;
void nativeAsPortable;

/** A view over the serialised bytes, in a 32-byte aligned buffer as the index files hold them. */
export function viewOf(impl: Impl, bytes: Uint8Array): ReturnType<Impl['viewBitmap']> {
  const buf = impl.alignedBuffer(bytes.length);
  buf.set(bytes);
  return impl.viewBitmap(buf);
}
