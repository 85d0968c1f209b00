'use strict';
// Stands in for `node-gyp-build-optional-packages` inside the bundled runtime (build/bundle-options.mjs
// routes lmdb's and msgpackr-extract's require of it here). Both ask it for their native addon
// with their own directory, which in the bundle is dist/, where no addon is; and loading it costs
// ~15 ms of every start (it loads detect-libc, which loads child_process). This answers with the
// same rule for these packages, from where `npm install` put them: the package's build/Release
// (compiled from source), else its platform package `@<name>/<name>-<platform>-<arch>` and in it
// `node.abi<ABI>.<libc>.node`, `node.napi.<libc>.node`, `node.abi<ABI>.node` or `node.napi.node`,
// the first present (an ABI build before a Node-API one, the libc-specific one first).
const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');
const { linuxLibc } = require('./libc.cjs');

/** The first `<node_modules>/<name>` with a package.json on Node's lookup path from `from`. */
function packageDir(name, from) {
  for (const dir of createRequire(from).resolve.paths(name) ?? []) {
    const candidate = path.join(dir, name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
  }
  return undefined;
}

function addonPath(name) {
  const root = packageDir(name, __filename);
  if (root === undefined) throw new Error(`${name} is not installed; run \`npm ci\` again`);
  const release = path.join(root, 'build', 'Release');
  const built = fs.existsSync(release) ? fs.readdirSync(release).find((f) => f.endsWith('.node')) : undefined;
  if (built !== undefined) return path.join(release, built);
  const platformPackage = `@${name}/${name}-${process.platform}-${process.arch}`;
  const prebuilt = packageDir(platformPackage, path.join(root, 'package.json'));
  const libc = linuxLibc();
  const abi = process.versions.modules;
  const flavours = libc ? [`node.abi${abi}.${libc}.node`, `node.napi.${libc}.node`] : [];
  flavours.push(`node.abi${abi}.node`, `node.napi.node`);
  const found = prebuilt === undefined ? undefined : flavours.map((f) => path.join(prebuilt, f)).find((p) => fs.existsSync(p));
  if (found === undefined) throw new Error(`${name}'s native addon is missing (looked in ${release} and ${platformPackage}); run \`npm ci\` again`);
  return found;
}

/** The addon of package `name` (lmdb, msgpackr-extract), loaded. */
exports.load = function load(name) {
  return require(addonPath(name));
};
