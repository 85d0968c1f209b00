'use strict';
// The runtime's start file: `node dist/server.cjs` runs this, which runs the bundle next to it
// (dist/server.bundle.cjs) from a V8 code cache (dist/server.bundle.cjs.v8cache), so a start skips
// parsing and compiling the bundle and the functions that starting and the first requests run
// (Node 20 has no module.enableCompileCache). Copied into place by build/bundle-options.mjs.
//
// Cache file: SHA-256 of the bundle it was made from (32 bytes), SHA-256 of the V8 data (32 bytes),
// then the V8 data (script.createCachedData()). It is used only when both digests match: V8 checks
// little more than the source's length and its own version and flags, and does not check the
// data's integrity in release builds. Otherwise the bundle is compiled from source, as without a
// cache: 'stale' (made for other bundle bytes), 'damaged' (the data does not match its digest),
// 'rejected' (V8 refused it: another Node or V8 version, or other V8 flags, e.g. NODE_OPTIONS=
// --max-old-space-size), 'missing'. Then, if the process exits with code 0 (a drained SIGTERM after
// serving), the cache is written again, atomically, with everything compiled by then; a read-only
// dist/ (the container's, whose cache the image build wrote) is left alone. The outcome is in the
// server's `listening` log line as `codeCache`.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

const bundle = __filename.replace(/\.cjs$/, '.bundle.cjs');
const cacheFile = `${bundle}.v8cache`;
const HEAD = 64;
const sha256 = (data) => crypto.createHash('sha256').update(data).digest();
const bytes = fs.readFileSync(bundle);
const sourceDigest = sha256(bytes); // of the bytes: hashing the string would encode it again
const source = bytes.toString('utf8');

let cachedData;
let status = 'missing';
try {
  const file = fs.readFileSync(cacheFile);
  if (file.length <= HEAD || !file.subarray(0, 32).equals(sourceDigest)) status = 'stale';
  else if (!file.subarray(32, HEAD).equals(sha256(file.subarray(HEAD)))) status = 'damaged';
  else cachedData = file.subarray(HEAD);
} catch {
  // no cache: compile from source
}
// No importModuleDynamically: on Node 20 it needs --experimental-vm-modules, so the bundle has no
// import() (build/bundle-options.mjs turns it into require()).
const script = new vm.Script(Module.wrap(source), { filename: bundle, cachedData });
if (cachedData !== undefined) status = script.cachedDataRejected ? 'rejected' : 'accepted';
globalThis[Symbol.for('recipe-db.codeCache')] = status;

if (status !== 'accepted') {
  process.once('exit', (code) => {
    if (code !== 0) return;
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    try {
      const data = script.createCachedData();
      fs.writeFileSync(tmp, Buffer.concat([sourceDigest, sha256(data), data]));
      fs.renameSync(tmp, cacheFile);
    } catch {
      try {
        fs.rmSync(tmp, { force: true });
      } catch {
        // nothing to clean up
      }
    }
  });
}

// Called as Node calls a CommonJS file's wrapper. The bundle sits next to this file, so this file's
// require() resolves its externals (lmdb's addon, roaring's, ioredis) as the bundle's own would.
script.runInThisContext().call(module.exports, module.exports, require, module, bundle, path.dirname(bundle));
