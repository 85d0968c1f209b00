/**
 * Word lists that classify parts of an ingredient line, per language. Data, not logic.
 * All are matched case-insensitively on whole words.
 */

/** Marks an ingredient the cook may leave out. */
export const OPTIONAL_MARKERS = [
  'optional', 'optionally', 'if desired', 'if you like', 'if using', 'valfritt', 'valfri', 'om du vill', 'om så önskas',
  'valgfritt', 'valgfrit', 'facultatif', 'facultative', 'optioneel', 'naar keuze', 'opcional', 'facoltativo',
  'facoltativa', 'nach Belieben', 'wahlweise', 'optional', 'nach Wunsch', '可选', '可不加', '选用',
];

/** "Season to taste": no amount; recorded as note 'to taste'. */
export const TO_TASTE_MARKERS = [
  'to taste', 'as needed', 'as required', 'nach Geschmack', 'efter smak', 'etter smak', 'efter behag', 'naar smaak',
  'au goût', 'selon le goût', 'al gusto', 'a gusto', 'q.b.', 'qb', 'quanto basta', 'a piacere', 'a gosto', 'q.s.',
  '适量', '少许', '少量', '適量', '少々',
];

/** Adverbs that may lead a preparation ("finely chopped"). */
export const PREP_ADVERBS = [
  'finely', 'coarsely', 'roughly', 'thinly', 'thickly', 'freshly', 'lightly', 'very', 'well', 'firmly', 'loosely',
  'fein', 'grob', 'frisch', 'fint', 'grovt', 'fijn', 'grof', 'finement', 'grossièrement', 'finamente', 'fino',
];

/**
 * Preparation words (participles). English ones also match with a trailing 'ed' already included;
 * German and Swedish ones list their inflected forms.
 */
export const PREP_WORDS = [
  // English
  'chopped', 'diced', 'minced', 'sliced', 'grated', 'shredded', 'crushed', 'peeled', 'seeded', 'cored', 'pitted',
  'trimmed', 'halved', 'quartered', 'cubed', 'julienned', 'melted', 'softened', 'beaten', 'whisked', 'sifted',
  'toasted', 'roasted', 'cooked', 'drained', 'rinsed', 'washed', 'dried', 'thawed', 'defrosted', 'mashed',
  'squeezed', 'zested', 'juiced', 'torn', 'cut', 'deveined', 'boned', 'skinned', 'stemmed', 'hulled', 'separated',
  'divided', 'packed', 'scrubbed', 'blanched', 'crumbled', 'snipped', 'shelled', 'pureed', 'puréed', 'warmed',
  'chilled', 'cooled', 'uncooked', 'room temperature', 'at room temperature', 'lightly beaten', 'rinsed and drained',
  'drained and rinsed', 'removed', 'discarded', 'reserved', 'sieved', 'strained', 'ground', 'broken', 'slivered',
  // German
  'gehackt', 'gehackte', 'gehackten', 'gewürfelt', 'gewürfelte', 'gewürfelten', 'geschnitten', 'geschnittene',
  'gerieben', 'geriebene', 'geriebenen', 'geschält', 'geschälte', 'geschälten', 'zerlassen', 'zerlassene',
  'geschmolzen', 'geschmolzene', 'gepresst', 'gepresste', 'halbiert', 'geviertelt', 'fein gehackt', 'gewaschen',
  // Swedish / Norwegian / Danish
  'hackad', 'hackade', 'hackat', 'finhackad', 'finhackade', 'finhackat', 'skivad', 'skivade', 'riven', 'rivna',
  'rivet', 'tärnad', 'tärnade', 'smält', 'smälta', 'skalad', 'skalade', 'pressad', 'pressade', 'hakket', 'hakkede',
  'revet', 'skåret', 'skåren', 'skrællet', 'smeltet', 'hakket',
  // Dutch
  'gesnipperd', 'gesneden', 'geraspt', 'gehakt', 'geschild', 'fijngehakt', 'gesmolten',
  // French
  'haché', 'hachée', 'hachés', 'hachées', 'émincé', 'émincée', 'émincés', 'râpé', 'râpée', 'râpés', 'fondu',
  'fondue', 'coupé', 'coupée', 'coupés', 'épluché', 'épluchée', 'pelé', 'pelée', 'écrasé', 'écrasée',
  // Spanish / Italian / Portuguese
  'picado', 'picada', 'picados', 'picadas', 'rallado', 'rallada', 'cortado', 'cortada', 'pelado', 'pelada',
  'derretido', 'derretida', 'tritato', 'tritata', 'tritati', 'grattugiato', 'grattugiata', 'affettato', 'affettata',
  'tagliato', 'tagliata', 'sbucciato', 'fuso', 'picadinho', 'ralado', 'ralada', 'fatiado', 'fatiada',
  // Chinese
  '切碎', '切丝', '切片', '切块', '切段', '切丁', '剁碎', '拍碎', '去皮',
];

