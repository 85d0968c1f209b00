/** Amounts as written: integers, decimals ('.' or ','), fractions, mixed numbers, ranges, small number words. */

const VULGAR: Record<string, string> = {
  '¼': '1/4', '½': '1/2', '¾': '3/4', '⅐': '1/7', '⅑': '1/9', '⅒': '1/10', '⅓': '1/3', '⅔': '2/3',
  '⅕': '1/5', '⅖': '2/5', '⅗': '3/5', '⅘': '4/5', '⅙': '1/6', '⅚': '5/6', '⅛': '1/8', '⅜': '3/8',
  '⅝': '5/8', '⅞': '7/8',
};

/**
 * Rewrites numerals to ASCII so one grammar reads them: full-width digits, the fraction slash
 * (U+2044, "1⁄2"), and vulgar fractions ("1½" → "1 1/2", "½" → "1/2").
 */
export function normalizeNumerals(text: string): string {
  let out = text
    .replace(/[０-９]/gu, (d) => String.fromCharCode(d.charCodeAt(0) - 0xff10 + 48))
    .replace(/[⁄∕／]/gu, '/')
    .replace(/．/gu, '.')
    .replace(/(\d)\s*\/\s*(\d)/gu, '$1/$2');
  // A glyph glued to a word keeps a space before it ("juice of½ lemon" → "juice of 1/2 lemon").
  out = out.replace(/(\d?)(\s*)([¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])/gu, (_m, whole: string, gap: string, frac: string, at: number, all: string) => {
    const f = VULGAR[frac] ?? frac;
    if (whole) return `${whole} ${f}`;
    return gap !== '' || (at > 0 && /\p{L}/u.test(all[at - 1] ?? '')) ? ` ${f}` : f;
  });
  // "1 and 1/2 teaspoons", "1 i 1/2 łyżeczki", "1 e 1/2 colher": a mixed number written with 'and' (any language's word).
  out = out.replace(/(^|[^\d/])(\d+) (?:and|und|en|et|y|e|i|og|och|és|a) (\d+\/\d+)(?![\d/])/giu, (m, pre: string, whole: string, frac: string) => {
    const [n = 1, d = 1] = frac.split('/').map(Number);
    return n < d ? `${pre}${whole} ${frac}` : m;
  });
  // "1-1/2 cups", "2-½ cups": a whole number hyphenated to a proper fraction is a mixed number, never a range.
  out = out.replace(/(^|[^\d/.,])(\d+)-(\d\/\d+)(?![\d/])/gu, (m, pre: string, whole: string, frac: string) => {
    const [n = 1, d = 1] = frac.split('/').map(Number);
    return n < d ? `${pre}${whole} ${frac}` : m;
  });
  return out;
}

/** One number: mixed "1 1/2", fraction "3/4", decimal "1.5" / "1,5", integer, or ".5". */
const NUMBER = String.raw`(?:\d+\s+\d+/\d+|\d+/\d+|\d+(?:[.,]\d+)?|[.,]\d+)`;
/** Words and dashes between the two ends of a range, in the languages we read ("1- to 1 1/2-pound" too). */
const RANGE_SEP = String.raw`(?:\s*[-–—]\s*(?:to|bis|till|tot|à|até)\s*|\s*[-–—~～]\s*|\s*至\s*|\s+(?:to|or|bis|oder|à|a|ou|till|eller|tot|o|até)\s+)`;
const AMOUNT_RE = new RegExp(String.raw`^(${NUMBER})(?:${RANGE_SEP}(${NUMBER}))?(?![\d/])`, 'u');

/** Parses one number as written ("1 1/2", "1,5", "3/4"); NaN when it is not one. */
export function parseNumber(text: string): number {
  const t = text.trim();
  const mixed = /^(\d+)\s+(\d+)\/(\d+)$/u.exec(t);
  if (mixed) return Number(mixed[1]) + fraction(mixed[2], mixed[3]);
  const frac = /^(\d+)\/(\d+)$/u.exec(t);
  if (frac) return fraction(frac[1], frac[2]);
  if (/^\d*[.,]\d+$|^\d+$/u.test(t)) return Number(t.replace(',', '.'));
  return NaN;
}

function fraction(n: string | undefined, d: string | undefined): number {
  const den = Number(d);
  return den === 0 ? NaN : Number(n) / den;
}

export interface AmountMatch {
  value: number;
  max?: number;
  /** Characters of the input the amount used. */
  length: number;
}

const WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, 'a dozen': 12, dozen: 12, 'half a dozen': 6, half: 0.5, 'a half': 0.5,
  'one half': 0.5, 'a quarter': 0.25, 'one quarter': 0.25,
};
const WORD_RE = new RegExp(
  String.raw`^(${Object.keys(WORDS).sort((a, b) => b.length - a.length).join('|')})(?![\p{L}])`,
  'iu',
);

/** Reads an amount at the start of `text` (already passed through `normalizeNumerals`). */
export function readAmount(text: string, language = 'en'): AmountMatch | undefined {
  const m = AMOUNT_RE.exec(text);
  if (m?.[1]) {
    const value = parseNumber(m[1]);
    if (!Number.isFinite(value)) return undefined;
    const high = m[2] === undefined ? NaN : parseNumber(m[2]);
    if (Number.isFinite(high) && high > value) return { value, max: high, length: m[0].length };
    if (m[2] !== undefined) {
      // "1 1/2 - 1" is no range; keep only the first number.
      const first = new RegExp(`^${NUMBER}`, 'u').exec(text);
      return { value, length: first?.[0].length ?? m[1].length };
    }
    return { value, length: m[0].length };
  }
  if (language === 'en') {
    const w = WORD_RE.exec(text);
    if (w?.[1]) {
      const value = WORDS[w[1].toLowerCase()];
      if (value !== undefined) return { value, length: w[0].length };
    }
  }
  return undefined;
}
