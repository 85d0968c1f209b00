/**
 * Bytes of response bodies without Buffer (the client runs where there is none): UTF-8 through
 * TextEncoder, parts joined into one Uint8Array.
 */
const encoder = new TextEncoder();

export const utf8 = (text: string): Uint8Array => encoder.encode(text);

/** The end of every list body: `]}`. */
export const LIST_TAIL = utf8(']}');

/** The JSON text of `value` as UTF-8: what Hono's c.json(value) sends. */
export const jsonBody = (value: unknown): Uint8Array => utf8(JSON.stringify(value));

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The raw query string of a URL (without '?' and without a fragment), still percent-encoded. */
export function rawQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return '';
  const hash = url.indexOf('#', q);
  return hash < 0 ? url.slice(q + 1) : url.slice(q + 1, hash);
}
