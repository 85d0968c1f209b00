/**
 * Accuracy of our ingredient line parser against the labelled dev lines in
 * /work/shared/datasets/ingredient-lines-dev/, side by side with the npm package parse-ingredient@3.
 *
 *   npx tsx test/eval/parser-accuracy.ts        (prints markdown, writes test/eval/parser-accuracy.md)
 *   npx tsx test/eval/parser-accuracy.ts --half fit|held --seed 21 [--errors out.tsv]
 *       one seeded half of every file's rows (a row's half: a hash of seed and line), to fit rules on
 *       the `fit` half while measuring generalisation on the `held` half; --errors lists our misses
 *       (prints only, writes nothing else)
 *   npx tsx test/eval/parser-accuracy.ts [--half fit|held] --confusion
 *       also prints the largest error classes of ours (parser-confusion.ts): quantity miss kinds, unit
 *       pairs confused, name tokens added or dropped
 *
 * Scoring rules (the same for both parsers):
 * - Rows: every labelled row. TASTEset lines with no entity at all are skipped (blank lines).
 * - Gold amount:
 *   - NYT: `qty`; 0.0 means "no amount". Labels are rounded to 2 decimals, so the prediction is rounded
 *     to 2 decimals too. Ranges: NYT puts the lower bound in `qty` in most range rows and the upper one
 *     in about a quarter, so a prediction counts when its value (or, for a predicted range, its max)
 *     equals `qty`.
 *   - strangetom: the first space-separated amount of `quantity` (`#1$2` = 1/2, `3#1$2` = 3 1/2,
 *     `1-2` = range whose low end is the value). Decimal labels (`0.667`) are compared after rounding the
 *     prediction to the label's number of decimals. Empty = no amount.
 *   - TASTEset: the first QUANTITY entity of the line, read as a number (mixed numbers, fraction slash,
 *     vulgar fractions; a range's low end); lines whose quantity text is not a number (e.g. "a") are
 *     left out of the quantity and unit columns.
 * - Quantity accuracy: gold "no amount" is matched only by no amount (value 0 counts as none);
 *   otherwise |predicted - gold| <= 1e-6 after the rounding above.
 * - Unit accuracy: both sides are mapped to canonical symbols (our unit table for label words;
 *   a fixed map for parse-ingredient's unit ids; leading size words such as "small bunch" dropped;
 *   unknown words lower-cased without a plural s); '' when there is no unit or no amount.
 *   strangetom rows with several amounts (`150g/5½oz`, `1 (8 ounce) can`) list their units in an
 *   order that does not always line up, so any listed unit counts there; elsewhere the first unit.
 * - Name exact: case- and whitespace-insensitive equality with the label name (NYT `name`,
 *   strangetom `name`, TASTEset: the line's FOOD entities joined with a space).
 * - Name token-F1: tokens are lower-cased runs of letters/digits; F1 of the token multisets, averaged.
 * - parse-ingredient is called with `normalizeUOM: true`; its `description` is its name (it does not
 *   split off preparation or notes, which costs it on name metrics by design of that package).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseIngredient } from 'parse-ingredient';
import { parseIngredientLine } from '../../build/normalize/ingredient-line.ts';
import { canonicalUnit } from '../../build/normalize/ingredient-line/units.ts';
import { type ConfusionRow, confusionListing } from './parser-confusion.ts';

const DATA_DIR = process.env.INGREDIENT_LINES_DIR ?? '/work/shared/datasets/ingredient-lines-dev';
const OUT = join(dirname(fileURLToPath(import.meta.url)), 'parser-accuracy.md');

interface GoldAmount {
  value: number;
  /** NYT: accept a predicted max equal to the value as well. */
  acceptMax: boolean;
  /** Round the prediction to this many decimals before comparing (undefined = no rounding). */
  decimals?: number;
}

interface Row {
  input: string;
  /** undefined = no amount; null = not scorable (left out of quantity and unit). */
  amount: GoldAmount | undefined | null;
  units: string[];
  anyUnit: boolean;
  name: string;
}

interface Prediction {
  value?: number;
  max?: number;
  unit: string;
  name: string;
}

