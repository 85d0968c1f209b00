/**
 * Amounts as cooks write them in a line or a note ("1 1/2 cups", "8¾ oz", "90-100 g", "2,5 dl"),
 * read back into numbers and a canonical unit of MEASURES. Only weights and volumes are read: the
 * second amount a recipe gives ("2 cups (300 g) flour") is what `units` may take from the author.
 *
 * The spellings are the common ones of notes (English words, metric symbols): a rarer spelling is
 * simply not read, and the line is converted as if the author had given no second amount.
 */
import { MEASURES } from './units.ts';

export const VULGAR = '½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞';
const VULGAR_VALUES = [1 / 2, 1 / 3, 2 / 3, 1 / 4, 3 / 4, 1 / 5, 2 / 5, 3 / 5, 4 / 5, 1 / 6, 5 / 6, 1 / 8, 3 / 8, 5 / 8, 7 / 8];
/** "1 1/2", "1 and 1/4", "1/2", "1⁄2", "1½", "2 ½", "½", "1.5", "1,5". */
export const ONE = String.raw`(?:\d+\s+(?:and\s+)?\d+[/⁄]\d+|\d+[/⁄]\d+|(?:\d+\s*)?[${VULGAR}]|\d+(?:[.,]\d+)?)`;
export const RANGE = String.raw`${ONE}(?:\s*(?:-|–|—|to)\s*${ONE})?`;

/** Spellings of each measure, lower case; a trailing '.' is allowed after any of them. */
const WORDS: Readonly<Record<string, readonly string[]>> = {
  mg: ['mg', 'milligram', 'milligrams'],
  g: ['g', 'gr', 'grs', 'gram', 'grams', 'gramm', 'gramme', 'grammes', '克', 'г'],
  kg: ['kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', '公斤', '千克', 'кг'],
  ml: ['ml', 'mls', 'milliliter', 'milliliters', 'millilitre', 'millilitres', 'cc', '毫升', 'мл'],
  cl: ['cl'],
  dl: ['dl'],
  l: ['l', 'liter', 'liters', 'litre', 'litres', '升'],
  tsp: ['tsp', 'tsps', 'teaspoon', 'teaspoons'],
  tbsp: ['tbsp', 'tbsps', 'tbs', 'tablespoon', 'tablespoons'],
  cup: ['cup', 'cups'],
  'fl oz': ['fl oz', 'fl. oz', 'fl.oz', 'fluid ounce', 'fluid ounces'],
  oz: ['oz', 'ounce', 'ounces'],
  lb: ['lb', 'lbs', 'pound', 'pounds'],
  pint: ['pint', 'pints'],
  quart: ['quart', 'quarts'],
  gallon: ['gallon', 'gallons'],
};
const UNIT_OF = new Map(Object.entries(WORDS).flatMap(([unit, words]) => words.map((w) => [w, unit] as const)));
// Longest first, so "fl oz" is read before "oz" would be; CJK and Cyrillic words may be glued.
const UNIT_WORD = [...UNIT_OF.keys()].sort((a, b) => b.length - a.length).map((w) => w.replace(/\./g, '\\.')).join('|');

/** An amount and a measure word, not inside a longer word or number ("8 oz", "120 grams", "4g"). */
export const AMOUNT_SOURCE = String.raw`(?<![\p{Script=Latin}\p{Script=Cyrillic}\d.,${VULGAR}])(?<!\d[/⁄])(${RANGE})\s*(${UNIT_WORD})\.?(?![\p{Script=Latin}\p{Script=Cyrillic}\d])`;

export interface WrittenAmount {
  value: number;
  max?: number;
  /** A key of MEASURES. */
  unit: string;
  /** The number as written ("8 3/4", "90-100"), the amount a cook reads at the author's own size. */
  text: string;
  /** A word that says the amount is approximate, as written: "about", "scant", "~". */
  qualifier?: string;
}

/** Words before an amount that make it approximate without making it another amount. */
export const QUALIFIER_SOURCE = String.raw`(?:about|approx\.|approximately|around|roughly|scant|heaping|heaped|generous|~)`;

/** The number of "1 1/2", "1 and 1/4", "1½", "2 ½", "½", "3/4", "3⁄4", "1.5", "1,5". */
export function parseNumber(text: string): number | undefined {
  const t = text.trim().replace(/⁄/gu, '/');
  const fraction = /^(?:(\d+)\s+(?:and\s+)?)?(\d+)\/(\d+)$/u.exec(t);
  if (fraction !== null) return Number(fraction[1] ?? 0) + Number(fraction[2]) / Number(fraction[3]);
  const vulgar = new RegExp(`^(\\d*)\\s*([${VULGAR}])$`, 'u').exec(t);
  if (vulgar !== null) return Number(vulgar[1] || 0) + VULGAR_VALUES[VULGAR.indexOf(vulgar[2]!)]!;
  return /^\d+(?:[.,]\d+)?$/u.test(t) ? Number(t.replace(',', '.')) : undefined;
}

/** The amount of a match of AMOUNT_SOURCE (groups 1 and 2), or undefined when it does not read. */
export function amountOf(range: string, word: string): WrittenAmount | undefined {
  const unit = UNIT_OF.get(word.toLowerCase());
  if (unit === undefined || MEASURES[unit] === undefined) return undefined;
  const ends = range.split(/\s*(?:-|–|—|to)\s*/u);
  const value = parseNumber(ends[0]!);
  const max = ends[1] === undefined ? undefined : parseNumber(ends[1]);
  if (value === undefined || !(value > 0) || (ends[1] !== undefined && !(max !== undefined && max > value))) return undefined;
  return { value, ...(max === undefined ? {} : { max }), unit, text: ends.join('-') };
}

const EXACT = new RegExp(`^${AMOUNT_SOURCE}$`, 'iu');

const QUALIFIED = new RegExp(String.raw`^(${QUALIFIER_SOURCE})\s*`, 'iu');

/** `text` read as exactly one amount of a weight or volume ("120 grams", "about 8 3/4 oz"), else undefined. */
export function readAmount(text: string): WrittenAmount | undefined {
  const q = QUALIFIED.exec(text.trim());
  const m = EXACT.exec(text.trim().slice(q?.[0].length ?? 0));
  const amount = m === null ? undefined : amountOf(m[1]!, m[2]!);
  return amount === undefined || q === null ? amount : { ...amount, qualifier: q[1]! };
}
