/**
 * `npm run label-sample -- <command>` — the hand-labelled sample of courses and cuisines
 * (dataset/vocab/label-sample.json; the guide the labels follow: dataset/vocab/label-sample.md).
 *
 *   draw  [--size N] [--key K] [--batches 6] [--from 0] [--unlabelled] --out <dir>
 *         writes batch-K.md: each drawn recipe as an annotator reads it (title, source, site,
 *         language, categories and tags, ingredient lines, the start of the steps; no labels);
 *         --from N leaves out the first N of the draw (those an earlier, smaller draw labelled);
 *         --unlabelled leaves out every recipe label-sample.json already labels (after sources
 *         added recipes, which fall anywhere in the draw's order)
 *   merge <labels-1.json> … [--second <labels.json>]
 *         writes label-sample.json from the annotators' files ([{id, courses, cuisines}], in draw
 *         order; a drawn recipe in none of them keeps its labels in the current file; it refuses
 *         to drop a labelled recipe from the draw unless --size is given); --second: a second
 *         annotator's labels of some of the same recipes, added to label-sample-second.json (the
 *         agreement figure; its rows outside the draw are left out)
 *   agree prints how far the second annotator agrees with the first, per field
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { COURSES, CUISINES } from '../runtime/format/vocabulary.ts';
import { loadCatalog } from './normalize/catalog.ts';
import { toRecipe } from './normalize/recipe.ts';
import { drawSample, inPopulation, type LabelSample } from './normalize/vocab/label-model/sample.ts';
import { readAllSources } from './sources/index.ts';

type Labelled = { id: string; courses: string[]; cuisines: string[] };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vocab = path.join(root, 'dataset', 'vocab');
const SAMPLE = path.join(vocab, 'label-sample.json');
const SECOND = path.join(vocab, 'label-sample-second.json');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { size: { type: 'string' }, key: { type: 'string' }, batches: { type: 'string', default: '6' }, from: { type: 'string', default: '0' }, unlabelled: { type: 'boolean', default: false }, out: { type: 'string' }, second: { type: 'string' } },
});

/** A whole-number option, checked (a typo must not draw an empty sample and write it). */
function count(name: string, value: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name}: a whole number of at least ${min}, not '${value}'`);
  return n;
}

// --key defaults to the current file's (label-sample.json). --size defaults to the whole
// population when the current file labels all of it (so recipes the sources add are drawn, and no
// labelled one is pushed out of the draw by them), else to the current file's size; a dataset
// without a sample starts at 1,200.
const sampleFile = (file: string) => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as LabelSample) : undefined);
const current = sampleFile(SAMPLE);
const currentDraw = current?.draw;
const key = values.key ?? currentDraw?.key ?? 'label-sample-1';
const sizeOf = (population: number): number =>
  values.size !== undefined ? count('size', values.size, 1) : currentDraw ? (currentDraw.size >= currentDraw.population ? population : currentDraw.size) : 1200;

function compiled() {
  const dataset = path.join(root, 'dataset');
  const catalog = loadCatalog(dataset);
  return readAllSources(dataset).map((rec) => ({ rec, ...toRecipe(rec, { catalog, inferLabels: false }) }));
}

function annotatorText(r: ReturnType<typeof compiled>[number]): string {
  const steps = r.text.instructions.join(' ');
  const host = r.url.replace(/^https?:\/\/(www\.)?/, '').split('/')[0];
  return [
    `### ${r.id}`,
    `title: ${r.title}`,
    `source: ${r.rec.source}${host ? ` (${host})` : ''} · language: ${r.language}`,
    ...(r.categories.length + r.tags.length > 0 ? [`categories: ${r.categories.join(', ')} · tags: ${r.tags.join(', ')}`] : []),
    `ingredients: ${r.text.ingredients.join(' | ').slice(0, 700)}`,
    `steps: ${steps.slice(0, 350)}${steps.length > 350 ? '…' : ''}`,
    '',
  ].join('\n');
}

/** Labels checked: known slugs, each once; put in vocabulary order. */
function checked(rows: Labelled[], file: string): Labelled[] {
  for (const r of rows) {
    for (const [field, list] of [['courses', COURSES], ['cuisines', CUISINES]] as const) {
      const bad = r[field].filter((s) => !(list as readonly string[]).includes(s));
      if (bad.length > 0 || new Set(r[field]).size !== r[field].length) throw new Error(`${file}: ${r.id}: bad ${field} ${JSON.stringify(r[field])}`);
      r[field] = list.filter((s) => r[field].includes(s)); // vocabulary order, as the build lists slugs
    }
  }
  return rows;
}

/** An annotator's file ([{id, courses, cuisines}]), checked. */
const readLabels = (file: string): Labelled[] => checked(JSON.parse(fs.readFileSync(file, 'utf8')) as Labelled[], file);
/** The recipes of a written sample file (label-sample.json or -second.json), checked; none when it is absent. */
const sampleRows = (file: string, sample = sampleFile(file)): Labelled[] => (sample ? checked(sample.recipes as Labelled[], file) : []);

