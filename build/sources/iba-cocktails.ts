import { join } from 'node:path';
import { arr, compareStrings, obj, readJson, str, type Raw } from './read.ts';
import { SNAPSHOTS, blobUrl } from './snapshots.ts';
import type { IngredientHint, SourceAdapter, SourceRecord } from './types.ts';

/**
 * IBA official cocktails. The IBA-website version is the recipe (ingredients split into
 * quantity / unit / ingredient); the Wikipedia version, matched by name, adds the glass
 * (`standard_drinkware`, as equipment) and the drink type (as a label). The garnish becomes a
 * last step. Every cocktail is a drink, which is what the label 'drink' records.
 */

const SNAPSHOT = SNAPSHOTS['iba-cocktails'];

/** Published units → the catalogue's unit symbols; others stay as written ("bar spoon", "dash"). */
const UNITS: Record<string, string> = { teaspoon: 'tsp', tablespoon: 'tbsp', drops: 'drop', dashes: 'dash' };

export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[‘’`]/g, "'")
    .toLowerCase()
    .replace(/[^a-z0-9#']+/g, ' ')
    .trim();
}

function ingredientOf(row: Raw): IngredientHint {
  const display = str(row.direction)?.trim() ?? '';
  const value = Number(str(row.quantity));
  const unit = (str(row.unit) ?? '').trim().toLowerCase();
  const hint: IngredientHint = { display };
  const name = str(row.ingredient);
  if (name) hint.name = name.trim();
  if (Number.isFinite(value) && value > 0) hint.quantity = { value, unit: UNITS[unit] ?? unit };
  const note = str(row.note);
  if (note && note !== 'NA') hint.note = note.trim();
  return hint;
}

export const ibaCocktails: SourceAdapter = {
  name: 'iba-cocktails',
  read(dir: string): SourceRecord[] {
    const web = readJson<Raw[]>(join(dir, 'iba-cocktails-web.json'));
    const wiki = new Map(readJson<Raw[]>(join(dir, 'iba-cocktails-wiki.json')).map((w) => [nameKey(str(w.name) ?? ''), w]));
    const records = web.map((c): SourceRecord => {
      const name = (str(c.name) ?? '').trim();
      const w = wiki.get(nameKey(name));
      const ingredients = arr(c.ingredients).map((i) => ingredientOf(obj(i))).filter((i) => i.display !== '');
      const steps = [str(c.method)?.trim(), str(c.garnish) ? `Garnish: ${str(c.garnish)?.trim()}` : undefined].filter(
        (s): s is string => s !== undefined,
      );
      const glass = str(w?.standard_drinkware);
      const type = str(w?.type);
      const category = str(c.category);
      return {
        source: 'iba-cocktails',
        key: name,
        recipe: {
          '@type': 'Recipe',
          name,
          url: blobUrl(SNAPSHOT, 'iba-web/iba-cocktails-web.json'),
          inLanguage: 'en',
          recipeCategory: category ? [category] : [],
          recipeIngredient: ingredients.map((i) => i.display),
          recipeInstructions: steps,
        },
        hints: {
          language: 'en',
          ingredients,
          labels: ['drink', 'cocktail', ...(type ? [type] : [])],
          ...(glass ? { equipment: [glass] } : {}),
          snapshotDate: SNAPSHOT.date,
        },
      };
    });
    return records.sort((a, b) => compareStrings(a.key, b.key));
  },
};
