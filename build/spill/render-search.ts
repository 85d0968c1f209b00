/**
 * A recipe's search record (search-record.ts) rendered straight into bytes (ByteSink): the same
 * bytes as writeSearchRecord(…, recipe.language, fieldTexts(recipe)) in UTF-8, except that a step
 * or ingredient name a part's records share is a line of its SpillLines (lines.ts), and that
 * remembered pieces (known.ts) are copied, not encoded again.
 */
import type { Recipe } from '../../runtime/format/recipe.ts';
import { FIELD_COUNT } from '../../runtime/format/search-index.ts';
import { MAX_U32_VARINT, writeVarint } from '../codec/varint.ts';
import type { ByteSink } from './byte-sink.ts';
import { knownOf, stepBytes } from './known.ts';
import type { SpillLines } from './lines.ts';
import { lineItem, SEARCH_RECORD_HEADER, textItemOf, writeTextItem } from './search-record.ts';

/** The search spill's record of a recipe: writeSearchRecord(…, recipe.language, fieldTexts(recipe)). */
export function writeRecipeSearchRecord(sink: ByteSink, recipe: Recipe, lines: SpillLines, known = knownOf(recipe)): void {
  // Module functions, not closures: tsx (esbuild keepNames) names every closure as it is created, a cost per recipe.
  const start = sink.at;
  sink.room(SEARCH_RECORD_HEADER);
  sink.at += SEARCH_RECORD_HEADER;
  let from = sink.at;
  let field = 0;
  sink.utf8(recipe.language);
  from = endField(sink, start, field++, from);
  textItem(sink, recipe.title);
  from = endField(sink, start, field++, from);
  const ingredients = recipe.ingredients;
  if (ingredients.every((i) => i !== null && typeof i === 'object' && typeof i.name === 'string')) {
    for (let i = 0; i < ingredients.length; i++) {
      const ingredient = ingredients[i]!;
      const bytes = known.ingredients[i];
      if (bytes?.nameRaw === undefined || bytes.name !== ingredient.name) textItem(sink, ingredient.name, true);
      else lineOrBytes(sink, lines.idOf(bytes.nameLine, bytes.nameRaw), bytes.nameRaw);
    }
  } else textItem(sink, ingredients.map((i) => i.name).join('\n'));
  from = endField(sink, start, field++, from);
  textItem(sink, [...recipe.tags, ...recipe.categories, ...recipe.cuisines, ...recipe.courses].join('\n'));
  from = endField(sink, start, field++, from);
  textItem(sink, recipe.description);
  from = endField(sink, start, field++, from);
  const instructions = recipe.instructions;
  if (instructions.every((s) => s !== null && typeof s === 'object' && typeof s.text === 'string')) {
    for (let i = 0; i < instructions.length; i++) {
      const step = known.steps?.[i] ?? stepBytes(instructions[i]!.text);
      lineOrBytes(sink, lines.idOf(step.line, step.raw), step.raw);
    }
  } else textItem(sink, instructions.map((s) => s.text).join('\n'));
  from = endField(sink, start, field++, from);
  if (field !== FIELD_COUNT + 1) throw new Error(`search record: ${field - 1} fields for ${FIELD_COUNT}`);
}

/** Ends field `field` (begun at `from`) of the search record at `start`: its byte length goes into the header's slot `field`. Returns where the next field begins. */
function endField(sink: ByteSink, start: number, field: number, from: number): number {
  sink.buf.writeUInt32LE(sink.at - from, start + 4 * field);
  return sink.at;
}

/** An item of text (writeTextItem); an empty one only as one of several lines. */
function textItem(sink: ByteSink, s: string, line = false): void {
  if (s.length === 0 && !line) return;
  sink.room(MAX_U32_VARINT + 3 * s.length);
  sink.at = writeTextItem(sink.buf, sink.at, s);
}

/** Line `id` of the part's lines (lineItem), or, when id < 0, an item of text already in UTF-8. */
function lineOrBytes(sink: ByteSink, id: number, b: Uint8Array): void {
  sink.room(MAX_U32_VARINT);
  if (id >= 0) {
    sink.at = writeVarint(sink.bytes, sink.at, lineItem(id));
    return;
  }
  sink.at = writeVarint(sink.bytes, sink.at, textItemOf(b.length));
  sink.copy(b);
}
