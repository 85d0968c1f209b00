import type { SchemaHowToStep } from '../sources/types.ts';
import { BoundedMemo } from './bounded-memo.ts';
import { cleanText, splitBlock } from './text.ts';

/**
 * recipeInstructions → flat, cleaned step texts in reading order.
 * Accepts a text block (plain or HTML; split on lines, paragraphs and list items), an array of
 * strings (one step each), HowToStep objects (`text`, else `name`), and HowToSection / ItemList
 * objects whose `itemListElement` holds further steps (sections are flattened; their names,
 * which are headings and not steps, are dropped).
 */
export function flattenInstructions(raw: unknown): string[] {
  const out: string[] = [];
  visit(raw, out, true);
  return out;
}

/**
 * Step texts repeat across recipes (templates, "Preheat the oven to 180 °C."): per text as
 * published, whether it is blank (white space only) and its cleanText, memoised. Every recipe with
 * that step then gets the same string, so that the memos keyed by step text further on
 * (equipment phrases, the spill's bytes) find it without comparing its characters. Bounded.
 */
const STEPS = new BoundedMemo<string, { blank: boolean; text: string }>(100_000);
const stepOf = (raw: string) => ({ blank: raw.trim() === '', text: cleanText(raw) });

function visit(node: unknown, out: string[], topLevel: boolean): void {
  if (typeof node === 'string') {
    if (topLevel) out.push(...splitBlock(node));
    else {
      const text = STEPS.get(node, stepOf).text;
      if (text) out.push(text);
    }
    return;
  }
  if (Array.isArray(node)) {
    for (const item of node) visit(item, out, false);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const step = node as SchemaHowToStep;
  if (step.itemListElement !== undefined) {
    visit(Array.isArray(step.itemListElement) ? step.itemListElement : [step.itemListElement], out, false);
    return;
  }
  const own = typeof step.text === 'string' ? STEPS.get(step.text, stepOf) : undefined;
  // A HowToStep's text may itself be an HTML list of several sentences: keep it one step.
  const text = own !== undefined && !own.blank ? own.text : typeof step.name === 'string' ? STEPS.get(step.name, stepOf).text : '';
  if (text) out.push(text);
}
