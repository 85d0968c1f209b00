import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../build/normalize/catalog.ts';
import { toRecipe } from '../../../build/normalize/recipe.ts';
import { ADAPTERS, readAllSources } from '../../../build/sources/index.ts';
import { jsonld } from '../../../build/sources/jsonld.ts';
import { assertRecipeShape } from '../../helpers/recipe-shape.ts';

const DATASET = join(import.meta.dirname, '../../../dataset');
const all = readAllSources(DATASET);

describe('source adapters over dataset/', () => {
  it.each(ADAPTERS.filter((a) => a.name !== 'jsonld').map((a) => [a.name, a] as const))('%s yields records of its own source', (name, adapter) => {
    const records = adapter.read(join(DATASET, 'sources', name));
    expect(records.length).toBeGreaterThan(50);
    expect(records.every((r) => r.source === name && r.key !== '')).toBe(true);
  });

  it('reads about 4,000 recipes with unique (source, key) and unique ids', () => {
    expect(all.length).toBeGreaterThan(3900);
    expect(all.length).toBeLessThan(4200);
    expect(new Set(all.map((r) => `${r.source}\u0000${r.key}`)).size).toBe(all.length);
    const catalog = loadCatalog(DATASET);
    const ids = new Set(all.map((r) => toRecipe(r, { catalog }).id));
    expect(ids.size).toBe(all.length);
  });

  it('reads every source in the same order twice', () => {
    expect(readAllSources(DATASET).map((r) => `${r.source}:${r.key}`)).toEqual(all.map((r) => `${r.source}:${r.key}`));
  });

  it('normalises every record into a recipe of the published shape', () => {
    const catalog = loadCatalog(DATASET);
    for (const rec of all) assertRecipeShape(toRecipe(rec, { catalog }));
  });

  it('includes all 368 howtocook dishes once, 338 of them with the structured JSON', () => {
    const dishes = all.filter((r) => r.source === 'howtocook');
    expect(dishes).toHaveLength(368);
    expect(dishes.filter((r) => r.hints?.ingredients !== undefined)).toHaveLength(338);
  });

  it('marks the howtocook calorie figure as a whole-dish estimate', () => {
    const dish = all.find((r) => r.source === 'howtocook' && r.key === 'aquatic/咖喱炒蟹');
    expect(dish?.recipe.nutrition).toEqual({ calories: '815 kcal' });
    expect(dish?.hints).toMatchObject({ nutritionBasis: 'recipe', nutritionSource: 'estimated', language: 'zh' });
  });

  it('prefers the JSON-LD of a recipe-scrapers page and keeps the fixture language and site name', () => {
    const rec = all.find((r) => r.source === 'recipe-scrapers' && r.key === '101cookbooks.com/onehundredonecookbooks_1');
    expect(rec?.recipe.datePublished).toBe('2022-12-01T13:30:00+00:00');
    expect(rec?.recipe.url).toBe('https://www.101cookbooks.com/broccoli-soup-with-coconut-milk/');
    expect(rec?.hints).toMatchObject({ language: 'en-US', siteName: '101 Cookbooks' });
  });

  it('gives sources without web pages their upstream file address at the recorded commit', () => {
    const rec = all.find((r) => r.source === 'public-domain-recipes');
    expect(rec?.recipe.url).toMatch(/^https:\/\/github\.com\/ronaldl29\/public-domain-recipes\/blob\/61b488ee[0-9a-f]+\/content\/.+\.md$/);
  });

  it('splits IBA ingredients into structured quantities and takes the glass from the wiki', () => {
    const bellini = all.find((r) => r.source === 'iba-cocktails' && r.key === 'Bellini');
    expect(bellini?.hints?.ingredients?.[0]).toMatchObject({ display: '100 ml Prosecco', name: 'Prosecco', quantity: { value: 100, unit: 'ml' } });
    expect(bellini?.hints?.equipment).toEqual(['Champagne flute']);
  });

  it('skips the epicurious row that has no title and no ingredients', () => {
    const rows = all.filter((r) => r.source === 'epicurious');
    expect(rows).toHaveLength(1999);
    expect(rows.find((r) => r.key === '11221')).toBeUndefined();
  });
});

describe('jsonld drop-in source', () => {
  it('yields no records for a folder with only a README', () => {
    expect(jsonld.read(join(DATASET, 'sources', 'jsonld'))).toEqual([]);
    expect(jsonld.read(join(DATASET, 'sources', 'does-not-exist'))).toEqual([]);
  });

  it('reads bare and wrapped schema.org Recipe lines and skips non-recipes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jsonld-'));
    try {
      const lines = [
        { id: 'a', recipe: { '@type': 'Recipe', name: 'A', url: 'https://x.example/a' } },
        { '@type': 'Recipe', name: 'B', url: 'https://x.example/b' },
        { '@type': 'Person', name: 'not a recipe' },
        { '@type': 'Recipe', name: 'no url' },
      ];
      writeFileSync(join(dir, 'mine.jsonl.gz'), gzipSync(lines.map((l) => JSON.stringify(l)).join('\n')));
      const records = jsonld.read(dir);
      expect(records.map((r) => [r.key, r.recipe.name])).toEqual([['mine:a', 'A'], ['mine:https://x.example/b', 'B']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
