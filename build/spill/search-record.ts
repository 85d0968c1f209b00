/**
 * The search spill's record of a recipe: what the search index builder reads of it (its language
 * and the text of each search field), written by the spill (render-search.ts renders it piece by
 * piece) and read by SearchIndexBuilder.addRecord (build/write/search/builder.ts).
 */
import type { Recipe } from '../../runtime/format/recipe.ts';
import { FIELD_COUNT } from '../../runtime/format/search-index.ts';
import { MAX_U32_VARINT, readVarint, varintSize, writeVarint } from '../codec/varint.ts';

/** The fields of a recipe the search index reads. */
export type SearchedRecipe = Pick<Recipe, 'language' | 'title' | 'ingredients' | 'tags' | 'categories' | 'cuisines' | 'courses' | 'description' | 'instructions'>;

/** The text of each field (SEARCH_FIELDS order) of one recipe. Slugs ("main-course") split at hyphens. */
export function fieldTexts(r: Omit<SearchedRecipe, 'language'>): string[] {
  return [
    r.title,
    r.ingredients.map((i) => i.name).join('\n'),
    [...r.tags, ...r.categories, ...r.cuisines, ...r.courses].join('\n'),
    r.description,
    r.instructions.map((s) => s.text).join('\n'),
  ];
}

/**
 * The lines a part of the search spill refers to (SpillLines, lines.ts): line i is the
 * UTF-8 text bytes[ends[i − 1] (0 for i = 0), ends[i]).
 */
export interface SearchLines {
  bytes: Uint8Array;
  ends: Uint32Array;
}

/** Line i of `lines` as text. */
export function searchLine(lines: SearchLines, i: number): string {
  return Buffer.from(lines.bytes.buffer, lines.bytes.byteOffset, lines.bytes.byteLength).toString('utf8', i === 0 ? 0 : lines.ends[i - 1], lines.ends[i]);
}

/**
 * A recipe's search record: the byte length (u32 LE) of its language and of each field's items,
 * then its language (UTF-8) and each field's items. A field's text (fieldTexts) is its items
 * joined by LF; an item is a LEB128 varint v (build/codec/varint.ts), then for even v that many
 * bytes (v / 2) of UTF-8 text, while an odd v stands for line (v − 1) / 2 of the part's
 * SearchLines (a step or an ingredient name that recipes share: written once per part, analysed
 * once per language).
 */
export const SEARCH_RECORD_HEADER = 4 * (1 + FIELD_COUNT);

/** The item v of a record: text of v / 2 bytes (even v), or line (v − 1) / 2 of the part's lines. */
export const isLineItem = (v: number) => v % 2 === 1;
export const lineItem = (line: number) => 2 * line + 1;
export const textItemOf = (bytes: number) => 2 * bytes;

/** At most the bytes of the search record of (language, texts): room for writeSearchRecord. */
export function searchRecordRoom(language: string, texts: readonly string[]): number {
  let units = language.length;
  for (const t of texts) units += t.length;
  return SEARCH_RECORD_HEADER + MAX_U32_VARINT * FIELD_COUNT + 3 * units;
}

/**
 * Writes an item of text `s` at `at` of `buf` (MAX_U32_VARINT + 3 × s.length bytes free): its
 * byte length (textItemOf), then its UTF-8 bytes. Returns where it ends.
 */
export function writeTextItem(buf: Buffer, at: number, s: string): number {
  // The varint of the byte length goes first: write the text after room for the longest one, then move it.
  const n = buf.write(s, at + MAX_U32_VARINT, 'utf8');
  const textAt = writeVarint(buf, at, textItemOf(n));
  buf.copy(buf, textAt, at + MAX_U32_VARINT, at + MAX_U32_VARINT + n);
  return textAt + n;
}

/**
 * Writes a recipe's search record at `at` of `buf` (searchRecordRoom bytes free), each field's
 * text as one item of text. Any text goes: nothing is escaped. Returns the record's length. The
 * search spill (spill.ts) holds these; SearchIndexBuilder.addRecord reads them.
 */
export function writeSearchRecord(buf: Buffer, at: number, language: string, texts: readonly string[]): number {
  if (texts.length !== FIELD_COUNT) throw new Error(`search record: ${texts.length} field texts for ${FIELD_COUNT} fields`);
  let p = at + SEARCH_RECORD_HEADER;
  for (let k = 0; k <= FIELD_COUNT; k++) {
    const text = k === 0 ? language : texts[k - 1]!;
    const from = p;
    if (text.length > 0) p = k === 0 ? p + buf.write(text, p, 'utf8') : writeTextItem(buf, p, text);
    buf.writeUInt32LE(p - from, at + 4 * k);
  }
  return p - at;
}

/** A recipe's search record (writeSearchRecord) on its own. */
export function packSearchTexts(r: SearchedRecipe): Buffer {
  const texts = fieldTexts(r);
  const buf = Buffer.allocUnsafe(searchRecordRoom(r.language, texts));
  return buf.subarray(0, writeSearchRecord(buf, 0, r.language, texts));
}

/** The language and field texts of the search record at `at` of `buf` (`lines`: its part's lines). */
export function unpackSearchTexts(buf: Buffer, at = 0, lines?: SearchLines): { language: string; texts: string[] } {
  let p = at + SEARCH_RECORD_HEADER;
  const language = buf.toString('utf8', p, (p += buf.readUInt32LE(at)));
  const texts: string[] = [];
  for (let f = 0; f < FIELD_COUNT; f++) {
    const end = p + buf.readUInt32LE(at + 4 + 4 * f);
    const items: string[] = [];
    while (p < end) {
      const v = readVarint(buf, p);
      p += varintSize(v);
      if (isLineItem(v)) {
        if (!lines) throw new Error('search record: a line of a part without lines');
        items.push(searchLine(lines, (v - 1) / 2));
      } else items.push(buf.toString('utf8', p, (p += v / 2)));
    }
    if (p !== end) throw new Error('search record: malformed');
    texts.push(items.join('\n'));
  }
  return { language, texts };
}
