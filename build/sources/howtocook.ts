import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import { minutesToIso } from '../normalize/durations.ts';
import { parseMarkdown, paragraphs, section, listItems, imageTargets, stripLinks, type MarkdownDoc } from './markdown.ts';
import { arr, compareStrings, num, obj, readJsonl, str, type Raw } from './read.ts';
import { SNAPSHOTS, blobUrl, rawUrl } from './snapshots.ts';
import type { IngredientHint, SchemaRecipe, SourceAdapter, SourceRecord } from './types.ts';

/**
 * HowToCook (Chinese): 368 Markdown recipes (`howtocook/dishes.jsonl.gz`, with git dates) and an
 * AI-parsed JSON version of 338 of them (`../howtocook-json/recipes.jsonl.gz`). One record per
 * Markdown dish, keyed by its path; when a JSON version exists its ingredients (split quantities),
 * steps, servings and total time are used, and the Markdown supplies everything else
 * (description, calorie estimate, tools, images, dates). A JSON recipe is joined to its dish by
 * `source_file` path, else by a file name that is unique among the dishes.
 */

const MD = SNAPSHOTS.howtocook;

export function parseDish(markdown: string): {
  doc: MarkdownDoc;
  description: string;
  kcal?: number;
  tools: string[];
  ingredientLines: string[];
  steps: string[];
  images: string[];
} {
  const doc = parseMarkdown(markdown);
  const description = paragraphs(doc.preamble)
    .filter((l) => !/^预估(烹饪难度|卡路里)/.test(l))
    .map(stripLinks)
    .join(' ')
    .trim();
  const kcalLine = doc.preamble.find((l) => /预估卡路里/.test(l));
  const kcal = kcalLine ? Number(/(\d+(?:\.\d+)?)/.exec(kcalLine)?.[1]) : undefined;
  const tools = listItems(section(doc, /必备原料和工具/) ?? []).map(stripLinks);
  const quantities = listItems(section(doc, /^计算/) ?? []).map(stripLinks);
  return {
    doc,
    description,
    kcal: kcal !== undefined && Number.isFinite(kcal) ? kcal : undefined,
    tools,
    // Quantities are in `计算`; a dish without that list still names its ingredients above it.
    ingredientLines: quantities.length > 0 ? quantities : tools,
    steps: listItems(section(doc, /^操作/) ?? []).map(stripLinks),
    images: imageTargets(markdown.split('\n')),
  };
}

/** A JSON ingredient row → its display line and structured parts. */
function ingredientOf(row: Raw): IngredientHint {
  const name = str(row.ingredient_name) ?? '';
  const unit = str(row.unit) ?? '';
  const original = str(row.original_quantity);
  const range = obj(row.quantity_range);
  const quantity = num(row.quantity);
  const min = num(range.min);
  const max = num(range.max);
  const note = str(row.note);
  // Estimated amounts for "适量" (as needed) and the like: show and keep what was written.
  const estimatedOnly = row.is_estimated === true && original !== undefined;
  let amount = '';
  let structured: IngredientHint['quantity'];
  if (estimatedOnly) amount = original;
  else if (min !== undefined && max !== undefined) {
    amount = `${min}-${max}${unit}`;
    structured = { value: min, unit, max };
  } else if (quantity !== undefined) {
    amount = `${quantity}${unit}`;
    structured = { value: quantity, unit };
  }
  const display = [name, amount].filter(Boolean).join(' ') + (note ? `（${note}）` : '');
  const hint: IngredientHint = { display, name, optional: row.is_optional === true };
  if (structured) hint.quantity = structured;
  if (note) hint.note = note;
  return hint;
}

function jsonPath(row: Raw): string | undefined {
  const file = str(row.source_file);
  const at = file?.indexOf('dishes/') ?? -1;
  return file && at >= 0 ? file.slice(at) : undefined;
}

export const howtocook: SourceAdapter = {
  name: 'howtocook',
  read(dir: string): SourceRecord[] {
    const dishes = readJsonl<Raw>(join(dir, 'dishes.jsonl.gz'));
    const jsonFile = join(dir, '..', 'howtocook-json', 'recipes.jsonl.gz');
    const structured = existsSync(jsonFile) ? readJsonl<Raw>(jsonFile) : [];

    const byPath = new Map<string, Raw>();
    const dishPaths = new Set(dishes.map((d) => str(d.path) ?? ''));
    const baseCount = new Map<string, number>();
    for (const d of dishes) {
      const base = posix.basename(str(d.path) ?? '', '.md');
      baseCount.set(base, (baseCount.get(base) ?? 0) + 1);
    }
    const baseToPath = new Map(dishes.filter((d) => baseCount.get(posix.basename(str(d.path) ?? '', '.md')) === 1).map((d) => [posix.basename(str(d.path) ?? '', '.md'), str(d.path) ?? '']));
    for (const row of structured) {
      const own = jsonPath(row);
      // Three JSON files were parsed from a moved or unnamed source file: join them by name.
      const path = own !== undefined && dishPaths.has(own) ? own : baseToPath.get(str(row.id) ?? '');
      if (path && !byPath.has(path)) byPath.set(path, row);
    }

    const records = dishes.map((d): SourceRecord => {
      const path = str(d.path) ?? '';
      const md = parseDish(str(d.markdown) ?? '');
      const json = byPath.get(path);
      const title = str(json?.name) ?? (str(d.title) ?? md.doc.title).replace(/的做法$/, '').trim();
      const category = (str(d.category_dir) ?? '').replace(/_/g, ' ');
      const recipe: SchemaRecipe = {
        '@type': 'Recipe',
        name: title,
        description: md.description,
        url: blobUrl(MD, path),
        inLanguage: 'zh',
        recipeCategory: category ? [category] : [],
        image: md.images.filter((t) => !/^[a-z]+:/i.test(t)).map((t) => rawUrl(MD, posix.normalize(posix.join(posix.dirname(path), t)))),
      };
      const hints: SourceRecord['hints'] = {
        language: 'zh',
        createdAt: str(d.git_first_commit),
        updatedAt: str(d.git_last_commit),
        snapshotDate: MD.date,
        equipment: md.tools,
      };
      if (md.kcal !== undefined) {
        // "预估卡路里：N 大卡" is the author's estimate for the whole dish.
        recipe.nutrition = { calories: `${md.kcal} kcal` };
        hints.nutritionBasis = 'recipe';
        hints.nutritionSource = 'estimated';
      }
      if (json) {
        const ingredients = arr(json.ingredients).map((i) => ingredientOf(obj(i)));
        recipe.recipeIngredient = ingredients.map((i) => i.display);
        hints.ingredients = ingredients;
        recipe.recipeInstructions = arr(json.steps).map((s) => str(obj(s).content)).filter((s): s is string => s !== undefined);
        const servings = num(json.servings);
        if (servings !== undefined && servings > 0) recipe.recipeYield = String(servings);
        recipe.totalTime = minutesToIso(num(json.total_time_minutes));
      } else {
        recipe.recipeIngredient = md.ingredientLines;
        recipe.recipeInstructions = md.steps;
      }
      return { source: 'howtocook', key: str(d.id) ?? path, recipe, hints };
    });
    return records.sort((a, b) => compareStrings(a.key, b.key));
  },
};
