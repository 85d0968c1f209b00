/**
 * Issue 20 item 2: no wrong answer from corrupted data, ever, in any verify mode. A byte of a record
 * shard, a bitmap index, a numeric index or the search index is flipped, before the dataset is
 * opened or after (a file changed under a running server); every answer must then be the intact
 * dataset's answer or 503 DATASET_CORRUPT (or the open refuses), never a 500 nor a different 200.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatasetError } from '../../../runtime/data/dataset-error.ts';
import { openDataset, verifyDataset, VERIFY_MODES, type VerifyMode } from '../../../runtime/data/open.ts';
import { alignUp, packr } from '../../../runtime/format/container.ts';
import { createEngine } from '../../../runtime/query/create-engine.ts';
import { createApp } from '../../../runtime/http/create-app.ts';
import { createMemoryStore } from '../../../runtime/store/memory.ts';
import { buildFixture, catalogEntry } from '../../helpers/fixture-dataset.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';

const fx = buildFixture(
  [
    makeRecipe({ id: 'aaa', cuisines: ['italian'], title: 'Tomato soup', ingredients: [{ name: 'tomato', display: '2 tomatoes', optional: false, id: 'tomato' }] }),
    makeRecipe({ id: 'bbb', cuisines: ['mexican'], title: 'Tomato salsa', createdAt: '2024-02-01T00:00:00.000Z' }),
    makeRecipe({ id: 'ccc', cuisines: ['italian'], title: 'Basil pasta', createdAt: '2024-03-01T00:00:00.000Z' }),
  ],
  [catalogEntry('tomato')],
);
afterAll(() => fx.cleanup());

const PATHS_ASKED = ['/recipes', '/recipes/aaa', '/recipes/bbb', '/recipes/ccc', '/recipes?cuisine=italian', '/recipes?maxCalories=5000', '/popular', '/search?query=tomato', '/search?query=basil'];

function appOver(dir: string, verify: VerifyMode) {
  const engine = createEngine(openDataset(dir, { verify }));
  const logged: string[] = [];
  const app = createApp({ engine, store: createMemoryStore({ now: Date.now }), now: Date.now, requireKey: false, dailyQuota: 10_000, logger: { info: () => {}, error: (m, f) => logged.push(`${m} ${String(f?.error)}`) } });
  return { app, logged, ds: engine };
}

async function answers(app: ReturnType<typeof appOver>['app']): Promise<{ status: number; body: string }[]> {
  return Promise.all(PATHS_ASKED.map(async (p) => {
    const res = await app.request(p);
    return { status: res.status, body: await res.text() };
  }));
}

/** The search index's section [offset, length] in the file, from its header. */
function searchSection(b: Buffer, i: number): [number, number] {
  const headerLength = b.readUInt32LE(8);
  const h = packr.unpack(b.subarray(12, 12 + headerLength)) as { sections: [number, number][] };
  const [off, len] = h.sections[i]!;
  return [alignUp(12 + headerLength) + off, len];
}

const payloadAt = (b: Buffer) => alignUp(12 + b.readUInt32LE(8));

/** Where to flip a byte in each file (the middle of the bytes a request reads). */
const DAMAGE: Record<string, { file: string; at: (b: Buffer) => number }> = {
  'a record of a shard': { file: 'records/00000.bin', at: (b) => b.length - 12 },
  'a bitmap index': { file: 'index/cuisine.bin', at: (b) => payloadAt(b) + 8 },
  'a numeric index': { file: 'numeric/calories.bin', at: (b) => Math.min(payloadAt(b) + 4, b.length - 1) },
  'a search postings block': { file: 'search/index.bin', at: (b) => searchSection(b, 4)[0] + 1 },
  'the search block bounds': { file: 'search/index.bin', at: (b) => searchSection(b, 3)[0] + 5 },
};

const intact = await answers(appOver(fx.dir, 'full').app);

