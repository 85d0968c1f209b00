// esbuild options for the runtime's bundles: dist/ (build/bundle.mjs) and the benchmark's copies
// (test/bench/run.ts), so the benchmark times what operators run.
//
// One CommonJS file per entry, with all the runtime's JavaScript inside: hono, @hono/node-server,
// roaring's, lmdb's and both msgpackr copies (ours, 2.x, and lmdb's own 1.x). Outside stay only
// native addons and what loads lazily:
// - roaring's binary, found by build/roaring-binding.cjs instead of node-pre-gyp;
// - lmdb's addon and msgpackr-extract's (msgpackr's optional native string decoder), found by
//   build/prebuilt-binding.cjs from the installed packages instead of node-gyp-build-optional-packages
//   (the bundled code would look in dist/); lmdb's compression dictionary would be looked for in
//   dist/ too, but the store does not compress;
// - ioredis, loaded only when RECIPES_REDIS_URL is set.
// Bundling lmdb and msgpackr saves resolving and reading seven packages at start, and puts their code
// in the server's code cache (below).
// CommonJS rather than ESM because Node resolves and links an ES module graph file by file,
// which costed ~25 ms more at start for lmdb alone (Node 20).
//
// The entry named `server` is built as `server.bundle.cjs`, and `server.cjs` next to it is
// build/launcher.cjs, which runs the bundle from a V8 code cache (`server.bundle.cjs.v8cache`,
// written by the first run that exits cleanly, or at build time by build/bundle.mjs). So
// `node <outdir>/server.cjs` starts the server either way.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const LAUNCHED = 'server';

/** Copies the launcher next to the server's bundle and drops the bundle's old code cache. */
const launcherPlugin = (outdir) => ({
  name: 'recipe-db-launcher',
  setup(b) {
    b.onEnd((result) => {
      if (result.errors.length > 0) return;
      fs.copyFileSync(path.join(here, 'launcher.cjs'), path.join(outdir, `${LAUNCHED}.cjs`));
      fs.rmSync(path.join(outdir, `${LAUNCHED}.bundle.cjs.v8cache`), { force: true });
      fs.rmSync(path.join(outdir, `${LAUNCHED}.cjs.map`), { force: true }); // from before the launcher
    });
  },
});

/**
 * lmdb and msgpackr as their CommonJS builds, as Node's require() would load them: their ES module
 * sources find files through import.meta.url, which a CommonJS bundle does not have.
 */
const requireBuildsPlugin = {
  name: 'recipe-db-require-builds',
  setup(b) {
    b.onResolve({ filter: /^(lmdb|msgpackr)$/ }, (args) =>
      args.kind === 'require-call' ? undefined : b.resolve(args.path, { kind: 'require-call', resolveDir: args.resolveDir, importer: args.importer }),
    );
  },
};

/** The package directory holding `file`: the nearest package.json with a name. */
function packageName(file) {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const pj = path.join(dir, 'package.json');
    if (fs.existsSync(pj)) {
      const { name } = JSON.parse(fs.readFileSync(pj, 'utf8'));
      if (name) return name;
    }
  }
  throw new Error(`no package.json above ${file}`);
}

/**
 * `require('node-gyp-build-optional-packages')(dir)` in a bundled package becomes
 * build/prebuilt-binding.cjs's load('<that package>').
 */
const prebuiltBindingPlugin = {
  name: 'recipe-db-prebuilt-binding',
  setup(b) {
    b.onResolve({ filter: /^node-gyp-build-optional-packages$/ }, (args) => ({ path: packageName(args.importer), namespace: 'prebuilt-binding' }));
    b.onLoad({ filter: /.*/, namespace: 'prebuilt-binding' }, (args) => ({
      contents: `module.exports = () => require(${JSON.stringify(path.join(here, 'prebuilt-binding.cjs'))}).load(${JSON.stringify(args.path)});`,
      resolveDir: here,
      loader: 'js',
    }));
  },
};

/** @param {{ entryPoints: Record<string, string>, outdir: string, sourcemap?: boolean }} o */
export function runtimeBundle(o) {
  const launched = LAUNCHED in o.entryPoints;
  const entryPoints = Object.fromEntries(Object.entries(o.entryPoints).map(([name, file]) => [name === LAUNCHED ? `${name}.bundle` : name, file]));
  return {
    entryPoints,
    outdir: o.outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // import() becomes a require() in a promise: the launcher runs the bundle through vm.Script,
    // whose own import() needs --experimental-vm-modules on Node 20 (ioredis is CommonJS anyway).
    supported: { 'dynamic-import': false },
    // import.meta.url as the bundle's own file URL (CommonJS has no import.meta), so that
    // createRequire(import.meta.url) finds installed packages from dist/ as from the sources:
    // runtime/http/docs/assets.ts reads Swagger UI's files from node_modules/swagger-ui-dist.
    define: { 'import.meta.url': 'importMetaUrl' },
    banner: { js: "var importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    external: ['ioredis', 'roaring/package.json', '*.node'],
    alias: { '@mapbox/node-pre-gyp/lib/pre-binding': path.join(here, 'roaring-binding.cjs') },
    plugins: [requireBuildsPlugin, prebuiltBindingPlugin, ...(launched ? [launcherPlugin(o.outdir)] : [])],
    sourcemap: o.sourcemap ?? false,
    logLevel: 'warning',
  };
}
