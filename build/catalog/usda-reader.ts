/**
 * Reads the USDA FoodData Central food list (dataset/sources/usda-fdc-foods): fdc id → description
 * and category. Used to resolve the FDC ids that Tandoor and HowToCook carry into English names.
 */
import { join } from 'node:path';
import { readText } from './gz.ts';

export interface UsdaFood {
  description: string;
  category: string;
}

export const USDA_CSV = 'sources/usda-fdc-foods/fdc_ingredients.csv.gz';

/** Splits one CSV record (RFC 4180 quoting, no embedded newlines in this file). */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { cur += '"'; i++; }
      else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { out.push(cur); cur = ''; }
    else cur += c;
  }
  out.push(cur);
  return out;
}

/** `wanted`: only these FDC ids are read (the catalog needs the few HowToCook links; skips ~all CSV splitting). */
export function readUsda(datasetDir: string, wanted?: ReadonlySet<number>): Map<number, UsdaFood> {
  const foods = new Map<number, UsdaFood>();
  const lines = readText(join(datasetDir, USDA_CSV)).split(/\r?\n/).slice(1);
  for (const line of lines) {
    if (line === '') continue;
    if (wanted && !wanted.has(Number(line.slice(0, line.indexOf(',')).replace(/"/g, '')))) continue;
    const [id, , description = '', category = ''] = splitCsvLine(line);
    const n = Number(id);
    if (Number.isInteger(n)) foods.set(n, { description, category });
  }
  return foods;
}
