// Bundles the runtime (runtime/server.ts and the keys CLI) into dist/ with esbuild (see
// bundle-options.mjs) and the offline client into dist/client/ (client-bundle-options.mjs), then
// writes the server's V8 code cache by starting it once against the compiled dataset: GET
// /healthz and /recipes, then SIGTERM; build/launcher.cjs writes the cache on that clean exit.
// Without a dataset the cache is left to the first server run that exits cleanly. The cache
// holds V8 bytecode for this Node version: the image build writes it with the Node the image runs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { runtimeBundle } from './bundle-options.mjs';
import { clientBundles } from './client-bundle-options.mjs';
import { copyDemo } from './client-demo.mjs';

await build(runtimeBundle({ entryPoints: { server: 'runtime/server.ts', keys: 'runtime/keys-cli.ts' }, outdir: 'dist', sourcemap: true }));
console.log('bundled dist/server.bundle.cjs (started by dist/server.cjs), dist/keys.cjs');
for (const options of clientBundles('dist/client')) await build(options);
copyDemo('dist/client');
console.log('bundled the offline client: dist/client/index.mjs, dist/client/node.mjs, dist/client/demo/');

const data = process.env.RECIPES_DATA || (fs.existsSync('dist/data/current') ? path.join('dist/data', fs.readFileSync('dist/data/current', 'utf8').trim()) : undefined);
if (data === undefined || !fs.existsSync(path.join(data, 'manifest.json'))) {
  console.log('no compiled dataset: the code cache will be written by the first server run that exits cleanly');
} else {
  await warmCodeCache(path.resolve(data));
  console.log(`wrote dist/server.bundle.cjs.v8cache (${Math.round(fs.statSync('dist/server.bundle.cjs.v8cache').size / 1024)} KB)`);
}

/** Starts dist/server.cjs on a free port with a throwaway state directory, asks two pages, stops it. */
async function warmCodeCache(dataDir) {
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-warm-'));
  // Whatever the shell sets for serving: no key needed, the local store, no hashing of the dataset.
  const env = { ...process.env, RECIPES_DATA: dataDir, RECIPES_STATE: state, RECIPES_VERIFY: 'size', RECIPES_REQUIRE_KEY: 'false', RECIPES_DAILY_QUOTA: '500', PORT: '0', HOST: '127.0.0.1' };
  delete env.RECIPES_REDIS_URL;
  const child = spawn(process.execPath, ['dist/server.cjs'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const address = await new Promise((resolve, reject) => {
      child.stderr.on('data', (d) => {
        log += d;
        const m = /"message":"listening","address":"([^"]+)"/.exec(log);
        if (m) resolve(m[1]);
      });
      void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${log}`)));
    });
    for (const p of ['/healthz', '/recipes?limit=20']) {
      const res = await fetch(`http://${address}${p}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`warming the code cache: GET ${p} answered ${res.status}\n${log}`);
    }
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) throw new Error(`warming the code cache: the server exited with ${code}\n${log}`);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(state, { recursive: true, force: true });
  }
}
