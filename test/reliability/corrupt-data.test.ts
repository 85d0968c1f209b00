/**
 * Corrupted data against `node dist/server.cjs` (issue 20, item 2): a flipped byte in a record
 * shard, a bitmap index or a search postings block, in each verify mode. `full` refuses to start;
 * `background` and `size` answer every request with the intact dataset's answer or 503
 * DATASET_CORRUPT, never a 500 nor a wrong 200 (background then stops on its own).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDataDir } from '../../runtime/data/manifest.ts';
import { alignUp, packr } from '../../runtime/format/container.ts';
import { ROOT, startServer, type ServerProcess } from './server-process.ts';

const SOURCE = resolveDataDir(path.join(ROOT, 'dist/data'));
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), 'rdb-corrupt-'));
afterAll(() => fs.rmSync(WORK, { recursive: true, force: true }));

function searchSectionAt(b: Buffer, i: number): number {
  const headerLength = b.readUInt32LE(8);
  const h = packr.unpack(b.subarray(12, 12 + headerLength)) as { sections: [number, number][] };
  return alignUp(12 + headerLength) + h.sections[i]![0];
}
/** The first term of the search index (its first postings block is the one damaged). */
function firstTerm(): string {
  const b = fs.readFileSync(path.join(SOURCE, 'search/index.bin'));
  const at = searchSectionAt(b, 0);
  return b.toString('utf8', at, b.indexOf(0x0a, at));
}

const lastDoc = () => JSON.parse(fs.readFileSync(path.join(SOURCE, 'manifest.json'), 'utf8')).counts.recipes - 1;
const DAMAGE: Record<string, { file: string; at: (b: Buffer) => number; paths: () => string[] }> = {
  'a record shard': { file: 'records/00000.bin', at: (b) => b.length - 12, paths: () => [`/recipes?limit=100&offset=${Math.max(0, Math.min(4095, lastDoc()) - 99)}`, '/recipes?limit=3'] },
  'a bitmap index': { file: 'index/cuisine.bin', at: (b) => alignUp(12 + b.readUInt32LE(8)) + 8, paths: () => ['/recipes?cuisine=italian&limit=50', '/recipes?cuisine=mexican&limit=50'] },
  'a search postings block': { file: 'search/index.bin', at: (b) => searchSectionAt(b, 4) + 1, paths: () => [`/search?query=${encodeURIComponent(firstTerm())}&limit=50`, '/search?query=chicken&limit=10'] },
};

const intact = new Map<string, { status: number; body: string }>();
let reference: ServerProcess | undefined;
beforeAll(async () => {
  reference = await startServer({ RECIPES_DATA: SOURCE, RECIPES_DAILY_QUOTA: '1000000000' });
  for (const d of Object.values(DAMAGE)) {
    for (const p of d.paths()) {
      const res = await fetch(`http://127.0.0.1:${reference.port}${p}`);
      intact.set(p, { status: res.status, body: await res.text() });
    }
  }
  await reference.dispose();
}, 60_000);

function damagedCopy(file: string, at: (b: Buffer) => number): string {
  const dir = fs.mkdtempSync(path.join(WORK, 'ds-'));
  fs.cpSync(SOURCE, dir, { recursive: true });
  const full = path.join(dir, file);
  const b = fs.readFileSync(full);
  const i = at(b);
  b[i] = b[i]! ^ 0x5a;
  fs.writeFileSync(full, b);
  return dir;
}

describe('corrupted data is never served', () => {
  for (const [what, d] of Object.entries(DAMAGE)) {
    it(`a flipped byte in ${what}: verify 'full' refuses to start`, async () => {
      const dir = damagedCopy(d.file, d.at);
      await expect(startServer({ RECIPES_DATA: dir, RECIPES_VERIFY: 'full' })).rejects.toThrow(/does not match its SHA-256/);
    }, 30_000);

    for (const mode of ['background', 'size']) {
      it(`a flipped byte in ${what}: verify '${mode}' answers the intact answer or 503 DATASET_CORRUPT, never a wrong answer`, async () => {
        const dir = damagedCopy(d.file, d.at);
        const s = await startServer({ RECIPES_DATA: dir, RECIPES_VERIFY: mode, RECIPES_DAILY_QUOTA: '1000000000' });
        const seen: Record<number, number> = {};
        try {
          // About 2 s of requests from the moment it listens (the background pass starts after 1 s).
          const until = Date.now() + 2_000;
          for (let round = 0; Date.now() < until && round < 400; round++) {
            for (const p of d.paths()) {
              let res: Response;
              try {
                res = await fetch(`http://127.0.0.1:${s.port}${p}`);
              } catch {
                expect(mode).toBe('background'); // stopped after its pass found the damage
                return;
              }
              const body = await res.text();
              seen[res.status] = (seen[res.status] ?? 0) + 1;
              if (res.status === 503) expect(JSON.parse(body).error.code).toBe('DATASET_CORRUPT');
              else expect({ status: res.status, body }, p).toEqual(intact.get(p));
            }
          }
          expect(seen[503] ?? 0).toBeGreaterThan(0);
        } finally {
          console.log(`corrupt ${what}, verify ${mode}: ${JSON.stringify(seen)}`);
          // One line per refused request, naming the file: no stack trace in the log.
          expect(s.log()).not.toMatch(/\n\s+at /);
          if (seen[503]) expect(s.log()).toMatch(/FormatError|DatasetError|dataset verification failed/);
          await s.dispose();
        }
      }, 30_000);
    }
  }
});
