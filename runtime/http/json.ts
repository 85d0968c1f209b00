/**
 * The routes' side of the shared answers (runtime/api/): a body built there, sent as JSON.
 */
import type { Context } from 'hono';

export { rawQuery } from '../api/bytes.ts';

const JSON_TYPE = { 'Content-Type': 'application/json' };

export function jsonBytes(c: Context, bytes: Uint8Array, status: 200 = 200): Response {
  return c.body(bytes as Uint8Array<ArrayBuffer>, status, JSON_TYPE);
}
