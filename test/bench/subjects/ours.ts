/**
 * Our engine as a benchmark subject. Search is optional on the Engine (test engines have no
 * index): a missing method makes those rows "not available", never a fake number. Pantry runs
 * the whole engine call, including the matched/missing lists of the page's recipes.
 */
import type { Engine } from '../../../runtime/query/engine.ts';
import type { ListAnswer, PantryRequest, SearchRequest, Subject } from './types.ts';

export function oursSubject(engine: Engine): Subject {
  const subject: Subject = {
    name: 'ours',
    size: engine.info.recipeCount,
    list: (f, page) => engine.listRecipes(f, page),
    listWithFacets: (f, page, facets) => {
      const answer = engine.listRecipes(f, page);
      engine.facets(f, facets);
      return answer;
    },
  };
  subject.pantry = (q: PantryRequest): ListAnswer => {
    // The bench's pantries name their staples explicitly; the engine's opt-in STAPLES stay off.
    if (q.staples.length > 0) throw new Error('ours: pass staples as pantry items');
    const r = engine.pantry({ ingredients: q.ids, language: q.language, assumeStaples: false, limit: q.limit, offset: 0 });
    return { total: r.total, docs: r.results.map((x) => x.doc) };
  };
  if (engine.search) {
    const search = engine.search.bind(engine);
    subject.search = (q: SearchRequest): ListAnswer => {
      const r = search({ query: q.query, limit: q.limit, ...(q.language !== undefined && { filter: { language: q.language } }) });
      return { total: r.hits.length, docs: r.hits.map((h) => h.doc) };
    };
  }
  return subject;
}
