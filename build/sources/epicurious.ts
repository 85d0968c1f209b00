import { join } from 'node:path';
import { parseCsvObjects } from './csv.ts';
import { parsePythonStringList } from './python-list.ts';
import { withoutHeaders } from './ingredient-headers.ts';
import { compareStrings, readText } from './read.ts';
import { SNAPSHOTS, blobUrl } from './snapshots.ts';
import type { SourceAdapter, SourceRecord } from './types.ts';

/**
 * Epicurious sample (Kaggle, CC BY-SA 3.0): title, ingredient lines (a Python list literal),
 * instructions (one step per line). The image names are Epicurious slugs without a host and
 * there is no page URL, so the address is the CSV on GitHub at the snapshot commit.
 * Rows with neither a title nor ingredients (one in the sample) are not recipes and are skipped.
 * Section headers ("For the roasted parsnips:", "DIPPING SAUCE:") and "Ingredient info: …" shopping
 * notes published among the ingredient lines are dropped (ingredient-headers.ts): they are not ingredients.
 */

const SNAPSHOT = SNAPSHOTS.epicurious;

export const epicurious: SourceAdapter = {
  name: 'epicurious',
  read(dir: string): SourceRecord[] {
    const rows = parseCsvObjects(readText(join(dir, 'epicurious-2000.csv.gz')));
    const records: SourceRecord[] = [];
    for (const row of rows) {
      const key = (row['Unnamed: 0'] ?? '').trim();
      const title = (row.Title ?? '').trim();
      const ingredients = withoutHeaders(parsePythonStringList(row.Ingredients || '[]'));
      if (!key || (!title && ingredients.length === 0)) continue;
      records.push({
        source: 'epicurious',
        key,
        recipe: {
          '@type': 'Recipe',
          name: title,
          url: blobUrl(SNAPSHOT, '13k-recipes.csv'),
          inLanguage: 'en',
          recipeIngredient: ingredients,
          recipeInstructions: row.Instructions ?? '',
        },
        hints: { language: 'en', snapshotDate: SNAPSHOT.date },
      });
    }
    return records.sort((a, b) => Number(a.key) - Number(b.key) || compareStrings(a.key, b.key));
  },
};