function damagedCopy(file: string, at: (b: Buffer) => number): { dir: string; flip: () => void } {
  const dir = fs.mkdtempSync(path.join(path.dirname(fx.dir), 'corrupt-'));
  fs.cpSync(fx.dir, dir, { recursive: true });
  const full = path.join(dir, file);
  return {
    dir,
    flip: () => {
      const b = fs.readFileSync(full);
      const i = at(b);
      if (!(i >= 0 && i < b.length)) throw new Error(`no byte ${i} in ${file}`);
      b[i] = b[i]! ^ 0x5a;
      fs.writeFileSync(full, b);
    },
  };
}

/** Every answer is the intact one or 503 DATASET_CORRUPT; returns how many were 503. */
function expectNoWrongAnswer(got: { status: number; body: string }[], logged: string[]): number {
  let refused = 0;
  got.forEach((g, i) => {
    if (g.status === 503) {
      expect(JSON.parse(g.body).error.code, PATHS_ASKED[i]).toBe('DATASET_CORRUPT');
      refused++;
    } else expect(g, PATHS_ASKED[i]).toEqual(intact[i]);
  });
  // One log line per refused request, naming the fault without a stack.
  expect(logged).toHaveLength(refused);
  for (const line of logged) expect(line).not.toMatch(/\n\s+at /);
  return refused;
}

describe('no wrong answer from corrupted data (issue 20 item 2)', () => {
  it('serves the intact dataset', () => {
    expect(intact.every((a) => a.status === 200)).toBe(true);
  });

  for (const mode of VERIFY_MODES) {
    for (const [what, { file, at }] of Object.entries(DAMAGE)) {
      it(`a flipped byte in ${what} before the start, verify '${mode}': refused at open or 503, never a wrong answer`, async () => {
        const d = damagedCopy(file, at);
        d.flip();
        if (mode === 'full') {
          expect(() => openDataset(d.dir, { verify: mode })).toThrow(DatasetError);
          return;
        }
        const { app, logged } = appOver(d.dir, mode);
        expect(expectNoWrongAnswer(await answers(app), logged)).toBeGreaterThan(0);
        fs.rmSync(d.dir, { recursive: true });
      });

      it(`a byte of ${what} flipped after the start, verify '${mode}': 503, never a wrong answer`, async () => {
        const d = damagedCopy(file, at);
        const { app, logged } = appOver(d.dir, mode);
        d.flip();
        // In-memory files loaded before the flip keep their checked bytes; whatever is read now is checked.
        expectNoWrongAnswer(await answers(app), logged);
        fs.rmSync(d.dir, { recursive: true });
      });
    }
  }

  it('a bitmap that decodes to docs out of range answers 503, not 500', async () => {
    const engine = createEngine(openDataset(fx.dir, { verify: 'size' }));
    // As if a bitmap (or any doc list) held doc 99 of 3: what the page route does with it.
    const liar = { ...engine, listRecipes: () => ({ total: 1, docs: Uint32Array.of(99) }) } as typeof engine;
    const logged: string[] = [];
    const app = createApp({ engine: liar, store: createMemoryStore({ now: Date.now }), now: Date.now, requireKey: false, dailyQuota: 100, logger: { info: () => {}, error: (m, f) => logged.push(`${m} ${String(f?.error)}`) } });
    const res = await app.request('/recipes');
    expect(res.status).toBe(503);
    expect((await res.json()).error.code).toBe('DATASET_CORRUPT');
    expect(logged).toEqual([expect.stringMatching(/^request failed FormatError: doc 99 out of range/)]);
  });
});

describe('the background pass still finds what no request read', () => {
  it('rejects a flipped byte in a record no request asked for', async () => {
    const d = damagedCopy(DAMAGE['a record of a shard']!.file, DAMAGE['a record of a shard']!.at);
    d.flip();
    await expect(verifyDataset(openDataset(d.dir, { verify: 'background' }))).rejects.toThrow(/does not match/);
    fs.rmSync(d.dir, { recursive: true });
  });
});
