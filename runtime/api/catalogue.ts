/**
 * GET /ingredients (the canonical ingredient catalogue, paged, optionally by name prefix) and
 * GET /vocabularies (course, diet and cuisine exactly as SPEC.md lists them; category, equipment
 * and language as found in the data, with recipe counts; every preset with its exact rule).
 *
 * /ingredients parameters: `q` (case-insensitive prefix of any of the names, any language; 1–80
 * characters), `limit` (default 20, cap 100), `offset` (default 0). Body:
 * {"pagination":{limit,offset,total},"ingredients":[{id,name,names,parent?,recipeCount}]} with
 * `limit` = how many items the response holds, as for recipes.
 */
import type { Engine } from '../query/engine.ts';
import { decodeQuery, parseIngredientsQuery, parseNoParams } from '../query/params.ts';
import { COURSES, CUISINES, DIETS, NUMERIC_UNITS, NUTRITION_PRESETS, TIME_PRESETS } from '../format/vocabulary.ts';
import { jsonBody } from './bytes.ts';

export function ingredientsBody(engine: Engine, rawQuery: string): Uint8Array {
  const q = parseIngredientsQuery(decodeQuery(rawQuery));
  const page = engine.ingredients(q);
  const items = page.items.map((e) => ({
    id: e.id,
    name: e.name,
    names: e.names,
    ...(e.parent !== undefined ? { parent: e.parent } : {}),
    recipeCount: e.recipeCount,
  }));
  return jsonBody({ pagination: { limit: items.length, offset: q.offset, total: page.total }, ingredients: items });
}

type PresetTable = Record<string, { field: keyof typeof NUMERIC_UNITS; op: 'le' | 'ge'; bound: number; description: string }>;

function presets(table: PresetTable) {
  return Object.entries(table).map(([name, p]) => ({
    name,
    field: p.field,
    op: p.op,
    bound: p.bound,
    unit: NUMERIC_UNITS[p.field],
    description: p.description,
  }));
}

export function vocabulariesBody(engine: Engine, rawQuery: string): Uint8Array {
  parseNoParams(decodeQuery(rawQuery));
  const v = engine.vocabularies();
  return jsonBody({
    course: COURSES,
    diet: DIETS,
    cuisine: CUISINES,
    category: v.category,
    equipment: v.equipment,
    language: v.language,
    presets: { nutrition: presets(NUTRITION_PRESETS), time: presets(TIME_PRESETS) },
  });
}
