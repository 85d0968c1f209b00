import type { SchemaHowToStep } from '../sources/types.ts';
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

function visit(node: unknown, out: string[], topLevel: boolean): void {
  if (typeof node === 'string') {
    if (topLevel) out.push(...splitBlock(node));
    else {
      const text = cleanText(node);
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
  const body = typeof step.text === 'string' && step.text.trim() ? step.text : typeof step.name === 'string' ? step.name : '';
  // A HowToStep's text may itself be an HTML list of several sentences: keep it one step.
  const text = cleanText(body);
  if (text) out.push(text);
}
