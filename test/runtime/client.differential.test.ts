/**
 * The offline client answers like the server, by construction and by test: a seeded corpus of
 * requests over every route (test/helpers/client-corpus.ts) is answered by the in-process app
 * (createApp(...).request()) and by the bundled client (node.mjs, built as `npm run build` builds
 * it) run by Node from a temporary directory with no node_modules above it, over fileSource (the
 * dataset root, through `current`) and memorySource (the version directory's files as bytes).
 * Statuses equal, bodies byte-equal (compared by SHA-256).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildClientBundles } from '../helpers/client-bundle.ts';
import { clientCorpus } from '../helpers/client-corpus.ts';
import { realApp } from '../helpers/real-app.ts';

const SCRIPT = `
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileSource, memorySource, openClient } from './node.mjs';

const [root, version, corpusFile, outFile] = process.argv.slice(2);
const corpus = JSON.parse(fs.readFileSync(corpusFile, 'utf8'));
const files = new Map();
const walk = (dir, prefix) => {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) walk(path.join(dir, e.name), prefix + e.name + '/');
    else files.set(prefix + e.name, new Uint8Array(fs.readFileSync(path.join(dir, e.name))));
  }
};
walk(path.join(root, version), '');
const out = {};
for (const [name, source] of [['file', fileSource(root)], ['memory', memorySource(files)]]) {
  const client = await openClient(source);
  out[name] = { version: client.version, answers: [] };
  for (const p of corpus) {
    const res = await client.request(p);
    const body = new Uint8Array(await res.arrayBuffer());
    out[name].answers.push([res.status, createHash('sha256').update(body).digest('hex')]);
  }
}
fs.writeFileSync(outFile, JSON.stringify(out));
`;

const bundles = await buildClientBundles();
afterAll(() => fs.rmSync(bundles.dir, { recursive: true, force: true }));

/** True when Node could find a package from `dir`: a node_modules in it or any directory above. */
function nodeModulesReachable(dir: string): boolean {
  for (let d = dir; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, 'node_modules'))) return true;
    if (path.dirname(d) === d) return false;
  }
}

describe('the offline client', () => {
  it('answers a seeded corpus over every route with the server\'s statuses and body bytes, from the bundle, over fileSource and memorySource', async () => {
    const { app, engine, key } = await realApp();
    // Plus adjusted recipes whose cups are weighed by the catalog's densities (issue 22, item 5).
    const corpus = [...clientCorpus(engine), '/recipes/d256xclpahv4h?units=metric', '/recipes/bzkchksd3qws3?servings=48&units=metric'];
    expect(corpus.length).toBeGreaterThanOrEqual(400);
    const server: [number, string][] = [];
    for (const p of corpus) {
      const res = await app.request(p, { headers: { Authorization: `Bearer ${key}` } });
      server.push([res.status, createHash('sha256').update(new Uint8Array(await res.arrayBuffer())).digest('hex')]);
    }
    // The corpus reaches answers of every kind: lists, errors of several statuses.
    expect(new Set(server.map(([s]) => s))).toEqual(new Set([200, 400, 404]));

    expect(nodeModulesReachable(bundles.dir)).toBe(false);
    fs.writeFileSync(path.join(bundles.dir, 'run.mjs'), SCRIPT);
    fs.writeFileSync(path.join(bundles.dir, 'corpus.json'), JSON.stringify(corpus));
    const versionDir = inject('realDataDir');
    const run = spawnSync(process.execPath, ['run.mjs', path.dirname(versionDir), path.basename(versionDir), 'corpus.json', 'out.json'], { cwd: bundles.dir, encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const out = JSON.parse(fs.readFileSync(path.join(bundles.dir, 'out.json'), 'utf8')) as Record<string, { version: string; answers: [number, string][] }>;
    for (const name of ['file', 'memory']) {
      expect(out[name]!.version).toBe(engine.info.datasetVersion);
      const differing = corpus.filter((_, i) => JSON.stringify(out[name]!.answers[i]) !== JSON.stringify(server[i]));
      expect(differing, `${name}Source`).toEqual([]);
    }
  });
});
