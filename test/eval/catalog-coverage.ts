/**
 * Iteration aid for the curated catalog data: pulls ingredient lines crudely out of the shared
 * recipe datasets, names them (the real parseIngredientLine, or parse-ingredient while it is a stub),
 * matches them as the compiler does (whole name, then canonicalName) and prints the match rate per
 * source and the most frequent unmatched names.
 *
 *   npx tsx test/eval/catalog-coverage.ts [--top 60] [--datasets /work/shared/datasets]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseIngredient } from 'parse-ingredient';
import { loadCatalog, matchRecipeIngredient, normalizeName } from '../../build/normalize/catalog.ts';
import { parseIngredientLine } from '../../build/normalize/ingredient-line.ts';

interface Line { source: string; language: string; text: string; named?: boolean }

const args = process.argv.slice(2);
const top = Number(args[args.indexOf('--top') + 1]) || 60;
const root = args.includes('--datasets') ? String(args[args.indexOf('--datasets') + 1]) : '/work/shared/datasets';
const gz = (p: string): string => gunzipSync(readFileSync(join(root, p))).toString('utf8');
const jsonl = (p: string): Record<string, unknown>[] => gz(p).split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Record<string, unknown>);

function csvRecords(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], cur = '', q = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (q) { if (c === '"' && text[i + 1] === '"') { cur += '"'; i++; } else if (c === '"') q = false; else cur += c; }
    else if (c === '"') q = true;
    else if (c === ',') { row.push(cur); cur = ''; }
    else if (c === '\n') { row.push(cur); rows.push(row); row = []; cur = ''; }
    else cur += c;
  }
  if (cur !== '' || row.length > 0) { row.push(cur); rows.push(row); }
  return rows;
}

function pyList(s: string): string[] {
  return [...s.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)].map((m) => (m[1] ?? m[2] ?? '').replace(/\\'/g, "'"));
}

function markdownSection(md: string, heading: RegExp): string[] {
  const out: string[] = [];
  let on = false;
  for (const l of md.split('\n')) {
    if (/^#{2,}\s/.test(l)) { if (/^##\s/.test(l) || !on) on = heading.test(l); continue; }
    const m = /^\s*[-*+]\s+(.*)$/.exec(l);
    if (on && m?.[1]) out.push(m[1].trim());
  }
  return out;
}

function collect(): Line[] {
  const lines: Line[] = [];
  for (const r of jsonl('recipe-scrapers/recipes.jsonl.gz')) {
    const language = String(r.language ?? 'en').slice(0, 2).toLowerCase();
    for (const t of (r.ingredients as string[] | undefined) ?? []) lines.push({ source: 'recipe-scrapers', language, text: t });
  }
  const epi = csvRecords(gz('epicurious-sample/epicurious-2000.csv.gz'));
  const col = epi[0]?.indexOf('Ingredients') ?? 2;
  for (const row of epi.slice(1)) for (const t of pyList(row[col] ?? '')) lines.push({ source: 'epicurious-sample', language: 'en', text: t });
  for (const r of jsonl('howtocook-json/recipes.jsonl.gz')) {
    for (const i of (r.ingredients as { ingredient_name: string }[] | undefined) ?? []) lines.push({ source: 'howtocook-json', language: 'zh', text: i.ingredient_name, named: true });
  }
  for (const r of jsonl('howtocook/dishes.jsonl.gz')) {
    for (const t of markdownSection(String(r.markdown ?? ''), /必备原料/)) lines.push({ source: 'howtocook', language: 'zh', text: t.replace(/（.*?）|\(.*?\)/g, ''), named: true });
  }
  for (const r of jsonl('public-domain-recipes/recipes.jsonl.gz')) {
    for (const t of markdownSection(String(r.markdown ?? ''), /ingredients/i)) lines.push({ source: 'public-domain-recipes', language: 'en', text: t });
  }
  for (const r of jsonl('recipe-db-de/recipes.jsonl.gz')) {
    const recipe = (r.data as { recipe?: { ingredients?: { name?: string }[] } } | undefined)?.recipe;
    for (const i of recipe?.ingredients ?? []) if (i.name) lines.push({ source: 'recipe-db-de', language: 'de', text: i.name, named: true });
  }
  const iba = JSON.parse(readFileSync(join(root, 'iba-cocktails/iba-cocktails-web.json'), 'utf8')) as { ingredients: { ingredient: string }[] }[];
  for (const c of iba) for (const i of c.ingredients) lines.push({ source: 'iba-cocktails', language: 'en', text: i.ingredient, named: true });
  return lines;
}

const parserIsStub = parseIngredientLine('2 eggs').name === '2 eggs';

function nameOf(line: Line): string {
  if (line.named) return line.text;
  if (!parserIsStub) return parseIngredientLine(line.text, line.language).name;
  if (line.language !== 'en') return line.text;
  return parseIngredient(line.text)[0]?.description ?? line.text;
}

const catalog = loadCatalog(join(import.meta.dirname, '../../dataset'));
const stats = new Map<string, { total: number; matched: number }>();
const unmatched = new Map<string, number>();
for (const line of collect()) {
  const name = nameOf(line);
  const s = stats.get(line.source) ?? { total: 0, matched: 0 };
  stats.set(line.source, s);
  s.total++;
  if (matchRecipeIngredient(catalog, name, line.language)) s.matched++;
  else { const k = `${line.language}:${normalizeName(name)}`; unmatched.set(k, (unmatched.get(k) ?? 0) + 1); }
}
console.log(`parser: ${parserIsStub ? 'parse-ingredient (stand-in)' : 'build/normalize/ingredient-line.ts'}; catalog: ${catalog.entries.length} entries`);
let total = 0, matched = 0;
for (const [source, s] of [...stats].sort()) {
  total += s.total; matched += s.matched;
  console.log(`${source.padEnd(24)} ${((100 * s.matched) / s.total).toFixed(1).padStart(5)}%  ${s.matched}/${s.total}`);
}
console.log(`${'ALL'.padEnd(24)} ${((100 * matched) / total).toFixed(1).padStart(5)}%  ${matched}/${total}`);
console.log(`\nTop ${top} unmatched names:`);
for (const [k, n] of [...unmatched].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, top)) console.log(`${String(n).padStart(5)}  ${k}`);
