/**
 * Orama peer (@orama/orama 3, default components): enum/enum[] fields for the filters, numbers
 * for the numeric keys and `doc` (sorted ascending = newest first), strings `title` and `text`
 * for full-text search (title boosted 10×). Loading stops at a time budget: Orama then holds
 * the first `size` docs, and the report says so (a smaller index is in Orama's favour).
 * `excludeIngredients` has no where-operator on enum[] in Orama 3: those rows are n/a.
 */
import { create, insertMultiple, search, type AnyOrama } from '@orama/orama';
import type { PageRequest, RecipeFilter } from '../../../runtime/query/filter.ts';
import { NUMERIC_FIELDS } from '../../../runtime/format/constants.ts';
import type { Row } from '../rows.ts';
import type { ListAnswer, PantryRequest, SearchRequest, Subject } from '../subjects/types.ts';
import { rankPantryRows } from './common.ts';

const BATCH = 1000;

const SCHEMA = {
  doc: 'number',
  language: 'enum',
  categories: 'enum[]',
  courses: 'enum[]',
  cuisines: 'enum[]',
  diets: 'enum[]',
  equipment: 'enum[]',
  required: 'enum[]',
  counted: 'number',
  totalTime: 'number',
  cookTime: 'number',
  calories: 'number',
  protein: 'number',
  sodium: 'number',
  fiber: 'number',
  title: 'string',
  text: 'string',
} as const;

type Hit = { document: { doc: number; required: string[]; counted: number; language: string } };

export async function oramaSubject(rows: Row[], budgetMs: number): Promise<Subject & { loadMs: number; capped: boolean }> {
  const db: AnyOrama = create({ schema: SCHEMA });
  const started = performance.now();
  let size = 0;
  while (size < rows.length && performance.now() - started < budgetMs) {
    const batch = rows.slice(size, size + BATCH).map((r) => {
      const d: Record<string, unknown> = {
        doc: r.doc, language: r.language, categories: r.categories, courses: r.courses, cuisines: r.cuisines,
        diets: r.diets, equipment: r.equipment, required: r.required, counted: r.counted, title: r.title, text: r.text,
      };
      for (const f of NUMERIC_FIELDS) if (r.num[f] !== undefined) d[f] = r.num[f];
      return d;
    });
    await insertMultiple(db, batch as never, BATCH);
    size += batch.length;
  }
  const loadMs = performance.now() - started;

  const where = (f: RecipeFilter): Record<string, unknown> => {
    const w: Record<string, unknown> = {};
    if (f.language !== undefined) w.language = { eq: f.language };
    if (f.category !== undefined) w.categories = { containsAll: [f.category] };
    if (f.course !== undefined) w.courses = { containsAll: [f.course] };
    if (f.cuisine !== undefined) w.cuisines = { containsAll: [f.cuisine] };
    if (f.diet !== undefined) w.diets = { containsAll: [f.diet] };
    if (f.equipment?.length) w.equipment = { containsAll: f.equipment };
    if (f.ingredients?.length) w.required = { containsAll: f.ingredients };
    for (const b of f.numeric ?? []) {
      const prev = (w[b.field] ?? {}) as Record<string, number>;
      const key = b.op === 'le' ? 'lte' : 'gte';
      prev[key] = prev[key] === undefined ? b.bound : b.op === 'le' ? Math.min(prev[key]!, b.bound) : Math.max(prev[key]!, b.bound);
      w[b.field] = prev;
    }
    return w;
  };

  return {
    name: 'Orama',
    size,
    loadMs,
    capped: size < rows.length,
    supports: (f) => !f.excludeIngredients?.length && !f.impossible,
    async list(f: RecipeFilter, page: PageRequest): Promise<ListAnswer> {
      const w = where(f);
      const r = await search(db, {
        term: '',
        ...(Object.keys(w).length ? { where: w } : {}),
        sortBy: { property: 'doc', order: 'ASC' },
        limit: page.limit,
        offset: page.offset,
      } as never);
      return { total: r.count, docs: (r.hits as unknown as Hit[]).map((h) => h.document.doc) };
    },
    async pantry(q: PantryRequest): Promise<ListAnswer> {
      // Candidates from the index (any pantry id, in the language), ranking in JS as Orama has no
      // per-doc expression ordering.
      const r = await search(db, { term: '', where: { language: { eq: q.language }, required: { containsAny: q.ids } }, limit: size } as never);
      const rows = (r.hits as unknown as Hit[]).map((h) => ({ ...h.document, any: [], doc: h.document.doc } as unknown as Row));
      return rankPantryRows(rows, q);
    },
    async search(q: SearchRequest): Promise<ListAnswer> {
      const where = q.language === undefined ? {} : { where: { language: { eq: q.language } } };
      const r = await search(db, { term: q.query, properties: ['title', 'text'], boost: { title: 10 }, limit: q.limit, ...where } as never);
      return { total: r.count, docs: (r.hits as unknown as Hit[]).map((h) => h.document.doc) };
    },
  };
}
