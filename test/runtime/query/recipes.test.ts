import { afterAll, describe, expect, it } from 'vitest';
import { buildFixture, catalogEntry } from '../../helpers/fixture-dataset.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';

const ing = (id: string, optional = false) => ({ display: id, name: id, optional, id });

const fx = buildFixture(
  [
    makeRecipe({ id: 'aaa', createdAt: '2024-01-03T00:00:00.000Z', cuisines: ['italian'], ingredients: [ing('tomato'), ing('basil', true)], times: { total: { seconds: 900 } } }),
    makeRecipe({ id: 'bbb', createdAt: '2024-01-02T00:00:00.000Z', cuisines: ['italian', 'french'], ingredients: [ing('tomato')], times: { total: { seconds: 840 } } }),
    makeRecipe({ id: 'ccc', createdAt: '2024-01-04T00:00:00.000Z', cuisines: ['thai'], ingredients: [ing('basil')], nutrition: { basis: { type: 'serving' }, calories: { unit: 'kcal', value: 400.2 }, sodium: { unit: 'g', value: 0.14 } } }),
    makeRecipe({ id: 'ddd', createdAt: '2024-01-04T00:00:00.000Z', language: 'sv', nutrition: { basis: { type: 'serving' }, calories: { unit: 'kcal', value: 400 }, sodium: { unit: 'mg', value: 141 } } }),
  ],
  [catalogEntry('tomato', { en: ['tomato', 'tomatoes'], sv: ['tomat'] }), catalogEntry('basil')],
);
afterAll(() => fx.cleanup());
const ids = (docs: Uint32Array) => [...docs].map((d) => fx.recipes[d]!.id);
const page = { limit: 20, offset: 0 };

describe('listRecipes', () => {
  it('lists every recipe newest first, ties by id, when there is no filter', () => {
    const r = fx.engine.listRecipes({}, page);
    expect(r.total).toBe(4);
    expect(ids(r.docs)).toEqual(['ccc', 'ddd', 'aaa', 'bbb']);
  });

  it('pages by offset and limit over the same order', () => {
    expect(ids(fx.engine.listRecipes({}, { limit: 2, offset: 1 }).docs)).toEqual(['ddd', 'aaa']);
    expect(ids(fx.engine.listRecipes({ cuisine: 'italian' }, { limit: 1, offset: 1 }).docs)).toEqual(['bbb']);
    expect(fx.engine.listRecipes({ cuisine: 'italian' }, { limit: 5, offset: 9 }).docs.length).toBe(0);
  });

  it('intersects filters and reports the filtered total', () => {
    const r = fx.engine.listRecipes({ cuisine: 'italian', ingredients: ['tomato'] }, page);
    expect(r.total).toBe(2);
    expect(fx.engine.listRecipes({ cuisine: 'italian', language: 'sv' }, page).total).toBe(0);
  });

  it('requires a non-optional use for an included ingredient but excludes optional uses', () => {
    expect(ids(fx.engine.listRecipes({ ingredients: ['basil'] }, page).docs)).toEqual(['ccc']);
    expect(ids(fx.engine.listRecipes({ excludeIngredients: ['basil'] }, page).docs)).toEqual(['ddd', 'bbb']);
  });

  it('answers numeric bounds inclusively and converts sodium in grams to milligrams', () => {
    expect(ids(fx.engine.listRecipes({ numeric: [{ field: 'calories', op: 'le', bound: 400 }] }, page).docs)).toEqual(['ddd']);
    expect(ids(fx.engine.listRecipes({ numeric: [{ field: 'sodium', op: 'le', bound: 140 }] }, page).docs)).toEqual(['ccc']);
    expect(ids(fx.engine.listRecipes({ numeric: [{ field: 'totalTime', op: 'le', bound: 899 }] }, page).docs)).toEqual(['bbb']);
    expect(ids(fx.engine.listRecipes({ numeric: [{ field: 'totalTime', op: 'ge', bound: 900 }] }, page).docs)).toEqual(['aaa']);
  });

  it('matches nothing for an unknown value or an impossible filter', () => {
    expect(fx.engine.listRecipes({ category: 'nope' }, page).total).toBe(0);
    expect(fx.engine.listRecipes({ impossible: true }, page).total).toBe(0);
  });
});

describe('lookups', () => {
  it('finds a recipe by id and its stored JSON round-trips', () => {
    const doc = fx.engine.docById('ccc')!;
    expect(fx.engine.record(doc).id).toBe('ccc');
    expect(JSON.parse(Buffer.from(fx.engine.recordJson(doc)).toString())).toEqual(fx.engine.record(doc));
    expect(fx.engine.docById('zzz')).toBeUndefined();
    expect(fx.engine.docById('')).toBeUndefined();
  });

  it('gives the stored JSON of many docs at once, in the order asked', () => {
    const n = fx.engine.info.recipeCount;
    const docs = [n - 1, 0, 1, n - 1, Math.floor(n / 2)];
    // Compared as plain bytes: a record's JSON is a view of whatever array its read filled (Buffer or Uint8Array).
    const plain = (list: Uint8Array[]) => list.map((b) => Uint8Array.from(b));
    expect(plain(fx.engine.recordsJson(docs))).toEqual(plain(docs.map((d) => fx.engine.recordJson(d))));
    expect(plain(fx.engine.recordsJson(new Uint32Array([1, 0])))).toEqual(plain([fx.engine.recordJson(1), fx.engine.recordJson(0)]));
    expect(() => fx.engine.recordsJson([0, n])).toThrow(`doc ${n} out of range`);
    const joined = fx.engine.joinRecordsJson(docs, Buffer.from('['), Buffer.from(']'));
    expect(JSON.parse(new TextDecoder().decode(joined))).toEqual(docs.map((d) => fx.engine.record(d)));
    expect(() => fx.engine.joinRecordsJson([n], Buffer.from('['), Buffer.from(']'))).toThrow(`doc ${n} out of range`);
  });

  it('resolves whole ingredient names in any catalog language, case and hyphens alike', () => {
    expect(fx.engine.resolveIngredient('Tomatoes')).toBe('tomato');
    expect(fx.engine.resolveIngredient('tomat')).toBe('tomato');
    expect(fx.engine.resolveIngredient('cherry tomato')).toBeUndefined();
  });

  it('resolves a name by its spelling before a name that only folds alike (issue 21: røg is smoke, Rog is rye)', () => {
    const folded = buildFixture(
      [makeRecipe({ id: 'smoked-rye' })],
      [catalogEntry('smoke', { da: ['røg'] }), catalogEntry('rye', { af: ['Rog'] }), catalogEntry('lupin-bean', { pl: ['łubin'] }), catalogEntry('european-seabass', { hr: ['Lubin'] })],
    );
    try {
      expect(['røg', 'RØG', 'rog', 'Rog'].map((n) => folded.engine.resolveIngredient(n))).toEqual(['smoke', 'smoke', 'rye', 'rye']);
      expect(['łubin', 'Łubin', 'lubin'].map((n) => folded.engine.resolveIngredient(n))).toEqual(['lupin-bean', 'lupin-bean', 'european-seabass']);
    } finally {
      folded.cleanup();
    }
  });
});