const line = (r: Labelled) => JSON.stringify({ id: r.id, courses: r.courses, cuisines: r.cuisines });
const fileText = (head: Omit<LabelSample, 'recipes'>, rows: readonly Labelled[]) =>
  `{\n  "$comment": ${JSON.stringify(head.$comment)},\n  "draw": ${JSON.stringify(head.draw)},\n  "recipes": [\n${rows.map((r) => `    ${line(r)}`).join(',\n')}\n  ]\n}\n`;

function agree(first: Map<string, Labelled>, second: readonly Labelled[]): void {
  for (const field of ['courses', 'cuisines'] as const) {
    let same = 0;
    let given = 0;
    let held = 0;
    let firsts = 0;
    for (const b of second) {
      const a = first.get(b.id)![field];
      if (a.length === b[field].length && a.every((l) => b[field].includes(l))) same++;
      given += b[field].length;
      held += b[field].filter((l) => a.includes(l)).length;
      firsts += a.length;
    }
    const pc = (k: number, n: number) => `${((100 * k) / Math.max(1, n)).toFixed(1)}%`;
    console.log(`${field}: ${second.length} recipes labelled twice; the same set on ${same} (${pc(same, second.length)}); the second reading gave ${held} of the first's ${firsts} labels (${pc(held, firsts)}), and the first ${held} of the second's ${given} (${pc(held, given)})`);
  }
}

const command = positionals[0];
if (command === 'draw') {
  if (!values.out) throw new Error('draw: --out <dir>');
  const labelled = new Set(values.unlabelled ? sampleRows(SAMPLE, current).map((r) => r.id) : []);
  const recipes = compiled();
  const drawn = drawSample(recipes, key, sizeOf(recipes.filter(inPopulation).length))
    .slice(count('from', values.from!, 0))
    .filter((r) => !labelled.has(r.id));
  if (drawn.length === 0) {
    console.log('every drawn recipe is labelled: nothing to write');
    process.exit(0);
  }
  const per = Math.ceil(drawn.length / count('batches', values.batches!, 1));
  fs.mkdirSync(values.out, { recursive: true });
  for (let b = 0; b * per < drawn.length; b++) fs.writeFileSync(path.join(values.out, `batch-${b + 1}.md`), drawn.slice(b * per, (b + 1) * per).map(annotatorText).join('\n'));
  console.log(`${drawn.length} recipes in ${Math.ceil(drawn.length / per)} batches under ${values.out}`);
} else if (command === 'merge') {
  const recipes = compiled();
  const population = recipes.filter(inPopulation);
  const drawn = drawSample(recipes, key, sizeOf(population.length));
  const held = sampleRows(SAMPLE, current);
  const given = new Map([...held, ...positionals.slice(1).flatMap((f) => readLabels(f))].map((r) => [r.id, r]));
  const missing = drawn.filter((r) => !given.has(r.id));
  if (missing.length > 0) throw new Error(`merge: ${missing.length} drawn recipes have no labels (first: ${missing[0]!.id})`);
  const order = new Map(drawn.map((r, i) => [r.id, i]));
  const inPopulationNow = new Set(population.map((r) => r.id));
  const dropped = held.filter((r) => !order.has(r.id) && inPopulationNow.has(r.id));
  if (dropped.length > 0 && values.size === undefined) throw new Error(`merge: ${dropped.length} hand-labelled recipes fall outside the draw of ${drawn.length} and would lose their labels (first: ${dropped[0]!.id}); pass --size to mean it`);
  if (dropped.length > 0) console.warn(`merge: ${dropped.length} hand-labelled recipes fall outside the draw of ${drawn.length} and lose their labels`);
  const head = {
    $comment: 'Hand labels of courses and cuisines, after the guide in label-sample.md, for the first draw.size recipes of a seeded random order of the recipes whose own data give no course or no cuisine (the recipes the label model would label; all of them when draw.size is draw.population). Training data and measuring stick of the label model (build/normalize/vocab/label-model/sample.ts), and the labels the build gives these recipes when their own data give none. Written by `npm run label-sample -- merge`.',
    draw: { key, size: drawn.length, population: population.length },
  };
  fs.writeFileSync(SAMPLE, fileText(head, drawn.map((r) => given.get(r.id)!)));
  console.log(`${SAMPLE}: ${drawn.length} recipes drawn from ${population.length}`);
  // The second readings: the current file's, then --second's, of drawn recipes only, in draw order.
  const kept = sampleRows(SECOND);
  const second = [...new Map([...kept, ...(values.second ? readLabels(values.second) : [])].filter((r) => order.has(r.id)).map((r) => [r.id, r])).values()];
  if (second.length > 0) {
    second.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    fs.writeFileSync(SECOND, fileText({ $comment: 'A second annotator\'s labels of some recipes of label-sample.json, given without seeing the first\'s: the agreement figure (`npm run label-sample -- agree`).', draw: head.draw }, second));
    agree(given, second);
  }
} else if (command === 'agree') {
  const first = new Map(sampleRows(SAMPLE, current).map((r) => [r.id, r]));
  agree(first, sampleRows(SECOND).filter((r) => first.has(r.id)));
} else {
  console.error('usage: npm run label-sample -- draw --out <dir> | merge <labels.json…> [--second <labels.json>] | agree');
  process.exit(2);
}
