/**
 * The plain baseline: an array of row objects scanned in doc order for every query.
 */
import type { PageRequest, RecipeFilter } from '../../../runtime/query/filter.ts';
import type { Row } from '../rows.ts';
import type { ListAnswer, PantryRequest, SearchRequest, Subject } from '../subjects/types.ts';
import { rankPantryRows, searchTerms } from './common.ts';

function matcher(f: RecipeFilter): (r: Row) => boolean {
  const checks: ((r: Row) => boolean)[] = [];
  if (f.impossible) return () => false;
  if (f.category !== undefined) checks.push((r) => r.categories.includes(f.category!));
  if (f.course !== undefined) checks.push((r) => r.courses.includes(f.course!));
  if (f.cuisine !== undefined) checks.push((r) => r.cuisines.includes(f.cuisine!));
  if (f.diet !== undefined) checks.push((r) => r.diets.includes(f.diet!));
  if (f.language !== undefined) checks.push((r) => r.language === f.language);
  for (const id of f.ingredients ?? []) checks.push((r) => r.required.includes(id));
  for (const slug of f.equipment ?? []) checks.push((r) => r.equipment.includes(slug));
  for (const b of f.numeric ?? []) {
    checks.push((r) => {
      const v = r.num[b.field];
      return v !== undefined && (b.op === 'le' ? v <= b.bound : v >= b.bound);
    });
  }
  for (const id of f.excludeIngredients ?? []) checks.push((r) => !r.any.includes(id));
  return (r) => checks.every((c) => c(r));
}

export function scanSubject(rows: Row[]): Subject {
  return {
    name: 'array scan',
    size: rows.length,
    list(f: RecipeFilter, page: PageRequest): ListAnswer {
      const ok = matcher(f);
      const docs: number[] = [];
      let total = 0;
      for (const r of rows) {
        if (!ok(r)) continue;
        if (total >= page.offset && docs.length < page.limit) docs.push(r.doc);
        total++;
      }
      return { total, docs };
    },
    pantry: (q: PantryRequest) => rankPantryRows(rows, q),
    search(q: SearchRequest): ListAnswer {
      const terms = searchTerms(q.query);
      const scored: { doc: number; score: number }[] = [];
      for (const r of rows) {
        if (q.language !== undefined && r.language !== q.language) continue;
        const title = r.title.toLowerCase();
        const text = r.text.toLowerCase();
        let score = 0;
        for (const t of terms) score += title.includes(t) ? 3 : text.includes(t) ? 1 : 0;
        if (score > 0) scored.push({ doc: r.doc, score });
      }
      scored.sort((a, b) => b.score - a.score || a.doc - b.doc);
      return { total: scored.length, docs: scored.slice(0, q.limit).map((s) => s.doc) };
    },
  };
}
