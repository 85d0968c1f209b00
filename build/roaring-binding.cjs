'use strict';
// Stands in for `@mapbox/node-pre-gyp/lib/pre-binding` inside the bundled runtime (build/bundle-options.mjs
// aliases it). roaring's index.js asks it only for the path of roaring's native binary; the real
// module loads node-pre-gyp's whole CLI to answer (~35 ms of every server start). This answers
// with the same rule, roaring's package.json `binary.module_path`
// (`./native/roaring-{node_abi}-{platform}-{arch}-{libc}`), and falls back to a binary that
// `npm install` compiled from source (`build/Release`), as roaring itself does.
const fs = require('node:fs');
const path = require('node:path');
const { linuxLibc } = require('./libc.cjs');

exports.find = function find() {
  const root = path.dirname(require.resolve('roaring/package.json'));
  const libc = linuxLibc() ?? 'unknown';
  const candidates = [
    path.join(root, 'native', `roaring-node-v${process.versions.modules}-${process.platform}-${process.arch}-${libc}`, 'roaring.node'),
    path.join(root, 'build', 'Release', 'roaring.node'),
  ];
  const found = candidates.find((p) => fs.existsSync(p));
  if (found === undefined) throw new Error(`roaring's native binary is missing (looked for ${candidates.join(' and ')}); run \`npm ci\` again`);
  return found;
};
