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
export function flattenInstructions(raw: unknown, entries?: (StepText | undefined)[]): string[] {
  const out: string[] = [];
  visit(raw, out, true, entries);
  return out;
}

/**
 * A step text as memoised (STEPS): whether the text as published is blank, its cleanText, and a
 * slot for what equipment.ts finds in it (the phrases of `phraseSet`), so that every recipe with
 * that step reads them here instead of looking the text up again.
 */
export interface StepText {
  blank: boolean;
  text: string;
  phraseSet: unknown;
  phrases: readonly string[] | undefined;
}

/**
 * Step texts repeat across recipes (templates, "Preheat the oven to 180 °C."): per text as
 * published, whether it is blank (white space only) and its cleanText, memoised. Every recipe with
 * that step then gets the same string, so that the memos keyed by step text further on (the
 * spill's bytes) find it without comparing its characters; the equipment phrases found in it are
 * kept in its entry (StepText, flattenInstructions' `entries`). Bounded.
 */
const STEPS = new BoundedMemo<string, StepText>(100_000);
const stepOf = (raw: string): StepText => ({ blank: raw.trim() === '', text: cleanText(raw), phraseSet: undefined, phrases: undefined });

/** Appends a step (its memoised entry to `entries`, when given, in step). */
function push(out: string[], entries: (StepText | undefined)[] | undefined, step: StepText): void {
  out.push(step.text);
  entries?.push(step);
}

function visit(node: unknown, out: string[], topLevel: boolean, entries: (StepText | undefined)[] | undefined): void {
  if (typeof node === 'string') {
    if (topLevel) {
      const lines = splitBlock(node);
      for (const line of lines) {
        out.push(line);
        entries?.push(undefined);
      }
    } else {
      const step = STEPS.get(node, stepOf);
      if (step.text) push(out, entries, step);
    }
    return;
  }
  if (Array.isArray(node)) {
    for (const item of node) visit(item, out, false, entries);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const step = node as SchemaHowToStep;
  if (step.itemListElement !== undefined) {
    visit(Array.isArray(step.itemListElement) ? step.itemListElement : [step.itemListElement], out, false, entries);
    return;
  }
  const own = typeof step.text === 'string' ? STEPS.get(step.text, stepOf) : undefined;
  // A HowToStep's text may itself be an HTML list of several sentences: keep it one step.
  const chosen = own !== undefined && !own.blank ? own : typeof step.name === 'string' ? STEPS.get(step.name, stepOf) : undefined;
  if (chosen !== undefined && chosen.text) push(out, entries, chosen);
}
