import { basename } from 'node:path';
import { compareStrings, listFiles, obj, readJsonl, str, type Raw } from './read.ts';
import type { SchemaRecipe, SourceAdapter, SourceRecord } from './types.ts';

/**
 * Generic source: any `*.jsonl` / `*.jsonl.gz` file in dataset/sources/jsonld/ holding one
 * schema.org Recipe per line, bare or wrapped as `{"id": ..., "recipe": {...}}` (see that
 * folder's README). Keys are `<file name>:<id>`, where id is the wrapper's `id`, else the
 * recipe's `@id` or `url`, else the line number. Recipes without an http(s) `url` are skipped
 * (the API promises the original address). Without any date a recipe gets createdAt 1970-01-01,
 * which sorts it last: there is no snapshot date to fall back on.
 */

function isRecipe(value: Raw): boolean {
  const type = value['@type'];
  return (Array.isArray(type) ? type : [type]).some((t) => t === 'Recipe' || t === 'schema:Recipe');
}

function hasUrl(r: SchemaRecipe): boolean {
  const page = r.mainEntityOfPage;
  return [r.url, typeof page === 'string' ? page : page?.['@id']].some((u) => typeof u === 'string' && /^https?:\/\//i.test(u));
}

export const jsonld: SourceAdapter = {
  name: 'jsonld',
  read(dir: string): SourceRecord[] {
    const records: SourceRecord[] = [];
    const seen = new Set<string>();
    for (const file of listFiles(dir, /\.jsonl(\.gz)?$/)) {
      const name = basename(file).replace(/\.jsonl(\.gz)?$/, '');
      readJsonl<Raw>(file).forEach((line, i) => {
        const wrapped = line.recipe !== undefined && typeof line.recipe === 'object';
        const recipe = (wrapped ? obj(line.recipe) : line) as SchemaRecipe;
        if (!isRecipe(recipe as Raw) || !hasUrl(recipe)) return;
        const id = (wrapped ? str(line.id) ?? (typeof line.id === 'number' ? String(line.id) : undefined) : undefined) ?? str(recipe['@id']) ?? str(recipe.url) ?? String(i + 1);
        const key = `${name}:${id}`;
        if (seen.has(key)) throw new Error(`${file}:${i + 1}: duplicate id ${id}`);
        seen.add(key);
        records.push({ source: 'jsonld', key, recipe, hints: { snapshotDate: '1970-01-01' } });
      });
    }
    return records.sort((a, b) => compareStrings(a.key, b.key));
  },
};
