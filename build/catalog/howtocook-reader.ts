/**
 * Reads the HowToCook Chinese ingredient list and its LLM-made link to USDA foods
 * (dataset/sources/howtocook-json-ingredients). The USDA link is used only as a bridge to a
 * Tandoor food with the same FDC id, or through curated data; see dataset/ingredients/README.md.
 */
import { join } from 'node:path';
import { readText } from './gz.ts';

export interface HowtocookIngredient {
  /** Chinese name followed by its aliases. */
  names: string[];
  category: string;
  usdaId?: number;
  usdaName?: string;
}

export const HOWTOCOOK_DIR = 'sources/howtocook-json-ingredients';

export function readHowtocook(datasetDir: string): HowtocookIngredient[] {
  const dir = join(datasetDir, HOWTOCOOK_DIR);
  const list = JSON.parse(readText(join(dir, 'ingredients.json'))) as { ingredient_name: string; aliases?: string[]; category?: string }[];
  const matched = JSON.parse(readText(join(dir, 'matched_ingredients.json'))) as { ingredient_name: string; usda_id?: string; usda_name?: string }[];
  const links = new Map(matched.map((m) => [m.ingredient_name, m]));
  return list.map((item) => {
    const link = links.get(item.ingredient_name);
    const out: HowtocookIngredient = { names: [item.ingredient_name, ...(item.aliases ?? [])], category: item.category ?? '' };
    const id = Number(link?.usda_id);
    if (Number.isInteger(id) && id > 0) out.usdaId = id;
    if (link?.usda_name) out.usdaName = link.usda_name;
    return out;
  });
}
