import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Catalog, canonicalName, loadCatalog, matchRecipeIngredient, normalizeName } from '../../../build/normalize/catalog.ts';

const DATASET = join(import.meta.dirname, '../../../dataset');
let catalog: Catalog;
beforeAll(() => {
  catalog = loadCatalog(DATASET);
});

describe('catalog matching', () => {
  it("matches 'kyckling' and 'Hähnchen' to chicken", () => {
    expect(catalog.match('kyckling')).toBe('chicken');
    expect(catalog.match('Hähnchen', 'de')).toBe('chicken');
  });
  it('does not match chicken thighs to chicken by substring', () => {
    expect(catalog.match('chicken thighs')).not.toBe('chicken');
    expect(catalog.match('chicken with rice')).toBeUndefined();
  });
  it("does not match 'tomatoes' unless listed", () => {
    const listed = catalog.get('tomato')?.names.en?.some((n) => normalizeName(n) === 'tomatoes');
    expect(catalog.match('tomatoes')).toBe(listed ? 'tomato' : undefined);
    expect(catalog.match('tomatoess')).toBeUndefined();
  });
  it('treats hyphens, spaces, underscores and case alike', () => {
    for (const q of ['olive oil', 'Olive-Oil', 'OLIVE_OIL', '  olive   oil. ']) expect(catalog.match(q)).toBe('olive-oil');
  });
  it('matches an exact id', () => {
    expect(catalog.match('soy-sauce')).toBe('soy-sauce');
  });
  it('does not infer parents', () => {
    expect(catalog.get('chicken')?.parent).toBeDefined();
    expect(catalog.match('poultry')).not.toBe('chicken');
  });
  it('strips descriptive words only through canonicalName at build time', () => {
    expect(catalog.match('fresh large eggs')).toBeUndefined();
    expect(canonicalName('fresh large eggs', 'en')).toBe('eggs');
    expect(matchRecipeIngredient(catalog, 'fresh large eggs', 'en')).toBe('egg');
  });
});

describe('catalog content', () => {
  it('has unique slug ids', () => {
    const ids = catalog.entries.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
  it('gives identical entries on two loads', () => {
    expect(JSON.stringify(loadCatalog(DATASET).entries)).toBe(JSON.stringify(catalog.entries));
  });
  it('marks meat, dairy and wheat with the right diet facts', () => {
    expect(catalog.get('chicken')).toMatchObject({ vegan: false, vegetarian: false, pescatarian: false });
    expect(catalog.get('butter')).toMatchObject({ vegan: false, dairyFree: false });
    expect(catalog.get('wheat-flour')).toMatchObject({ glutenFree: false });
    expect(catalog.get('salmon')).toMatchObject({ pescatarian: true, vegetarian: false });
  });
});
