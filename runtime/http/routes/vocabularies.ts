/**
 * GET /vocabularies: course, diet and cuisine exactly as SPEC.md lists them; category, equipment
 * and language as found in the data (with recipe counts); every preset with its exact rule.
 */
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { rawQuery } from '../json.ts';
import { decodeQuery, parseNoParams } from '../../query/params.ts';
import { COURSES, CUISINES, DIETS, NUMERIC_UNITS, NUTRITION_PRESETS, TIME_PRESETS } from '../../format/vocabulary.ts';

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

export function registerVocabularies(app: Hono<AppEnv>, deps: AppDeps): void {
  app.get('/vocabularies', (c) => {
    parseNoParams(decodeQuery(rawQuery(c.req.url)));
    const v = deps.engine.vocabularies();
    return c.json({
      course: COURSES,
      diet: DIETS,
      cuisine: CUISINES,
      category: v.category,
      equipment: v.equipment,
      language: v.language,
      presets: { nutrition: presets(NUTRITION_PRESETS), time: presets(TIME_PRESETS) },
    });
  });
}
