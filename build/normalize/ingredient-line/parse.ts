/**
 * Splits one ingredient line into amount, unit, name, preparation and note.
 *
 * Order of work: clean → lift parentheticals out → optional / to-taste markers → leading amount
 * (or, failing that, a trailing one: "鸡蛋 2个", "Lemon juice, 3 tablespoons") → name vs. the
 * preparation and notes after the first comma.
 *
 * Which amount wins in "1 (14 oz) can tomatoes": the outer count with its container unit
 * (value 1, unit 'can'); the inner size goes to the note. A parenthetical amount is used only
 * when the line has no other amount ("Tomatoes (2 cups)"). Alternatives after a slash
 * ("150g/5½oz") and additions ("1 cup plus 2 tbsp") are kept in the note.
 */
import type { Ingredient, Quantity } from '../../../runtime/format/recipe.ts';
import { CONTAINER_UNITS, readQuantity } from './amount.ts';
import { LEADING_PREP_RE, OPTIONAL_RE, TO_TASTE_RE } from './markers.ts';
import { LINKING_RE, splitName, tidy, type Work } from './name.ts';
import { normalizeNumerals } from './numbers.ts';
import { cleanLine } from './text.ts';
import { matchUnitAt, SIZE_WORDS } from './units.ts';

export type ParsedLine = Omit<Ingredient, 'id'>;

