// The offline client's demo page (runtime/client/demo/: plain HTML, an ES module, a service
// worker, a web app manifest; nothing to compile) copied beside the bundle it imports
// (../index.mjs): `npm run build` writes dist/client/demo/; the demo test copies it the same way.
import fs from 'node:fs';
import path from 'node:path';

export const DEMO_SOURCE = path.resolve(import.meta.dirname, '../runtime/client/demo');

/** @param {string} clientDir the directory holding index.mjs (the demo goes to <clientDir>/demo/) */
export function copyDemo(clientDir) {
  fs.cpSync(DEMO_SOURCE, path.join(clientDir, 'demo'), { recursive: true });
}
