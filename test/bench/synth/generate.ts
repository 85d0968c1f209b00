/**
 * Writes N synthetic schema.org Recipe objects as JSONL (the jsonld source's wrapped form,
 * `{"id", "recipe"}`) sampled from a learned Model. Seeded: the same model, N and seed give the
 * same bytes. Each recipe starts from a random real template and is perturbed so that sets stay
 * realistic but distinct:
 * - ingredient lines: each kept with p = 0.85 (at least one), then 0–2 lines added by
 *   co-occurrence (a line of another real recipe sharing one of the template's ingredients);
 * - title: one word (a character bigram for zh/ja/th) swapped for a same-language title word,
 *   p = 0.6, so titles repeat about as often as their words do;
 * - times and nutrition: the template's (or, p = 0.3, another recipe's), scaled by 0.75–1.25;
 * - cuisine: p = 0.1 replaced by one drawn from the cuisine frequencies;
 * - rating: with the real share of rated recipes, one real rating; date: a real date ± 90 days.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRng, type Rng } from './rng.ts';
import { titleTokens, UNSPACED, type Model, type Template } from './learn.ts';

/** Recipes per JSONL file: keeps every file far below V8's string limit (the reader loads whole files). */
export const FILE_RECIPES = 50_000;
const DAY_MS = 86_400_000;

const DIET_URL: Record<string, string> = {
  vegan: 'https://schema.org/VeganDiet',
  vegetarian: 'https://schema.org/VegetarianDiet',
  'gluten-free': 'https://schema.org/GlutenFreeDiet',
  'dairy-free': 'https://schema.org/LowLactoseDiet',
  pescatarian: 'pescatarian',
};

const minutes = (s: number | undefined, f: number): string | undefined =>
  s === undefined ? undefined : `PT${Math.max(1, Math.round((s * f) / 60))}M`;

function ingredientLines(rng: Rng, m: Model, t: Template): string[] {
  const out: string[] = [];
  const ids = new Set<string>();
  t.lines.forEach((line, i) => {
    if (!rng.chance(0.85)) return;
    out.push(line);
    if (t.ids[i]) ids.add(t.ids[i]!);
  });
  if (out.length === 0) {
    const i = rng.int(t.lines.length);
    out.push(t.lines[i]!);
    if (t.ids[i]) ids.add(t.ids[i]!);
  }
  const anchors = t.ids.filter((id) => id !== '');
  const extra = rng.next() < 0.5 ? 0 : rng.next() < 0.7 ? 1 : 2;
  for (let k = 0; k < extra && anchors.length > 0; k++) {
    const peers = m.byIngredient.get(rng.pick(anchors)) ?? [];
    const other = m.templates[rng.pick(peers)];
    if (!other) continue;
    const j = rng.int(other.lines.length);
    const id = other.ids[j];
    if (!id || ids.has(id)) continue;
    ids.add(id);
    out.push(other.lines[j]!);
  }
  return out;
}

function title(rng: Rng, m: Model, t: Template): string {
  if (!rng.chance(0.6)) return t.title;
  const pool = m.titleWords.get(t.language) ?? [];
  if (pool.length === 0) return t.title;
  const word = rng.pick(pool);
  if (UNSPACED.has(t.language)) return word + t.title;
  const words = titleTokens(t.title, t.language);
  if (words.length === 0) return `${t.title} ${word}`;
  return t.title.replace(rng.pick(words), word);
}