// ---------- CSV (RFC 4180) ----------
function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { record.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field); records.push(record); record = []; field = '';
    } else field += c;
  }
  if (field || record.length) { record.push(field); records.push(record); }
  const [header = [], ...body] = records;
  return body.filter((r) => r.length > 1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

// ---------- label numbers (independent of the parser under test) ----------
const VULGAR: Record<string, number> = { '¼': 0.25, '½': 0.5, '¾': 0.75, '⅓': 1 / 3, '⅔': 2 / 3, '⅛': 0.125, '⅜': 0.375, '⅝': 0.625, '⅞': 0.875, '⅕': 0.2, '⅙': 1 / 6 };

function labelNumber(raw: string): number {
  const t = raw.trim().replace(/⁄/gu, '/').replace(/([¼½¾⅓⅔⅛⅜⅝⅞⅕⅙])/gu, ' $1').trim();
  const st = /^(\d+)?#(\d+)\$(\d+)$/u.exec(t);
  if (st) return Number(st[1] ?? 0) + Number(st[2]) / Number(st[3]);
  let total = 0;
  const parts = t.split(/\s+/u);
  if (parts.length > 2) return NaN;
  for (const p of parts) {
    const v = VULGAR[p];
    if (v !== undefined) { total += v; continue; }
    const f = /^(\d+)\/(\d+)$/u.exec(p);
    if (f) { total += Number(f[1]) / Number(f[2]); continue; }
    if (/^\d*\.?\d+$/u.test(p)) { total += Number(p); continue; }
    return NaN;
  }
  return total;
}

/** Low end of a label amount that may be a range ("1-2", "2 to 3"). */
function labelLow(raw: string): number {
  const low = raw.split(/\s*(?:-|–|to|or)\s*(?=[\d#¼½¾⅓⅔⅛])/u)[0] ?? raw;
  return labelNumber(low);
}

function decimalsOf(raw: string): number | undefined {
  const m = /\.(\d+)$/u.exec(raw.trim());
  return m?.[1]?.length;
}

// ---------- units ----------
const PI_UNITS: Record<string, string> = {
  bag: 'bag', box: 'box', bunch: 'bunch', can: 'can', carton: 'box', clove: 'clove', container: 'container', dozen: 'dozen',
  ear: 'ear', head: 'head', pack: 'package', package: 'package', piece: 'piece', sprig: 'sprig', stick: 'stick',
  large: 'large', medium: 'medium', small: 'small', centimeter: 'cm', foot: 'foot', inch: 'inch', meter: 'm',
  millimeter: 'mm', yard: 'yard', gram: 'g', kilogram: 'kg', milligram: 'mg', ounce: 'oz', pound: 'lb', cup: 'cup',
  deciliter: 'dl', 'fluid ounce': 'fl oz', gallon: 'gallon', liter: 'l', milliliter: 'ml', pint: 'pint', quart: 'quart',
  tablespoon: 'tbsp', teaspoon: 'tsp', dash: 'dash', drop: 'drop', pinch: 'pinch',
};
const SIZE_PREFIX = /^(?:small|large|medium|big|heaped|heaping|level|generous|good|rounded|scant)\s+/iu;

function canon(word: string): string {
  const w = word.trim();
  if (!w) return '';
  const known = canonicalUnit(w);
  if (known) return known;
  const unsized = w.replace(SIZE_PREFIX, '');
  if (unsized !== w) return canon(unsized);
  return w.toLowerCase().replace(/(?<=[a-z]{3})s$/u, '');
}

/** Splits "g lb oz" / "fl oz" / "small handful" / "ounce can" into canonical units, longest phrase first. */
function labelUnits(field: string): string[] {
  const words = field.trim().split(/\s+/u).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    let took = 1;
    for (const n of [3, 2]) {
      const phrase = words.slice(i, i + n).join(' ');
      if (i + n <= words.length && (canonicalUnit(phrase) || SIZE_PREFIX.test(phrase))) { took = n; break; }
    }
    out.push(canon(words.slice(i, i + took).join(' ')));
    i += took;
  }
  return out;
}

// ---------- datasets ----------
function nytRows(file: string): Row[] {
  return parseCsv(readFileSync(file, 'utf8')).map((r) => {
    const qty = Number(r.qty);
    return {
      input: r.input ?? '',
      amount: qty > 0 ? { value: qty, acceptMax: true, decimals: 2 } : undefined,
      units: [qty > 0 ? canon(r.unit ?? '') : ''],
      anyUnit: false,
      name: r.name ?? '',
    };
  });
}

function strangetomRows(file: string): Row[] {
  return parseCsv(readFileSync(file, 'utf8')).map((r) => {
    const amounts = (r.quantity ?? '').trim().split(/\s+/u).filter(Boolean);
    const first = amounts[0];
    let amount: GoldAmount | undefined | null;
    if (first === undefined) amount = undefined;
    else {
      const value = labelLow(first);
      const decimals = decimalsOf(first.split('-')[0] ?? first);
      amount = Number.isFinite(value) ? { value, acceptMax: false, ...(decimals ? { decimals } : {}) } : null;
    }
    const units = labelUnits(r.unit ?? '');
    return {
      input: r.input ?? '',
      amount,
      units: units.length ? units : [''],
      anyUnit: amounts.length > 1,
      name: r.name ?? '',
    };
  });
}

interface Entity { span: string; type: string; entity: string }

function tastesetRows(file: string): Row[] {
  const rows: Row[] = [];
  for (const r of parseCsv(readFileSync(file, 'utf8'))) {
    const text = r.ingredients ?? '';
    const entities = JSON.parse(r.ingredients_entities ?? '[]') as Entity[];
    const lines: { start: number; end: number; text: string; ents: { start: number; type: string; text: string }[] }[] = [];
    let offset = 0;
    for (const line of text.split('\n')) {
      lines.push({ start: offset, end: offset + line.length, text: line, ents: [] });
      offset += line.length + 1;
    }
    for (const e of entities) {
      const spans = [...e.span.matchAll(/\((\d+),\s*(\d+)\)/gu)].map((m) => [Number(m[1]), Number(m[2])] as const);
      const s0 = spans[0];
      if (!s0) continue;
      const line = lines.find((l) => s0[0] >= l.start && s0[0] <= l.end);
      line?.ents.push({ start: s0[0], type: e.type, text: spans.map(([a, b]) => text.slice(a, b)).join(' ') });
    }
    for (const l of lines) {
      if (!l.ents.length) continue;
      l.ents.sort((a, b) => a.start - b.start);
      const q = l.ents.find((e) => e.type === 'QUANTITY');
      const u = l.ents.find((e) => e.type === 'UNIT');
      const value = q ? labelLow(q.text) : NaN;
      rows.push({
        input: l.text,
        amount: q === undefined ? undefined : Number.isFinite(value) ? { value, acceptMax: false } : null,
        units: [u && q ? canon(u.text) : ''],
        anyUnit: false,
        name: l.ents.filter((e) => e.type === 'FOOD').map((e) => e.text).join(' '),
      });
    }
  }
  return rows;
}

// ---------- parsers ----------
function ours(line: string): Prediction {
  const p = parseIngredientLine(line, 'en');
  return { value: p.quantity?.value, max: p.quantity?.max, unit: p.quantity ? canon(p.quantity.unit) : '', name: p.name };
}

function theirs(line: string): Prediction {
  const p = parseIngredient(line, { normalizeUOM: true })[0];
  if (!p) return { unit: '', name: '' };
  const unit = p.quantity === null ? '' : PI_UNITS[p.unitOfMeasureID ?? ''] ?? canon(p.unitOfMeasureID ?? '');
  return { value: p.quantity ?? undefined, max: p.quantity2 ?? undefined, unit, name: p.description };
}

// ---------- scoring ----------
function round(n: number, d: number | undefined): number {
  return d === undefined ? n : Math.round(n * 10 ** d) / 10 ** d;
}

function quantityOk(gold: GoldAmount | undefined, p: Prediction): boolean {
  const has = p.value !== undefined && p.value > 0;
  if (!gold) return !has;
  if (!has || p.value === undefined) return false;
  if (Math.abs(round(p.value, gold.decimals) - gold.value) <= 1e-6) return true;
  return gold.acceptMax && p.max !== undefined && Math.abs(round(p.max, gold.decimals) - gold.value) <= 1e-6;
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/gu, ' ').trim();
const tokens = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function tokenF1(gold: string, pred: string): number {
  const g = tokens(gold);
  const p = tokens(pred);
  if (!g.length && !p.length) return 1;
  if (!g.length || !p.length) return 0;
  const counts = new Map<string, number>();
  for (const t of g) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of p) {
    const c = counts.get(t) ?? 0;
    if (c > 0) { common++; counts.set(t, c - 1); }
  }
  if (!common) return 0;
  const precision = common / p.length;
  const recall = common / g.length;
  return (2 * precision * recall) / (precision + recall);
}

interface Tally { rows: number; qRows: number; q: number; u: number; exact: number; f1: number }
const empty = (): Tally => ({ rows: 0, qRows: 0, q: 0, u: 0, exact: 0, f1: 0 });

function score(rows: Row[], parse: (l: string) => Prediction, t: Tally): void {
  for (const row of rows) {
    const p = parse(row.input);
    t.rows++;
    if (row.amount !== null) {
      t.qRows++;
      if (quantityOk(row.amount, p)) t.q++;
      const unitOk = row.anyUnit ? row.units.includes(p.unit) : row.units[0] === p.unit;
      if (unitOk) t.u++;
    }
    if (norm(row.name) === norm(p.name)) t.exact++;
    t.f1 += tokenF1(row.name, p.name);
  }
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : 'n/a');

function table(title: string, a: Tally, b: Tally): string {
  return [
    `### ${title} (${a.rows} rows; ${a.qRows} with a scorable amount)`,
    '',
    '| parser | quantity | unit | name exact | name token-F1 |',
    '|---|---|---|---|---|',
    `| ours | ${pct(a.q, a.qRows)} | ${pct(a.u, a.qRows)} | ${pct(a.exact, a.rows)} | ${(a.f1 / (a.rows || 1)).toFixed(3)} |`,
    `| parse-ingredient@3 | ${pct(b.q, b.qRows)} | ${pct(b.u, b.qRows)} | ${pct(b.exact, b.rows)} | ${(b.f1 / (b.rows || 1)).toFixed(3)} |`,
    '',
  ].join('\n');
}

function datasets(): { name: string; rows: Row[] }[] {
  const out: { name: string; rows: Row[] }[] = [];
  for (const dir of readdirSync(DATA_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    for (const file of readdirSync(join(DATA_DIR, dir)).filter((f) => f.endsWith('.csv')).sort()) {
      const path = join(DATA_DIR, dir, file);
      const rows = dir === 'nyt' ? nytRows(path) : dir === 'tasteset' ? tastesetRows(path) : strangetomRows(path);
      out.push({ name: `${dir}/${file}`, rows });
    }
  }
  return out;
}

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const HALF = arg('half');
const SEED = Number(arg('seed') ?? 21);
const ERRORS = arg('errors');
const CONFUSION = process.argv.includes('--confusion');
const errors: string[] = [];
const confusion: ConfusionRow[] = [];

/** FNV-1a of the seed and the line: which half a row is in, stable across runs. */
function inHalf(line: string): boolean {
  let h = 0x811c9dc5 ^ SEED;
  for (let i = 0; i < line.length; i++) h = Math.imul(h ^ line.charCodeAt(i), 0x01000193);
  return ((h >>> 0) & 1) === (HALF === 'fit' ? 0 : 1);
}

function main(): void {
  const parts = ['# Ingredient line parser accuracy (dev set)', '', 'Generated by `npx tsx test/eval/parser-accuracy.ts`; scoring rules at the top of that script.', ''];
  const totalA = empty();
  const totalB = empty();
  for (const { name, rows: all } of datasets()) {
    const rows = HALF ? all.filter((r) => inHalf(r.input)) : all;
    if (ERRORS) for (const row of rows) {
      const p = ours(row.input);
      const q = row.amount === null || quantityOk(row.amount, p);
      const u = row.amount === null || (row.anyUnit ? row.units.includes(p.unit) : row.units[0] === p.unit);
      const f1 = tokenF1(row.name, p.name);
      if (!q || !u || f1 < 1) errors.push([name, q ? '' : 'Q', u ? '' : 'U', f1.toFixed(2), row.input, `gold ${row.amount?.value ?? '-'} ${row.units.join('|')} [${row.name}]`, `ours ${p.value ?? '-'} ${p.unit} [${p.name}]`].join('\t'));
    }
    if (CONFUSION) for (const row of rows) {
      const p = ours(row.input);
      const scorable = row.amount !== null;
      confusion.push({
        source: name,
        input: row.input,
        quantityOk: scorable ? quantityOk(row.amount ?? undefined, p) : null,
        goldHasAmount: row.amount !== undefined && row.amount !== null,
        oursHasAmount: p.value !== undefined && p.value > 0,
        unitOk: scorable ? (row.anyUnit ? row.units.includes(p.unit) : row.units[0] === p.unit) : null,
        goldUnit: row.units.join('|'),
        oursUnit: p.unit,
        goldTokens: tokens(row.name),
        oursTokens: tokens(p.name),
      });
    }
    const a = empty();
    const b = empty();
    score(rows, ours, a);
    score(rows, theirs, b);
    for (const k of Object.keys(a) as (keyof Tally)[]) { totalA[k] += a[k]; totalB[k] += b[k]; }
    parts.push(table(name, a, b));
  }
  parts.push(table('Overall (row-weighted)', totalA, totalB));
  const md = parts.join('\n');
  if (ERRORS) writeFileSync(ERRORS, errors.join('\n') + '\n');
  if (!HALF) writeFileSync(OUT, md); // the committed table: the error classes are a diagnosis, printed only
  process.stdout.write(CONFUSION ? `${md}\n${confusionListing(confusion)}` : md);
}

main();