const PAREN_RE = /[(（[]([^()（）[\]]*)[)）\]]/gu;
const APPROX_RE = /^(?:up\s+to|about|approx\.?|approximately|around|roughly|ca\.?|circa|etwa|ungefär|ung\.?|cirka|environ|env\.?|约|大约|ongeveer|circa|unos|unas|aprox\.?)\s*/iu;
/** Size words before the amount ("scant 1/2 teaspoon salt", "Rounded 1/4 tsp"): kept in the note. */
const LEADING_QUALIFIER_RE = /^(?:a\s+)?(?:scant|rounded|heaping|heaped|generous|level|good|knapp|gut|gestrichen|gehäuft)\s+(?=\d)/iu;
/** Portuguese spoons with the kind in parentheses ("2 colheres (sopa) de azeite") read as one unit. */
const PT_SPOON_RE = /\b(colher(?:es)?)\s*\(\s*(sopa|chá|cha)\s*\)/giu;
const ARTICLE_RE = /^(?:a|an|ein|eine|einen|en|ett|ei|et|een|un|une|uno|una|um|uma)\s+/iu;
/** Units a bare unit word implies one of ("pinch of salt", "Prise Salz"). */
const IMPLIED_ONE = new Set(['pinch', 'dash', 'handful', 'bunch', 'sprig', 'knife tip', 'clove', 'head', 'stick']);
/** Mass and volume units: a container word after them is a description ("28 oz can tomatoes"). */
const MEASURES = new Set(['g', 'dkg', 'kg', 'mg', 'ml', 'cl', 'dl', 'l', 'oz', 'lb', 'fl oz', 'cup', 'pint', 'quart']);
/** Count units that are things of their own: alone after an amount ("3 cloves, ground") they are the name. */
const THINGS = new Set(['clove', 'slice', 'stick', 'stalk', 'sprig', 'leaf', 'head', 'bulb', 'fillet', 'ear', 'loaf', 'wedge', 'strip', 'square', 'sheet', 'stem', 'spear', 'rasher']);
/** Weights: one thing of a weight ("1 4-pound chicken") is read as that weight. */
const WEIGHTS = new Set(['g', 'kg', 'oz', 'lb']);
/** Count units that English puts after the name ("garlic cloves", "celery sticks", "bread slices", "fennel bulb"). */
const TRAILING_UNITS = new Set(['clove', 'stalk', 'stick', 'sprig', 'head', 'slice', 'bulb']);
/** The unit word ends the name, before the first comma ("2 onions, studded with a clove" has none); ribs are celery's. */
const TRAILING_UNIT_RE = /^([^,;(]*?[\p{L}\p{N}])(?<!\b(?:or|and|of|the|a))\s+(cloves?|stalks?|(?<=celery\s+)ribs?|sticks?|sprigs?|heads?|slices?|bulbs?)(?=\s*(?:[,;(]|$))/iu;
/** Foods sold as sticks: "cinnamon sticks" is the thing itself, not cinnamon counted in sticks. */
const STICK_FOODS_RE = /(?:^|\s)(?:cinnamon|bread|fish|cheese|mozzarella|pretzel|crab|licorice|liquorice)$/iu;
const SIZE = `(?:${[...SIZE_WORDS].sort((a, b) => b.length - a.length).join('|')})`;
/** A size, or two ("small or medium"): the item's size, for the note. */
const SIZE_RE = new RegExp(`^(${SIZE}(?:\\s+(?:or|to)\\s+${SIZE})?)(?![\\p{L}-])\\s*`, 'iu');
const LEADING_GLYPHS_RE = /^[\s▢□☐■◻◽●○•·▪*＊♥♡☆★~≈<>]+(?=\S)/u;

/**
 * The part of an ingredient a line uses, before "of"/"from" and an amount ("Juice of 1 lemon", "Zest and juice of
 * half an orange", "Kernels from 2 ears sweet corn", "Inner, light green leaves from 1 bunch celery"); up to three
 * words may describe the part.
 */
const PART_OF_RE = /^((?:[\p{L}-]+,?\s+){0,3}?(?:juice|zest|rind|peel|leaves|seeds|flesh|pulp|segments|whites?|yolks?|kernels|stems|hearts|florets|fronds|portions|meat)(?:\s+(?:and|&)\s+(?:juice|zest|rind|peel))?)\s+(?:of|from)\s+(?=\d|½|¼|¾|(?:a|an|one|two|three|four|five|six|half)\s)/iu;
/** A second, equivalent measured amount at the end of the name ("2 tsp ground ginger 10 mL"). */
const TRAILING_EQUIVALENT_RE = /\s+(\d[\d.,/ ]*\s*(?:ml|mL|l|g|kg|oz|lb|cl|dl|tsp|tbsp|cups?|grams?|ounces?|pounds?))\.?$/u;
/** "½ cup or so flour", "1 cup or more ham": a looseness of the amount, for the note. */
const OR_SO_RE = /^\s*(or\s+(?:so|more|less))\s+/iu;
/** A count, then the thickness of each piece as a fraction of an inch or a centimetre. */
const THICKNESS_RE = /^(\d+)\s+(\d+\/\d+\s*-?\s*(?:inch|in\.?|"|cm)(?:es)?\s*-?\s*thick)\b/iu;
/** "a few sprigs (of)", "several grinds", "a splash of": words for an amount that is not measured. */
const VAGUE_AMOUNT_RE = /^(?:(?:(?:a\s+)?(?:few|couple(?:\s+of)?|little)|several|some)\s+(?:(?:sprigs?|drops?|grinds?|glugs?|shakes?|dashes?|leaves|pieces?|slices?|splashes?|stalks?)\s+)?|(?:a\s+)?(?:splash|drizzle|squeeze|glug|dollop|sprinkle|sprinkling)\s+)(?:of\s+)?(?=\p{L})/iu;
/** "Garnish: toasted pecan halves": a label for what follows, to the note. */
const LABEL_RE = /^((?:optional\s+)?(?:garnish|topping|to serve|for serving|for garnish))\s*:\s*(?=\p{L})/iu;
/** "1 recipe French Pastry Cream", "2 batches pie dough": made from a recipe, counted, no unit. */
const RECIPE_RE = /^(recipes?|batch(?:es)?)\s+(?:of\s+)?(?=\p{L})/iu;
/** "or 2 medium" after "1 large": another count of the same thing. */
const OR_COUNT_RE = /^\s*or\s+(?=\d)/iu;


export function parseLine(line: string, language: string): ParsedLine {
  const display = cleanLine(line);
  if (!display) return { display: '', name: '', optional: false };
  const work: Work = { optional: false, notes: [], preparations: [] };
  // Checkbox and bullet glyphs of recipe plugins ("▢ 1 cup"), "~100g", "<1 liter": not part of the amount.
  let text = normalizeNumerals(display.replace(LEADING_GLYPHS_RE, '')).replace(PT_SPOON_RE, '$1 de $2');
  // "4 1/3-inch-thick slices": a count and the thickness of each, not four and a third.
  text = text.replace(THICKNESS_RE, '$1 ($2)');
  if (language.toLowerCase().startsWith('zh')) text = chineseCounts(text, work);
  if (language.toLowerCase().startsWith('ja')) text = japaneseUnitFirst(text);

  // 1. Parentheticals: markers, notes, and a fallback amount.
  let parenQuantity: Quantity | undefined;
  let toTaste = false;
  text = text.replace(PAREN_RE, (_m, inner: string) => {
    let body = inner.trim();
    if (OPTIONAL_RE.test(body)) {
      work.optional = true;
      body = tidy(body.replace(OPTIONAL_RE, ' '));
    }
    if (TO_TASTE_RE.test(body)) {
      toTaste = true;
      body = tidy(body.replace(TO_TASTE_RE, ' '));
    }
    if (body) {
      const q = readQuantity(body.replace(APPROX_RE, ''), language);
      if (q && q.quantity.unit && parenQuantity === undefined) parenQuantity = q.quantity;
      work.notes.push(body);
    }
    return ' ';
  });

  // 2. Markers in the open text.
  const optionalGlobal = new RegExp(OPTIONAL_RE.source, 'giu');
  if (optionalGlobal.test(text)) {
    work.optional = true;
    text = text.replace(optionalGlobal, ' ');
  }
  const tasteGlobal = new RegExp(TO_TASTE_RE.source, 'giu');
  if (tasteGlobal.test(text)) {
    toTaste = true;
    text = text.replace(tasteGlobal, ' ');
  }
  text = tidy(text.replace(/\s*,\s*(?=,|$)/gu, ''));

  // HowToCook formulas "盐量 = 份数 * 5 克", "鸡蛋 = 2 个 * 份数": the name before '=', the formula in the note
  // (its leading amount, when it has one, as the per-serving quantity).
  const formula = language.toLowerCase().startsWith('zh') ? ZH_FORMULA_RE.exec(text) : null;
  if (formula?.[1] && formula[2]) {
    const expr = tidy(formula[2]);
    work.notes.push(expr);
    text = tidy(formula[1]).replace(ZH_AMOUNT_SUFFIX_RE, '');
    const q = readQuantity(expr, language);
    if (q?.quantity.unit && parenQuantity === undefined) parenQuantity = q.quantity;
  }
  if (language.toLowerCase().startsWith('zh')) {
    // "适量生粉": the marker glued to the name; "鸡蛋 2 只 * 老豆腐块数": a multiplier other than persons, to the note.
    const glued = ZH_GLUED_TASTE_RE.exec(text);
    if (glued) {
      toTaste = true;
      text = text.slice(glued[0].length);
    }
    const multiplier = ZH_MULTIPLIER_RE.exec(text);
    if (multiplier?.[1] && multiplier.index > 0) {
      work.notes.push(`× ${multiplier[1]}`);
      text = text.slice(0, multiplier.index);
    }
  }

  // "Juice of 1 lemon", "zest and juice of 1 lime", "Leaves from 6 sprigs mint": the part used goes to the
  // note, the amount and the name follow.
  const part = PART_OF_RE.exec(text);
  if (part?.[1]) {
    work.notes.push(part[1].toLowerCase());
    text = text.slice(part[0].length).replace(/^half\s+an?\s+/iu, '1/2 ').replace(/^an?\s+(?!(?:few|couple|little)\b)(?=\p{L})/iu, '1 ');
  }

  const label = LABEL_RE.exec(text);
  if (label?.[1]) {
    work.notes.push(label[1].toLowerCase());
    text = text.slice(label[0].length);
  }

  // "A few sprigs fresh thyme", "Splash of soda water": an amount nobody measures goes to the note.
  const vague = VAGUE_AMOUNT_RE.exec(text);
  if (vague && vague[0].length < text.length) {
    work.notes.push(vague[0].replace(/\s+of\s*$/iu, '').trim().toLowerCase());
    text = text.slice(vague[0].length);
  }

  // 3. Amount and unit: leading, else trailing, else from a parenthetical.
  let quantity: Quantity | undefined;
  const lead = readLeading(text, language, work);
  if (lead) {
    quantity = lead.quantity;
    text = lead.rest;
  } else {
    const trail = readTrailing(text, language);
    if (trail) {
      quantity = trail.quantity;
      text = trail.rest;
    } else if (parenQuantity) {
      quantity = parenQuantity;
    }
  }

  // 4. Name, preparation and notes.
  let name = splitName(tidy(text), work);
  // "für Marinade + 1 EL für Reis Zitronensaft": the purposes (and their amounts) go to the note, the last word is the name.
  if (language.toLowerCase().startsWith('de') && DE_PURPOSE_RE.test(name)) {
    const words = name.split(/\s+/u);
    if (words.length >= 3) {
      work.notes.push(words.slice(0, -1).join(' '));
      name = words[words.length - 1] ?? name;
    }
  }

  const result: ParsedLine = { display, name: name || display, optional: work.optional };
  if (quantity) result.quantity = quantity;
  if (work.preparations.length) result.preparation = work.preparations.join(', ');
  if (toTaste) work.notes.push('to taste');
  const notes = work.notes.map(tidy).filter(Boolean);
  if (notes.length) result.note = notes.join('; ');
  return result;
}

/** Japanese spoon and cup measures written before the number, at the end: "塩 小さじ2", "カレー粉 大さじ1と1/2". */
const JA_UNIT_FIRST_RE = /(?<=\S)\s*(大さじ|小さじ|カップ)\s*(\d+(?:\.\d+)?(?:\/\d+)?)(?:と(\d+\/\d+))?\s*$/u;
/** "鶏モモ肉 500g前後": an approximation word after a trailing amount. */
const JA_APPROX_TAIL_RE = /(?<=\d\s*\S{0,3})\s*(?:前後|程度|くらい|ぐらい)\s*$/u;

/** Japanese "name amount" order: the unit-first measure is rewritten as "name 1 1/2 大さじ" for the trailing reader. */
function japaneseUnitFirst(text: string): string {
  return text
    .replace(JA_APPROX_TAIL_RE, '')
    .replace(JA_UNIT_FIRST_RE, (_m, unit: string, n: string, frac?: string) => ` ${n}${frac ? ` ${frac}` : ''} ${unit}`);
}

/** "盐 = 2g * 份数", "茄子的数量 = 份数 * 1 个": a name, '=', an amount formula. */
const ZH_FORMULA_RE = /^([^=]*\p{Script=Han}[^=]*?)\s*=\s*(.+)$/u;
/** "盐量", "茄子的数量", "土豆数量": the amount word after the name in such a formula. */
const ZH_AMOUNT_SUFFIX_RE = /(?:的)?(?:数量|量)$/u;

/** "适量生粉": a quantity marker written directly before the name. */
const ZH_GLUED_TASTE_RE = /^(?:适量|少许)(?=\p{Script=Han})/u;
/** "鸡蛋 2 只 * 老豆腐块数": a trailing multiplier by a counted thing. */
const ZH_MULTIPLIER_RE = /\s*[*×]\s*(\p{Script=Han}+)\s*$/u;

/** Chinese number words before a classifier (longest classifiers first). */
const ZH_NUMBERS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10, 半: 0.5 };
const ZH_COUNT_RE = /(^|[\s:：])([一二两三四五六七八九十半])(小勺|大勺|小块|大块|茶匙|汤匙|个|根|块|勺|片|瓣|条|只|颗|粒|枚|张|把|撮|段)(半)?/gu;
/** "盐 6g * 2 人": the amount is per person, the multiplier (persons) goes to the note. */
const ZH_PER_PERSON_RE = /\s*[*×xX]\s*(\d+)\s*人\s*$/u;

/**
 * Chinese amounts written in words: "半个洋葱", "洋葱 半个", "一个半番茄", "一勺酱油" → 0.5 个, 1.5 个, 1 勺
 * (only at the start of the line or after a space or colon, and only before a classifier, so 五香粉 and
 * 三文鱼 stay names); HowToCook's per-person multiplier "* 2 人" is lifted into the note.
 */
function chineseCounts(input: string, work: Work): string {
  let text = input;
  const perPerson = ZH_PER_PERSON_RE.exec(text);
  if (perPerson) {
    work.notes.push(`× ${perPerson[1]} 人`);
    text = text.slice(0, perPerson.index);
  }
  return text.replace(ZH_COUNT_RE, (_m, pre: string, num: string, unit: string, half: string | undefined) => {
    const value = (ZH_NUMBERS[num] ?? 1) + (half ? 0.5 : 0);
    return `${pre}${value}${unit}${pre === '' ? ' ' : ''}`;
  });
}

/** Unit words that are also the ingredient's name (garlic cloves in German, Swedish, Danish). */
const SELF_NAMING_UNIT_RE = /(?<![\p{L}])(knoblauchzehen?|vitlöksklyft(?:a|or)|hvidløgsfed)\.?$/iu;
/** German purpose clauses before the name: "1 TL für Marinade + 1 EL für Reis Zitronensaft", "zum Abschmecken Salz". */
const DE_PURPOSE_RE = /^(?:für|fur|zum|zur)\s/iu;

interface Read {
  quantity: Quantity;
  rest: string;
}

function readLeading(input: string, language: string, work: Work): Read | undefined {
  let text = input;
  const approx = APPROX_RE.exec(text);
  if (approx && /^\d/u.test(text.slice(approx[0].length))) {
    work.notes.push(approx[0].trim());
    text = text.slice(approx[0].length);
  }
  const qualifier = LEADING_QUALIFIER_RE.exec(text);
  if (qualifier) {
    work.notes.push(qualifier[0].trim());
    text = text.slice(qualifier[0].length);
  }
  const articleNumber = ARTICLE_RE.exec(text);
  if (articleNumber && /^\d/u.test(text.slice(articleNumber[0].length))) text = text.slice(articleNumber[0].length);
  let read = readQuantity(text, language);
  const sized = read ? undefined : SIZE_RE.exec(text);
  if (sized?.[1] && matchUnitAt(text.slice(sized[0].length))) {
    // "small bunch fresh thyme": one bunch, size in the note.
    work.notes.push(sized[1]);
    text = `a ${text.slice(sized[0].length)}`;
  }
  if (!read) {
    // "a pinch of salt", "eine Prise Salz", "Pinch of salt": one of the unit.
    const article = ARTICLE_RE.exec(text);
    const after = article ? text.slice(article[0].length) : text;
    const unit = matchUnitAt(after);
    // "Package of 8 manicotti shells", "Piece of candied ginger": one container or piece ("Slices of" says no count).
    const containerOf = unit !== undefined && CONTAINER_UNITS.has(unit.unit) && !/s$/iu.test(after.slice(0, unit.length)) && /^\s+of\s/iu.test(after.slice(unit.length));
    if (!unit || (!article && !IMPLIED_ONE.has(unit.unit) && !containerOf)) return undefined;
    if (!/^\s/u.test(after.slice(unit.length))) return undefined;
    read = { quantity: { unit: unit.unit, value: 1 }, length: text.length - after.length + unit.length };
  }
  if (read.qualifier) work.notes.push(read.qualifier);
  let rest = text.slice(read.length);
  // "1 Knoblauchzehe, gepresst": a unit word that names its ingredient stays the name.
  const selfNamed = SELF_NAMING_UNIT_RE.exec(text.slice(0, read.length));
  if (selfNamed?.[1]) rest = `${selfNamed[1]} ${rest}`;
  let quantity = read.quantity;
  // "3 cloves, ground", "2 slices": a count unit with nothing named after it is the thing itself.
  const unitWord = /(\p{L}+)\.?$/u.exec(text.slice(0, read.length))?.[1];
  if (unitWord && !selfNamed && THINGS.has(quantity.unit) && /^\s*(?:[,;]|$)/u.test(rest)) {
    rest = `${unitWord}${rest}`;
    quantity.unit = '';
  }

  // "1 (28-ounce) can": the parenthetical was lifted already; "2 x 400g tins", "1 28-ounce can", "1-inch piece".
  const inner = /^\s*(?:[x×]\s*|whole\s+)?(?=[\d.])/u.exec(rest);
  const innerSize = inner && quantity.unit === '' ? readQuantity(rest.slice(inner[0].length), language) : undefined;
  if (inner && innerSize?.quantity.unit) {
    let end = inner[0].length + innerSize.length;
    // "2 x 160ml/5½fl oz cans": the size's other measure belongs to it.
    for (let slash = /^\s*\/\s*/u.exec(rest.slice(end)); slash; slash = /^\s*\/\s*/u.exec(rest.slice(end))) {
      const other = readQuantity(rest.slice(end + slash[0].length), language);
      if (!other?.quantity.unit) break;
      end += slash[0].length + other.length;
    }
    const sizeText = rest.slice(inner[0].length, end).trim();
    const after = rest.slice(end);
    const container = matchUnitAt(after.replace(/^[\s-]+/u, ''));
    rest = after;
    if (container && CONTAINER_UNITS.has(container.unit)) {
      work.notes.push(sizeText);
      quantity.unit = container.unit;
      rest = after.replace(/^[\s-]+/u, '').slice(container.length);
    } else if (quantity.value === 1 && quantity.max === undefined && WEIGHTS.has(innerSize.quantity.unit)) {
      // "1 4 1/2-pound chicken", "1 12- to 14-pound turkey": one thing of a weight is that weight.
      quantity = innerSize.quantity;
    } else {
      work.notes.push(sizeText);
    }
  }
  if (quantity.unit === 'inch' || quantity.unit === 'cm') {
    const container = matchUnitAt(rest.replace(/^[\s-]+/u, ''));
    if (container && CONTAINER_UNITS.has(container.unit)) {
      work.notes.push(`${formatNumber(quantity.value)} ${quantity.unit}`);
      quantity.unit = container.unit;
      rest = rest.replace(/^[\s-]+/u, '').slice(container.length);
    }
  }

  const orSo = OR_SO_RE.exec(rest);
  if (orSo?.[1]) {
    work.notes.push(orSo[1]);
    rest = rest.slice(orSo[0].length);
  }
  // "1 large or 2 medium cucumbers": a second count of the same thing, with its size, to the note.
  if (quantity.unit === '') {
    const sized = SIZE_RE.exec(rest.replace(/^\s+/u, ''));
    const afterSize = sized ? rest.replace(/^\s+/u, '').slice(sized[0].length) : rest;
    const or = OR_COUNT_RE.exec(afterSize);
    const other = or ? readQuantity(afterSize.slice(or[0].length), language) : undefined;
    if (or && other && other.quantity.unit === '') {
      let after = afterSize.slice(or[0].length + other.length).replace(/^\s+/u, '');
      const otherSize = SIZE_RE.exec(after);
      if (otherSize) after = after.slice(otherSize[0].length);
      work.notes.push(tidy(`${sized?.[1] ?? ''} or ${afterSize.slice(or[0].length, or[0].length + other.length)} ${otherSize?.[1] ?? ''}`));
      rest = after;
    }
  }

  // Alternatives, additions and ranges across units: "150g/5½oz", "700g/1lb 9oz", "1 cup plus 2 tablespoons",
  // "1 tablespoon and 1 teaspoon", "2 tablespoons to 1/4 cup".
  for (;;) {
    const alt = /^\s*(?:,\s*(?:plus\b|\+)|\/(?:\s*about\b)?|plus\b|\+|or\b|and\b|to\b)?\s*/iu.exec(rest);
    if (!alt) break;
    const more = readQuantity(rest.slice(alt[0].length), language);
    // "1/2 cup 1 stick butter": sticks of butter are the one container given as an equivalent.
    if (!more || !more.quantity.unit || (CONTAINER_UNITS.has(more.quantity.unit) && !(more.quantity.unit === 'stick' && MEASURES.has(quantity.unit)))) break;
    let end = alt[0].length + more.length;
    for (;;) {
      const next = readQuantity(rest.slice(end).replace(/^\s+/u, ''), language);
      if (!next || !next.quantity.unit) break;
      end += (rest.slice(end).length - rest.slice(end).replace(/^\s+/u, '').length) + next.length;
    }
    work.notes.push(rest.slice(alt[0].trim() === '/' ? alt[0].length : 0, end).replace(/^[\s,/]+/u, '').trim());
    rest = rest.slice(end);
  }

  rest = rest.replace(/^\s+/u, '');
  // "4cm/1½inch piece fresh root ginger": the length is the amount, the piece a description.
  const piece = quantity.unit === 'cm' || quantity.unit === 'inch' ? /^(?:piece|knob|chunk)s?\s+(?:of\s+)?/iu.exec(rest) : null;
  if (piece) {
    work.notes.push(piece[0].trim());
    rest = rest.slice(piece[0].length);
  }
  const recipe = quantity.unit === '' ? RECIPE_RE.exec(rest) : null;
  if (recipe?.[1]) {
    work.notes.push(recipe[1]);
    rest = rest.slice(recipe[0].length);
  }
  const container = MEASURES.has(quantity.unit) ? matchUnitAt(rest) : undefined;
  if (container && CONTAINER_UNITS.has(container.unit)) {
    work.notes.push(rest.slice(0, container.length));
    rest = rest.slice(container.length).replace(/^\s+/u, '');
  }
  const size = SIZE_RE.exec(rest);
  if (size?.[1]) {
    work.notes.push(size[1]);
    rest = rest.slice(size[0].length);
  }
  rest = rest.replace(LINKING_RE, '');
  // "2 tsp ground ginger 10 mL": the equivalent amount after the name goes to the note.
  const head = /^[^,;(]*/u.exec(rest)?.[0] ?? rest;
  const equivalent = quantity.unit !== '' ? TRAILING_EQUIVALENT_RE.exec(head.trimEnd()) : null;
  if (equivalent?.[1] && equivalent.index > 0) {
    work.notes.push(equivalent[1]);
    rest = head.trimEnd().slice(0, equivalent.index) + rest.slice(head.length);
  }
  if (quantity.unit === '') {
    // "2 garlic cloves, minced", "1 lemongrass stalk": the unit trails the name.
    const trailing = TRAILING_UNIT_RE.exec(rest);
    const unit = trailing?.[2] ? matchUnitAt(trailing[2]) : undefined;
    const name = trailing?.[1] ?? '';
    if (trailing && unit && TRAILING_UNITS.has(unit.unit) && !(unit.unit === 'stick' && STICK_FOODS_RE.test(name))) {
      quantity.unit = unit.unit;
      rest = name + rest.slice(trailing[0].length);
    }
  }
  return { quantity, rest };
}

/** An amount at the end: "大葱 1 根", "鸡蛋2个", "Lemon juice, 3 tablespoons", "Ripe tomato x2". */
function readTrailing(text: string, language: string): Read | undefined {
  const starts = /(?:^|[\s,，:：x×*~]|(?<=\p{Script=Han}))(?=\d)/gu;
  for (const m of text.matchAll(starts)) {
    const at = m.index + m[0].length;
    if (at === 0) continue;
    const read = readQuantity(text.slice(at), language);
    if (!read) continue;
    let after = text.slice(at + read.length);
    // "Butter *50 g*": a closing mark after the amount.
    if (/^\s*[*]+\s*$/u.test(after)) after = '';
    const before = text.slice(0, at);
    // "小米椒 3-5 根，切碎": in a Chinese line the amount may sit before a comma tail (kept for splitName);
    // so may a measured amount after a name written first ("nagaimo: 160 g, grated", "Ginger 1tbsp, minced").
    const measuredFirst = read.quantity.unit !== '' && /^\p{L}/u.test(before.trim());
    const commaTail = /^\s*[,，;；]/u.test(after) && (/\p{Script=Han}/u.test(before) || measuredFirst);
    // "Carrot 1/4 cup shredded": a measured amount followed only by a preparation.
    const prepTail = measuredFirst && !commaTail && after.trim() !== '' && TRAILING_PREP_RE.test(after.trim());
    // "зелёный лук - 2 стебля с листьями": a name, a spaced dash, the amount and its description.
    const dashTail = !commaTail && !prepTail && after.trim() !== '' && /\p{L}[^\d]*\s[-–—]\s*$/u.test(before);
    if (after.trim() !== '' && !commaTail && !prepTail && !dashTail) continue;
    // "broccoli approx. 400grams", "beef stock ~1 pint": the approximation word stays out of the name.
    const rest = before.replace(/[\s,，:：*~]*[x×]?$/u, '').replace(TRAILING_APPROX_RE, '');
    if (!rest.trim()) continue;
    const name = dashTail ? rest.replace(/\s*[-–—]\s*$/u, '') : rest;
    return { quantity: read.quantity, rest: commaTail ? `${rest}${after}` : prepTail || dashTail ? `${name}, ${after.trim()}` : rest };
  }
  return undefined;
}

/** "approx." or "about" just before a trailing amount. */
const TRAILING_APPROX_RE = /\s+(?:approx\.?|approximately|about|around|ca\.?|circa|ungefär|environ|ongeveer)\s*$/iu;
/** A whole preparation phrase ("shredded", "finely chopped", "peeled and diced"). */
const TRAILING_PREP_RE = new RegExp(`${LEADING_PREP_RE.source}$`, 'iu');

function formatNumber(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}
