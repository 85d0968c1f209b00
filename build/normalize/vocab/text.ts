/**
 * Text folding shared by every vocabulary lookup. One fold on both sides (curated data and
 * recipe text) is what makes 'Hauptgericht', 'HAUPTGERICHT' and 'hauptgericht ' the same key.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', rsquo: '’', lsquo: '‘',
};

/** Decode the HTML entities and drop the tags that JSON-LD labels carry ('&lt;p&gt;Dinner&lt;/p&gt;'). */
export function stripMarkup(text: string): string {
  const decoded = text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
  return decoded.replace(/<[^<>]*>/g, ' ');
}

/**
 * Lower case, Latin/Greek/Cyrillic accents removed ('Küche' → 'kuche', 'ελληνική' → 'ελληνικη'),
 * typographic apostrophes unified, whitespace collapsed. Other scripts are recomposed (NFC) so
 * Japanese dakuten and Hangul survive intact.
 */
export function foldText(text: string): string {
  return stripMarkup(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lookup key of a label: folded, every run of non-letters/digits one space ('Tex-Mex' → 'tex mex'). */
export function labelKey(text: string): string {
  return foldText(text).replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ').trim();
}

/** Words of a folded text (letters, digits and combining marks); separators dropped. */
export function words(text: string): string[] {
  return labelKey(text).split(' ').filter((w) => w !== '');
}

/** Category slugs follow the one slug rule of the API (runtime/format/slug.ts). */
export { slugify } from '../../../runtime/format/slug.ts';

/** Separators between several labels in one string: ',', ';', '/', '|', '+', '&' and 'and'/'or' in the source languages. */
const LABEL_SEPARATOR = /\s*[,;/|+&]\s*|\s+(?:and|or|und|oder|et|ou|en|of|och|eller|og|y|o|e|i|és|a)\s+/iu;

/** 'Lunch & Dinner', 'Appetizer or Main Dish', 'Dolci e Dessert' → their parts (empty parts dropped). */
export function splitLabel(label: string): string[] {
  return stripMarkup(label).split(LABEL_SEPARATOR).map((p) => p.trim()).filter((p) => p !== '');
}
