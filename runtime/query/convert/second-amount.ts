/**
 * A second amount taken out of an ingredient line, so that a line rewritten to the author's own
 * amount does not print it twice: "2 cups (300 g) flour" without its 300 g reads "2 cups flour"
 * (then "300 g flour"). The amount goes with its brackets when they hold nothing but amounts ("1
 * cup (4 ounces/120 grams) sugar", "⅓ cup soy sauce ((80ml))"), else with one separator next to it
 * ("(packed; 50 g)" → "(packed)", "1 cup/120 g flour" → "1 cup flour").
 */
import { AMOUNT_SOURCE, amountOf, QUALIFIER_SOURCE, type WrittenAmount } from './written-amount.ts';

const OPEN = '([（【';
const CLOSE = ')]）】';
/** Text around amounts that still says nothing of its own: spaces and separators. */
const ONLY_SEPARATORS = /^[\s/;,|=]*$/u;
/** A qualifier right before an amount goes with it ("(about 500 g)"). */
export const QUALIFIER_BEFORE = new RegExp(String.raw`${QUALIFIER_SOURCE}\s*$`, 'iu');
const QUALIFIERS = new RegExp(QUALIFIER_SOURCE, 'giu');
/** The amount is of another ingredient or an addition ("2 cups flour + 2 tbsp", "... or 1 tbsp"). */
const JOINED = /(?:\+|&|\b(?:and|or|with|plus))\s*[(\[（【]?\s*$/iu;

const same = (a: WrittenAmount, b: WrittenAmount) => a.unit === b.unit && a.value === b.value && a.max === b.max;

/**
 * `line` without the first occurrence of `amount` after index `from` (past the line's first
 * amount and its unit), or undefined when it is not there as an equivalent of the first amount.
 */
export function withoutAmount(line: string, from: number, amount: WrittenAmount): string | undefined {
  const re = new RegExp(AMOUNT_SOURCE, 'giu');
  re.lastIndex = from;
  for (let m = re.exec(line); m !== null; m = re.exec(line)) {
    const found = amountOf(m[1]!, m[2]!);
    if (found === undefined || !same(found, amount)) continue;
    const start = m.index - (QUALIFIER_BEFORE.exec(line.slice(from, m.index))?.[0].length ?? 0);
    const [s, e] = span(line, from, start, m.index + m[0].length);
    // Another amount before it ("1 lb 2 oz/500g", "1/4 cup plus 1 tablespoon (75 ml)"): which part it measures is unclear.
    const before = line.slice(from, s);
    if (JOINED.test(before) || new RegExp(AMOUNT_SOURCE, 'iu').test(before)) return undefined;
    return cut(line, s, e);
  }
  return undefined;
}

/** What to remove around the amount (and its qualifier) at [start, end): its bracket group, or it and one separator. */
function span(line: string, from: number, start: number, end: number): [number, number] {
  const open = opener(line, from, start);
  const close = open === undefined ? undefined : closer(line, end);
  if (open !== undefined && close !== undefined) {
    const inside = line.slice(open + 1, close).replace(new RegExp(AMOUNT_SOURCE, 'giu'), '').replace(QUALIFIERS, '');
    if (ONLY_SEPARATORS.test(inside)) {
      let [s, e] = [open, close + 1];
      // "((80ml))": a group that only wraps the group goes too.
      while (s > from && OPEN.includes(line[s - 1]!) && CLOSE.includes(line[e] ?? '')) [s, e] = [s - 1, e + 1];
      return [s, e];
    }
  }
  const lead = /[\s]*[/;,|=]\s*$/u.exec(line.slice(open === undefined ? from : open + 1, start));
  if (lead !== null) return [start - lead[0].length, end];
  const trail = /^\s*[/;,|=]\s*/u.exec(line.slice(end, close ?? line.length));
  return trail !== null && open !== undefined ? [start, end + trail[0].length] : [start, end];
}

function opener(line: string, from: number, start: number): number | undefined {
  let depth = 0;
  for (let i = start - 1; i >= from; i--) {
    if (CLOSE.includes(line[i]!)) depth++;
    else if (OPEN.includes(line[i]!) && depth-- === 0) return i;
  }
  return undefined;
}

function closer(line: string, end: number): number | undefined {
  let depth = 0;
  for (let i = end; i < line.length; i++) {
    if (OPEN.includes(line[i]!)) depth++;
    else if (CLOSE.includes(line[i]!) && depth-- === 0) return i;
  }
  return undefined;
}

/** The line without [s, e), one space where a space was, none before a closing mark or after an opening one. */
function cut(line: string, s: number, e: number): string {
  const left = line.slice(0, s);
  const right = line.slice(e);
  const l = left.trimEnd();
  const r = right.trimStart();
  if (l === '' || r === '') return l + r;
  const spaced = /\s$/u.test(left) || /^\s/u.test(right);
  const tight = /^[,.;:)\]）】]/u.test(r) || /[(\[（【]$/u.test(l);
  return l + (spaced && !tight ? ' ' : '') + r;
}
