/**
 * Reads Open Tandoor Data foods (dataset/sources/open-tandoor-data): the English base file plus
 * the per-language builds, whose `name` and `plural_name` become names in that language.
 * Plural names are published data, so they are names here (matching never infers plurals).
 * The English build's `conversion` table (the rows of data/conversion/base/data.json) gives
 * densities (tandoor-density.ts).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readText } from './gz.ts';
import { densitiesByFood, type TandoorConversion } from './tandoor-density.ts';

export interface TandoorFood {
  /** Tandoor id without the 'food-' prefix, e.g. 'garlic-raw'. */
  key: string;
  storeCategory: string;
  fdcId?: number;
  /** Names by ISO 639-1 code (pt_BR → pt, nb_NO → nb, zh_Hans → zh); English first by construction. */
  names: Map<string, string[]>;
  /** Grams per millilitre from each of its weight↔volume conversions (usually one; absent: none). */
  densities?: number[];
}

interface RawFood {
  name?: string;
  plural_name?: string;
  store_category?: string;
  fdc_id?: number;
}

export const TANDOOR_DIR = 'sources/open-tandoor-data';

function add(names: Map<string, string[]>, lang: string, ...values: (string | undefined)[]): void {
  const list = names.get(lang) ?? [];
  for (const v of values) {
    const t = v?.trim();
    if (t && !list.includes(t)) list.push(t);
  }
  if (list.length > 0) names.set(lang, list);
}

export function readTandoor(datasetDir: string): TandoorFood[] {
  const dir = join(datasetDir, TANDOOR_DIR);
  const base = JSON.parse(readText(join(dir, 'data/food/base/data.json'))) as { data: Record<string, RawFood> };
  const foods = new Map<string, TandoorFood>();
  for (const key of Object.keys(base.data).sort()) {
    const raw = base.data[key];
    if (!raw) continue;
    const food: TandoorFood = { key: key.replace(/^food-/, ''), storeCategory: (raw.store_category ?? '').replace(/^category-/, ''), names: new Map() };
    if (raw.fdc_id !== undefined) food.fdcId = raw.fdc_id;
    add(food.names, 'en', raw.name, raw.plural_name);
    foods.set(key, food);
  }
  const builds = readdirSync(join(dir, 'build')).filter((f) => f.endsWith('.json.gz')).sort();
  for (const file of builds) {
    const lang = (file.replace('.json.gz', '').split(/[-_]/)[0] ?? '').toLowerCase();
    if (lang === '' || lang === 'en' || lang === 'meta') continue;
    const build = JSON.parse(readText(join(dir, 'build', file))) as { food?: Record<string, RawFood> };
    for (const key of Object.keys(build.food ?? {}).sort()) {
      const food = foods.get(key);
      const raw = build.food?.[key];
      if (food && raw) add(food.names, lang, raw.name, raw.plural_name);
    }
  }
  const en = JSON.parse(readText(join(dir, 'build/en.json.gz'))) as { conversion?: Record<string, TandoorConversion> };
  for (const [key, densities] of densitiesByFood(en.conversion ?? {})) {
    const food = foods.get(key);
    if (food) food.densities = densities;
  }
  return [...foods.values()];
}
