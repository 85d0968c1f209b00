/**
 * The query core over one opened dataset. Pure after construction: no HTTP, no file writes;
 * records are read from their shard on demand.
 */
import { rangeBitmap, type Bitmap } from '../format/bitmap.ts';
import { RECORDS_PER_SHARD, SHARD_BITS } from '../format/constants.ts';
import { COURSES, CUISINES, DIETS } from '../format/vocabulary.ts';
import type { Recipe } from '../format/recipe.ts';
import type { Dataset } from '../data/dataset.ts';
import { normalizeName, spellingKey } from '../format/normalize-name.ts';
import type { Engine, IngredientPage, IngredientQuery, Vocabularies } from './engine.ts';
import { listRecipes } from './recipes.ts';
import { countFacets, type FacetSources } from './facets.ts';
import { buildFacetTable, type FacetTable } from './facet-table.ts';
import { FACET_NAMES, type PageRequest } from './filter.ts';
import { datasetPantrySource, runPantry } from './pantry/pantry.ts';
import { PantryWorkspace } from './pantry/rank.ts';
import { PATHS } from '../format/constants.ts';
import { SearchIndexReader } from '../format/search-index.ts';
import { decodeContainer, FormatError } from '../format/container.ts';
import { u32le } from '../format/bytes.ts';
import { joinRecordsJson, recordTuples } from '../format/shard.ts';
import { Searcher } from './search/searcher.ts';
import { allowedDocs } from './search/query.ts';

export function createEngine(ds: Dataset): Engine {
  let allDocs: Bitmap | undefined;
  const all = () => (allDocs ??= rangeBitmap(ds.recipeCount));
  let facetTable: FacetTable | undefined;
  let facetPairs: number | undefined;
  const facetSources: FacetSources = {
    all,
    table: () => (facetTable ??= buildFacetTable(ds)),
    pairs: () => (facetPairs ??= FACET_NAMES.reduce((n, name) => n + ds.families[name].keys().reduce((s, k) => s + k.cardinality, 0), 0)),
  };
  const decoder = new TextDecoder();
  let vocab: Vocabularies | undefined;
  const pantrySource = datasetPantrySource(ds); // lazy itself: reads pantry/by-total.bin on the first pantry query
  const pantryWorkspace = new PantryWorkspace();
  // The search index stays on disk (postings are read per query by positional reads); its resident
  // part (dictionary, bounds, field lengths) is read on the first search. Its presence, magic and
  // version are checked now so a bad dataset never starts.
  const searchSource = ds.source(PATHS.searchIndex);
  const searchHead = searchSource.read(0, Math.min(searchSource.size, 12));
  decodeContainer('searchIndex', searchSource.read(0, Math.min(searchSource.size, 12 + (searchHead.length === 12 ? u32le(searchHead, 8) : 0))), PATHS.searchIndex);
  let searcher: Searcher | undefined;
  const getSearcher = () => (searcher ??= new Searcher(new SearchIndexReader(searchSource, PATHS.searchIndex, { checksByRange: ds.byRange === true })));

  const checkDoc = (doc: number): void => {
    // Docs come from the dataset's own bitmaps and lists: one out of range is corrupt data (503), not a bug.
    if (!Number.isInteger(doc) || doc < 0 || doc >= ds.recipeCount) throw new FormatError(`doc ${doc} out of range (0..${ds.recipeCount - 1})`);
  };
  const recordJson = (doc: number): Uint8Array => {
    checkDoc(doc);
    return ds.shard(doc >>> SHARD_BITS).tuple(doc & (RECORDS_PER_SHARD - 1))[1];
  };
  /** Each doc's shard and index within it (checked). */
  const located = (docs: ArrayLike<number>) =>
    Array.from(docs, (doc) => {
      checkDoc(doc);
      return [ds.shard(doc >>> SHARD_BITS), doc & (RECORDS_PER_SHARD - 1)] as const;
    });

  const record = (doc: number) => JSON.parse(decoder.decode(recordJson(doc))) as Recipe;

  return {
    info: {
      formatVersion: ds.manifest.formatVersion,
      datasetVersion: ds.manifest.datasetVersion,
      recipeCount: ds.recipeCount,
      builtFrom: ds.manifest.sources,
    },
    recordsJson: (docs) => recordTuples(located(docs)).map((t) => t[1]),
    joinRecordsJson: (docs, head, tail) => joinRecordsJson(located(docs), head, tail),
    listRecipes: (filter, page) => listRecipes(ds, filter, page, all),
    facets: (filter, names) => countFacets(ds, filter, names, facetSources),
    pantry: (q) => runPantry(pantrySource, pantryWorkspace, (docs) => recordTuples(located(docs)).map((t) => JSON.parse(decoder.decode(t[1])) as Recipe), q),
    popular(page: PageRequest) {
      const docs = ds.popular.subarray(Math.min(page.offset, ds.recipeCount), Math.min(ds.recipeCount, page.offset + page.limit));
      return { total: ds.recipeCount, docs: Uint32Array.from(docs) };
    },
    docById: (id) => ds.ids.lookup(id),
    recordJson,
    record,
    // The name table already lists every id (normalised) beside every name; a spelling key first (FORMAT.md § 10).
    // Both keys' blocks read together, so that a lazy client fetches them in one round.
    resolveIngredient(nameOrId) {
      const spelling = spellingKey(nameOrId);
      const name = normalizeName(nameOrId);
      if (spelling === name) return ds.catalog.lookupName(name);
      const [bySpelling, byName] = ds.catalog.lookupNames([spelling, name]);
      return bySpelling ?? byName;
    },
    // One entry's block read on demand (a lazy client fetches that block only).
    gramsPerMl: (id) => ds.catalog.entriesById([id])[0]?.gramsPerMl,
    ingredients(q: IngredientQuery): IngredientPage {
      const catalog = ds.catalog;
      if (!q.prefix) return { total: catalog.entryCount, items: catalog.entriesAt(q.offset, q.offset + q.limit) };
      // Every id the name table holds is an entry's (FORMAT.md § 10): the ids of the names with this prefix, in id order, are the list.
      const ids = catalog.idsWithPrefix(normalizeName(q.prefix));
      return { total: ids.length, items: catalog.entriesById(ids.slice(q.offset, q.offset + q.limit)) };
    },
    search(q) {
      const allowed = allowedDocs(ds, q.filter);
      if (allowed === null) return { hits: [] };
      return { hits: getSearcher().search({ query: q.query, limit: q.limit, allowed }) };
    },
    vocabularies() {
      const counted = (family: 'category' | 'equipment') =>
        ds.families[family].keys().map((k) => ({ slug: k.key, recipeCount: k.cardinality }));
      return (vocab ??= {
        course: [...COURSES],
        diet: [...DIETS],
        cuisine: [...CUISINES],
        category: counted('category'),
        equipment: counted('equipment'),
        language: ds.families.language.keys().map((k) => ({ code: k.key, recipeCount: k.cardinality })),
      });
    },
  };
}
