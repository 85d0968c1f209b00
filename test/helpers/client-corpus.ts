/**
 * A seeded corpus of GET requests over every route the offline client answers: filters and pages
 * of /recipes (facets included), pantry, search in several languages, popular, ingredients,
 * vocabularies, recipes by id, and errors (unknown and repeated parameters, bad values, malformed
 * percent-encoding, unknown paths). Values come from the dataset, so most requests find recipes.
 * The server's own paths (/healthz, /docs, /openapi.json, /usage) are left out: the client
 * answers them 404 (test/runtime/client/client.test.ts).
 */
import type { Engine } from '../../runtime/query/engine.ts';
import { NUMERIC_PARAMS } from '../../runtime/query/params.ts';
import { NUTRITION_PRESETS, TIME_PRESETS } from '../../runtime/format/vocabulary.ts';
import { mulberry32 } from './bitmaps.ts';

const SEARCHES = [
  'chocolate cake', 'choclate', 'chicken soup', 'tomato', 'tomatoes basil', 'garlic bread', 'pasta', 'curry',
  'Kartoffeln', 'Kartoffelsalat', 'Apfelkuchen', 'crêpe', 'crepe', 'poulet rôti', 'soupe', 'pollo', 'risotto',
  'tortilla de patatas', 'kyckling', 'köttbullar', 'appeltaart', '红烧肉', '鸡', '豆腐', 'カレー', 'lemon', 'choc', 'sal',
  '   spaced   out   ', 'a', 'x'.repeat(60),
];
const BAD = [
  '/recipes?limit=abc', '/recipes?limit=0', '/recipes?limit=101', '/recipes?offset=-1', '/recipes?cuisine=Italian',
  '/recipes?cuisine=atlantis', '/recipes?course=dessert&course=main-course', '/recipes?colour=red', '/recipes?maxCalories=0',
  '/recipes?time=weekend&maxTotalMinutes=30', '/recipes?nutrition=healthy', '/recipes?facets=colour', '/recipes?ingredients=',
  '/recipes?ingredients=a,,b', '/recipes?language=english', '/recipes?q=%ZZ', '/recipes?cuisine=%E0%A4', '/search',
  '/search?query=', `/search?query=${'y'.repeat(201)}`, '/search?query=cake&offset=3', '/search?query=cake&limit=51',
  '/pantry', '/pantry?ingredients=rice&maxMissing=21', '/pantry?ingredients=rice&assumeStaples=yes', '/popular?limit=-3',
  '/ingredients?q=', '/ingredients?limit=1000', '/vocabularies?x=1', '/recipes/some-id?x=1', '/recipes/', '/recipes/a/b',
  '/nowhere', '/Recipes', '/recipes/%2E%2E', '/recipes/a%2Fb', '/recipes/%ZZ',
  '/search?query=%', '/search?query=caf%C3%A9', '/search?query=caf%C3', '/recipes?cuisine=italian&&limit=2',
];

export function clientCorpus(engine: Engine, seed = 19, size = 400): string[] {
  const next = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const v = engine.vocabularies();
  const names = engine.ingredients({ limit: 400, offset: 0 }).items.flatMap((e) => [e.id, e.name, ...Object.values(e.names).flat().slice(0, 2)]);
  const ids = Array.from({ length: 60 }, () => new TextDecoder().decode(engine.recordJson(int(0, engine.info.recipeCount - 1)))).map((j) => (JSON.parse(j) as { id: string }).id);
  const enc = encodeURIComponent;
  const list = (n: number) => Array.from({ length: n }, () => enc(pick(names))).join(',');
  const page = () => (next() < 0.5 ? '' : `&limit=${int(1, 100)}&offset=${pick([0, 0, 5, 20, 100, 5000])}`);

  const recipes = () => {
    const parts: string[] = [];
    if (next() < 0.4) parts.push(`cuisine=${pick(v.cuisine)}`);
    if (next() < 0.3) parts.push(`course=${pick(v.course)}`);
    if (next() < 0.3) parts.push(`diet=${pick(v.diet)}`);
    if (next() < 0.2) parts.push(`category=${enc(pick(v.category).slug)}`);
    if (next() < 0.2) parts.push(`equipment=${pick(v.equipment).slug}`);
    if (next() < 0.3) parts.push(`language=${pick(v.language).code}`);
    if (next() < 0.3) parts.push(`ingredients=${list(int(1, 2))}`);
    if (next() < 0.2) parts.push(`excludeIngredients=${list(1)}`);
    if (next() < 0.2) parts.push(`ingredient=${enc(pick(names))}`);
    if (next() < 0.3) {
      const [name, p] = pick(Object.entries(NUMERIC_PARAMS));
      parts.push(`${name}=${int(p.min, Math.min(p.max ?? 240, 1500))}`);
    }
    if (next() < 0.15) parts.push(`nutrition=${pick(Object.keys(NUTRITION_PRESETS))}`);
    if (next() < 0.15) parts.push(`time=${pick(Object.keys(TIME_PRESETS))}`);
    if (next() < 0.15) parts.push(`facets=${pick(['cuisine', 'course,diet', 'language,category,equipment'])}`);
    return `/recipes?${parts.join('&')}${page()}`;
  };
  const makers: (() => string)[] = [
    recipes,
    recipes,
    recipes,
    () => `/pantry?ingredients=${list(int(1, 6))}${next() < 0.3 ? `&maxMissing=${int(0, 5)}` : ''}${next() < 0.3 ? '&assumeStaples=true' : ''}${next() < 0.3 ? `&language=${pick(v.language).code}` : ''}${page()}`,
    () => `/search?query=${enc(pick(SEARCHES))}${next() < 0.3 ? `&limit=${int(1, 50)}` : ''}${next() < 0.2 ? `&language=${pick(v.language).code}` : ''}${next() < 0.2 ? `&cuisine=${pick(v.cuisine)}` : ''}${next() < 0.1 ? `&diet=${pick(v.diet)}` : ''}`,
    () => `/search?query=${enc(pick(SEARCHES))}`,
    () => `/popular?${page().slice(1)}`,
    () => `/ingredients?${next() < 0.6 ? `q=${enc(pick(names).slice(0, int(1, 4)))}` : ''}${page()}`,
    () => '/vocabularies',
    () => `/recipes/${enc(pick(ids))}`,
    () => pick(BAD),
  ];
  return [...BAD, ...Array.from({ length: size - BAD.length }, () => pick(makers)())];
}