/** Phrases that say what an ingredient is for ("for garnish", "to serve"); kept as note. */
export const PURPOSE_RE =
  /^(?:for|to)\s+(?:the\s+)?(?:garnish|garnishing|serve|serving|dusting|decorat\w*|greasing|frying|brushing|sprinkling|topping|drizzling|dipping)\b|^(?:zum|zur|för|till|pour|para|per)\s+\p{L}+/iu;

function wordList(words: string[]): string {
  return [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'))
    .join('|');
}

/** Letters on neither side: word boundary that works for accented letters and CJK-free words. */
const B_START = String.raw`(?<![\p{L}\p{N}])`;
const B_END = String.raw`(?![\p{L}\p{N}])`;

export const OPTIONAL_RE = new RegExp(`${B_START}(?:${wordList(OPTIONAL_MARKERS)})${B_END}`, 'iu');
export const TO_TASTE_RE = new RegExp(`${B_START}(?:or\\s+|oder\\s+|eller\\s+|ou\\s+|o\\s+|more\\s+)?(?:${wordList(TO_TASTE_MARKERS)})${B_END}`, 'iu');

/**
 * Participles that usually belong to the name when they lead it ("dried oregano", "ground beef",
 * "smoked paprika": what is bought, and what the catalog names), so they are not split off the front of a
 * name. Toasted and cooked are not among them, nor crushed but before the foods sold crushed: labelled lines
 * name "toasted pine nuts", "cooked rice" and "crushed biscotti" as pine nuts, rice and biscotti.
 */
const NAME_PARTICIPLES = new Set(['dried', 'ground', 'roasted', 'crushed', 'smoked', 'separated', 'divided', 'broken', 'slivered', 'reserved', 'removed', 'discarded', 'room temperature', 'at room temperature', 'cut']);
const LEADING_WORDS = [...PREP_WORDS.filter((w) => !NAME_PARTICIPLES.has(w)), 'freshly ground'];
/** Crushed, except in the names of foods sold crushed ("crushed red pepper", "crushed tomatoes"). */
const CRUSHED = String.raw`crushed(?!\s+(?:red\s+pepper|tomato|pineapple))`;
const PREP = `(?:(?:${wordList(PREP_ADVERBS)})\\s+)*(?:${wordList(LEADING_WORDS)}|${CRUSHED})`;
/** A leading preparation phrase: "finely chopped", "peeled and diced", "gehackte". */
export const LEADING_PREP_RE = new RegExp(`^${PREP}(?:\\s*(?:,|and|or|und|och|og|en|et|y|e)\\s+${PREP})*${B_END}`, 'iu');
/**
 * An adverb and a participle inside a name ("very finely chopped", "fresh grated Parmesan"): a preparation
 * wherever it stands. A participle that names what is bought stays ("finely ground almonds"), except
 * pepper of a kind ground or cracked at use ("salt and freshly ground black pepper", "coarsely cracked
 * peppercorns"); "fresh ground pepper" stays whole, where the catalog reads black pepper, not a bell pepper.
 */
export const INNER_PREP_RE = new RegExp(
  `\\s*${B_START}(?:(?:very\\s+)?(?:${wordList(PREP_ADVERBS)}|fresh)\\s+(?:${wordList([...LEADING_WORDS, 'shucked', 'picked'])}|${CRUSHED})` +
    `|(?:freshly|fresh|coarsely|finely)\\s+(?:ground|cracked)(?=\\s+\\p{L}+\\s+pepper|\\s+peppercorn))${B_END}`,
  'giu',
);
/** Any preparation word anywhere, to tell a preparation clause from a note. */
export const HAS_PREP_RE = new RegExp(`${B_START}(?:${wordList(PREP_WORDS)})${B_END}|^(?:cut|sliced|torn|broken)\\b`, 'iu');
