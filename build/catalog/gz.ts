import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** Reads a UTF-8 text file, gunzipping it when the name ends in .gz. */
export function readText(path: string): string {
  const bytes = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}