function recipeObject(rng: Rng, m: Model, seed: string, i: number): Record<string, unknown> {
  const t = rng.pick(m.templates);
  const timeSource = rng.chance(0.3) ? rng.pick(m.templates) : t;
  const nutritionSource = rng.chance(0.3) ? rng.pick(m.templates) : t;
  const ft = 0.75 + rng.next() * 0.5;
  const fn = 0.75 + rng.next() * 0.5;
  const cuisines = t.cuisines.length > 0 && rng.chance(0.1) && m.cuisines.length > 0 ? [rng.pick(m.cuisines)] : t.cuisines;
  const created = Math.min(rng.pick(m.createdAt) + Math.round((rng.next() * 2 - 1) * 90) * DAY_MS, m.latest);
  const r: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: title(rng, m, t),
    url: `https://synthetic.example/${encodeURIComponent(seed)}/${i}`,
    inLanguage: t.language,
  };
  if (t.description) r.description = t.description;
  if (t.author) r.author = { '@type': 'Person', name: t.author };
  r.recipeIngredient = ingredientLines(rng, m, t);
  r.recipeInstructions = t.instructions.map((text) => ({ '@type': 'HowToStep', text }));
  const categories = [...t.categories, ...t.courses];
  if (categories.length > 0) r.recipeCategory = categories;
  if (cuisines.length > 0) r.recipeCuisine = cuisines;
  if (t.tags.length > 0) r.keywords = t.tags.join(', ');
  const diets = t.diets.map((d) => DIET_URL[d]).filter((d): d is string => !!d);
  if (diets.length > 0) r.suitableForDiet = diets;
  if (nutritionSource.nutrition) {
    const n: Record<string, string> = { '@type': 'NutritionInformation' };
    for (const [k, v] of Object.entries(nutritionSource.nutrition)) {
      const [value, unit] = v.split(' ');
      n[k] = `${Math.round(Number(value) * fn * 10) / 10}${unit ? ' ' + unit : ''}`;
    }
    r.nutrition = n;
  }
  if (t.servings) r.recipeYield = t.servings;
  const times = timeSource.times;
  const prep = minutes(times.prep, ft), cook = minutes(times.cook, ft), total = minutes(times.total, ft);
  if (prep) r.prepTime = prep;
  if (cook) r.cookTime = cook;
  if (total) r.totalTime = total;
  if (rng.chance(m.ratedShare) && m.ratings.length > 0) {
    const rating = rng.pick(m.ratings);
    r.aggregateRating = { '@type': 'AggregateRating', ratingValue: rating.value, ratingCount: Math.max(1, Math.round(rating.count * (0.5 + rng.next()))) };
  }
  r.datePublished = new Date(created).toISOString().slice(0, 10);
  return r;
}

export interface GenerateOptions {
  model: Model;
  count: number;
  seed: string;
  /** Directory receiving synth-NNNNN.jsonl files (created; existing synth files removed). */
  dir: string;
}

/** Writes the files (flushed to disk); returns their paths and total bytes. */
export function generateSynthetic(o: GenerateOptions): { files: string[]; bytes: number } {
  fs.mkdirSync(o.dir, { recursive: true });
  for (const f of fs.readdirSync(o.dir)) if (/^synth-\d+\.jsonl$/.test(f)) fs.rmSync(path.join(o.dir, f));
  const rng = createRng(o.seed);
  const files: string[] = [];
  let bytes = 0;
  for (let start = 0; start < o.count; start += FILE_RECIPES) {
    const file = path.join(o.dir, `synth-${String(files.length).padStart(5, '0')}.jsonl`);
    files.push(file);
    const fd = fs.openSync(file, 'w');
    let chunk: string[] = [];
    const flush = () => {
      const buf = Buffer.from(chunk.join(''));
      fs.writeSync(fd, buf);
      bytes += buf.length;
      chunk = [];
    };
    for (let i = start; i < Math.min(o.count, start + FILE_RECIPES); i++) {
      chunk.push(JSON.stringify({ id: String(i), recipe: recipeObject(rng, o.model, o.seed, i) }) + '\n');
      if (chunk.length >= 2000) flush();
    }
    flush();
    // On disk before the compiler is timed: otherwise the build reads its input while the kernel
    // may still be writing gigabytes of it back.
    fs.fsyncSync(fd);
    fs.closeSync(fd);
  }
  return { files, bytes };
}
