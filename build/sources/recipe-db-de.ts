import { join } from 'node:path';
import { arr, compareStrings, num, obj, readJsonl, str, type Raw } from './read.ts';
import { SNAPSHOTS, blobUrl } from './snapshots.ts';
import type { SchemaNutrition, SchemaRecipe, SourceAdapter, SourceRecord } from './types.ts';

/**
 * recipe-db (ZeKalanga), German YAML recipes (parsed into `data.recipe`). Ingredient lines are
 * "<amount> <name>" as a German cook writes them ("500 g Rindfleisch"); `preparation_time` is
 * free text for the whole preparation ("ca. 2 ½ Stunden inkl. Gehzeit") and becomes totalTime;
 * steps are `{step: title, details}` and keep only the details (the title repeats them).
 * Image paths point into an `images/` folder that is not in the repository: not used.
 */

const SNAPSHOT = SNAPSHOTS['recipe-db-de'];

function ingredientLine(item: Raw): string {
  const amount = str(item.amount)?.trim();
  const name = str(item.name)?.trim() ?? '';
  if (!amount) return name;
  // "500 g, in mundgerechte Stücke geschnitten": the part after the comma is preparation.
  const [quantity, ...rest] = amount.split(/,\s*/);
  return [quantity, name].filter(Boolean).join(' ') + (rest.length > 0 ? `, ${rest.join(', ')}` : '');
}

function nutritionOf(raw: Raw): SchemaNutrition | undefined {
  if (Object.keys(raw).length === 0) return undefined;
  const kcal = num(raw.kcal) ?? str(raw.kcal);
  const out: SchemaNutrition = {};
  if (kcal !== undefined) out.calories = typeof kcal === 'number' ? `${kcal} kcal` : kcal;
  if (raw.protein !== undefined) out.proteinContent = String(raw.protein);
  if (raw.fat !== undefined) out.fatContent = String(raw.fat);
  if (raw.carbs !== undefined) out.carbohydrateContent = String(raw.carbs);
  return out;
}

export const recipeDbDe: SourceAdapter = {
  name: 'recipe-db-de',
  read(dir: string): SourceRecord[] {
    const rows = readJsonl<Raw>(join(dir, 'recipes.jsonl.gz'));
    const records = rows.map((row): SourceRecord => {
      const r = obj(obj(row.data).recipe);
      const id = str(row.id) ?? '';
      const subcategories = [...arr(r.subcategories), r.subcategory].filter((s): s is string => typeof s === 'string');
      const category = str(r.category);
      const recipe: SchemaRecipe = {
        '@type': 'Recipe',
        name: str(r.name) ?? id,
        description: str(r.description) ?? '',
        url: blobUrl(SNAPSHOT, str(row.path) ?? `${id}.yaml`),
        inLanguage: 'de',
        recipeIngredient: arr(r.ingredients).map((i) => ingredientLine(obj(i))).filter(Boolean),
        recipeInstructions: arr(r.steps)
          .map((s) => (typeof s === 'string' ? s : (str(obj(s).details) ?? str(obj(s).step))))
          .filter((s): s is string => s !== undefined),
        recipeCategory: [category, ...subcategories].filter((s): s is string => s !== undefined),
        recipeYield: str(r.portions),
        totalTime: str(r.preparation_time),
        cookTime: str(r.cooking_time),
        nutrition: nutritionOf(obj(r.nutrition)),
      };
      const origin = str(r.origin);
      const hints: SourceRecord['hints'] = {
        language: 'de',
        createdAt: str(row.git_first_commit),
        updatedAt: str(row.git_last_commit),
        snapshotDate: SNAPSHOT.date,
        // The category names cuisines and courses alike ("Indische Küche", "Beilagen & Basics").
        labels: [category, ...subcategories, origin].filter((s): s is string => s !== undefined),
      };
      return { source: 'recipe-db-de', key: id, recipe, hints };
    });
    return records.sort((a, b) => compareStrings(a.key, b.key));
  },
};
