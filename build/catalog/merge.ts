/**
 * The merge step: OFF kitchen entries + Tandoor foods + curated entries and synonyms + HowToCook
 * Chinese names → sorted CatalogEntry[]. Deterministic: every loop runs over sorted keys.
 * The rules are written down in dataset/ingredients/README.md.
 */
import type { CatalogEntry } from '../../runtime/format/catalog.ts';
import type { CuratedData, DietFacts } from './curated.ts';
import { clean, offDietFacts, rootSets } from './diet-flags.ts';
import type { HowtocookIngredient } from './howtocook-reader.ts';
import { ancestors, isUnder } from './off-ancestry.ts';
import type { OffNode } from './off-reader.ts';
import { normalizeName, slugify } from './normalize-name.ts';
import { median, roundDensity } from './tandoor-density.ts';
import type { TandoorFood } from './tandoor-reader.ts';
import type { UsdaFood } from './usda-reader.ts';

export interface MergeInput {
  off: Map<string, OffNode>;
  tandoor: TandoorFood[];
  howtocook: HowtocookIngredient[];
  usda: Map<number, UsdaFood>;
  curated: CuratedData;
}

interface Draft {
  id: string;
  name: string;
  names: Map<string, string[]>;
  parent?: string;
  offId?: string;
  sources: Set<string>;
  diet: DietFacts;
  /** Grams per millilitre of each Tandoor food merged here (tandoor-density.ts); the entry keeps the median. */
  densities?: number[];
  /** Normalised names already held, per language (dedup). */
  seen?: Map<string, Set<string>>;
}

function addNames(d: Draft, lang: string, names: readonly string[]): void {
  const list = d.names.get(lang) ?? [];
  d.seen ??= new Map();
  const seen = d.seen.get(lang) ?? new Set(list.map(normalizeName));
  d.seen.set(lang, seen);
  for (const n of names) {
    const t = n.trim();
    const key = normalizeName(t);
    if (t !== '' && !seen.has(key)) {
      seen.add(key);
      list.push(t);
    }
  }
  if (list.length > 0) d.names.set(lang, list);
}

/** OFF nodes worth a catalog entry: an English name, a food link or a curated mention, not an additive. */
function keptOffIds(input: MergeInput): string[] {
  const { off, curated } = input;
  const excluded = new Set(curated.excludeOffUnder);
  const mentioned = new Set([...curated.includeOff, ...Object.keys(curated.offIds)]);
  return [...off.keys()].sort().filter((id) => {
    const node = off.get(id);
    if (!node?.names.get('en')?.[0] || /^en:e\d{3}/.test(id) || curated.mergeOff[id] || isUnder(off, id, excluded)) return false;
    return node.linked || mentioned.has(id);
  });
}

