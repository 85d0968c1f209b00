'use strict';
// The C library of this Linux process, as the native-addon stand-ins need it to pick a binary
// (build/roaring-binding.cjs, build/prebuilt-binding.cjs; bundled into the runtime with them).
// detect-libc's first test: the dynamic loader script names musl. Read once per process.
const fs = require('node:fs');

let libc;

/** 'musl' or 'glibc' on Linux, undefined elsewhere. */
exports.linuxLibc = function linuxLibc() {
  if (process.platform !== 'linux') return undefined;
  if (libc === undefined) {
    try {
      libc = fs.readFileSync('/usr/bin/ldd', 'latin1').includes('musl') ? 'musl' : 'glibc';
    } catch {
      libc = 'glibc';
    }
  }
  return libc;
};