export function mergeCatalog(input: MergeInput): CatalogEntry[] {
  const { off, curated } = input;
  const drafts = new Map<string, Draft>();
  const byOff = new Map<string, Draft>();
  const byEnName = new Map<string, Draft>();
  const index = (d: Draft): void => {
    for (const n of d.names.get('en') ?? []) if (!byEnName.has(normalizeName(n))) byEnName.set(normalizeName(n), d);
  };

  // 1. OFF entries. Id: curated offIds, else the slug of the English name. Collisions: a curated id
  //    or an OFF id equal to 'en:<slug>' claims the slug first; the others, in OFF-id order, get -2, -3…
  const offKept = keptOffIds(input);
  const baseOf = (offId: string): string => curated.offIds[offId] ?? slugify(off.get(offId)?.names.get('en')?.[0] ?? '');
  const first = offKept.filter((o) => curated.offIds[o] !== undefined || o === `en:${baseOf(o)}`);
  const firstSet = new Set(first);
  const rest = offKept.filter((o) => !firstSet.has(o));
  for (const offId of [...first, ...rest]) {
    const node = off.get(offId);
    const base = baseOf(offId);
    if (!node || base === '') continue;
    let id = base;
    for (let i = 2; drafts.has(id); i++) id = `${base}-${i}`;
    const d: Draft = { id, name: node.names.get('en')?.[0] ?? id, names: new Map(), offId, sources: new Set(['off']), diet: {} };
    for (const lang of [...node.names.keys()].sort()) addNames(d, lang, node.names.get(lang) ?? []);
    drafts.set(id, d);
    byOff.set(offId, d);
  }
  // mergeOff into an OFF entry now; into a Tandoor or curated entry once those exist (after step 3).
  const mergeLater: string[] = [];
  const mergeInto = (offId: string, d: Draft | undefined): void => {
    const node = off.get(offId);
    if (!d || !node) throw new Error(`curated.json: mergeOff '${offId}' → unknown id or OFF node`);
    for (const lang of [...node.names.keys()].sort()) addNames(d, lang, node.names.get(lang) ?? []);
  };
  for (const offId of Object.keys(curated.mergeOff).sort()) {
    const d = drafts.get(curated.mergeOff[offId] ?? '');
    if (d) mergeInto(offId, d);
    else mergeLater.push(offId);
  }
  for (const d of [...drafts.values()]) index(d);

  // 2. Tandoor foods: curated target, else an entry with the same English name, else a new entry.
  const byFdc = new Map<number, Draft>();
  for (const food of input.tandoor) {
    const en = food.names.get('en') ?? [];
    const target = curated.tandoor[food.key];
    let d = target ? drafts.get(target) : en.map((n) => byEnName.get(normalizeName(n))).find((x) => x);
    if (!d) {
      const id = target ?? slugify(en[0] ?? food.key);
      d = drafts.get(id) ?? { id, name: (en[0] ?? id).toLowerCase(), names: new Map(), sources: new Set(), diet: clean(curated.tandoorCategoryDiets[food.storeCategory] ?? {}) };
      drafts.set(id, d);
    }
    d.sources.add('tandoor');
    if (food.densities) d.densities = [...(d.densities ?? []), ...food.densities];
    for (const lang of [...food.names.keys()].sort()) addNames(d, lang, food.names.get(lang) ?? []);
    index(d);
    if (food.fdcId !== undefined && !byFdc.has(food.fdcId)) byFdc.set(food.fdcId, d);
  }

  // 3. Curated entries (new ids, or fields and names added to an existing one), then synonyms.
  for (const c of curated.entries) {
    const d: Draft = drafts.get(c.id) ?? { id: c.id, name: c.name, names: new Map(), sources: new Set(), diet: {} };
    d.sources.add('curated');
    addNames(d, 'en', [c.name]);
    for (const lang of Object.keys(c.names ?? {}).sort()) addNames(d, lang, c.names?.[lang] ?? []);
    if (c.parent) d.parent = c.parent;
    d.diet = { ...d.diet, ...clean(c) };
    drafts.set(c.id, d);
  }
  for (const id of Object.keys(curated.dropNames).sort()) {
    const d = drafts.get(id);
    if (!d) throw new Error(`curated.json: dropNames for unknown id ${id}`);
    for (const [lang, names] of Object.entries(curated.dropNames[id] ?? {})) {
      const drop = new Set(names.map(normalizeName));
      const kept = (d.names.get(lang) ?? []).filter((n) => !drop.has(normalizeName(n)));
      if (kept.length > 0) d.names.set(lang, kept);
      else d.names.delete(lang);
      d.seen?.delete(lang);
    }
  }
  for (const offId of mergeLater) mergeInto(offId, drafts.get(curated.mergeOff[offId] ?? ''));
  const unknown = Object.keys(curated.synonyms).filter((id) => !drafts.has(id));
  if (unknown.length > 0) throw new Error(`curated.json: synonyms for unknown ids ${unknown.join(', ')} (add them to entries first)`);
  for (const id of Object.keys(curated.synonyms).sort()) {
    const d = drafts.get(id);
    if (!d) continue;
    for (const lang of Object.keys(curated.synonyms[id] ?? {}).sort()) addNames(d, lang, curated.synonyms[id]?.[lang] ?? []);
  }

  // 4. HowToCook Chinese names: curated target, else a catalog entry already named so in Chinese,
  //    else the Tandoor food whose FDC id equals the (USDA-verified) link; otherwise left out.
  const byZh = new Map<string, Draft>();
  for (const d of drafts.values()) for (const n of d.names.get('zh') ?? []) if (!byZh.has(normalizeName(n))) byZh.set(normalizeName(n), d);
  for (const item of input.howtocook) {
    const zhName = item.names[0] ?? '';
    const target = curated.howtocook[zhName];
    if (target === null) continue;
    let d = target ? drafts.get(target) : item.names.map((n) => byZh.get(normalizeName(n))).find((x) => x);
    const usda = item.usdaId !== undefined ? input.usda.get(item.usdaId) : undefined;
    if (!d && item.usdaId !== undefined && usda?.description === item.usdaName) d = byFdc.get(item.usdaId);
    if (!d) continue;
    d.sources.add('howtocook');
    addNames(d, 'zh', item.names);
  }

  // 5. Parents (nearest kept OFF ancestor) and diet facts: OFF-derived, else inherited from the parent; curated wins.
  const roots = rootSets(curated.dietRoots);
  for (const d of drafts.values()) {
    if (!d.offId) continue;
    d.parent ??= ancestors(off, d.offId).slice(1).map((a) => byOff.get(a)?.id).find((x) => x);
    d.diet = { ...offDietFacts(off, d.offId, roots), ...d.diet };
  }
  const resolve = (d: Draft, depth: number): DietFacts => {
    const own = { ...d.diet, ...clean(curated.diets[d.id] ?? {}) };
    const parent = d.parent ? drafts.get(d.parent) : undefined;
    return parent && depth < 8 && !d.offId ? { ...resolve(parent, depth + 1), ...own } : own;
  };
  const entries = [...drafts.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((d) => toEntry(d, resolve(d, 0)));
  return entries;
}

function toEntry(d: Draft, diet: DietFacts): CatalogEntry {
  const names: Record<string, string[]> = {};
  for (const lang of [...d.names.keys()].sort()) names[lang] = d.names.get(lang) ?? [];
  const e: CatalogEntry = { id: d.id, name: d.name, names, sources: [...d.sources].sort(), recipeCount: 0 };
  if (d.parent && d.parent !== d.id) e.parent = d.parent;
  const out: CatalogEntry = { ...e, ...clean(diet) };
  if (d.densities) out.gramsPerMl = roundDensity(median(d.densities));
  return out;
}
