/**
 * Unit synonyms per language, mapped to the canonical symbols of `Quantity.unit`
 * (runtime/format/recipe.ts). Data, not logic: add a spelling by adding a string.
 *
 * Matching is case-insensitive except for `exact` spellings, which are case-sensitive because
 * they collide with ordinary words or with each other ("T" = tbsp, "t" = tsp, "EL" German).
 */
export interface UnitEntry {
  unit: string;
  /** Case-insensitive spellings (abbreviations may be followed by a '.' in text). */
  words: string[];
  /** Case-sensitive spellings. */
  exact?: string[];
}

export const UNIT_TABLE: UnitEntry[] = [
  // metric mass and volume
  { unit: 'mg', words: ['mg', 'milligram', 'milligrams', 'milligramm', 'milligramme', 'milligrammes', '毫克'] },
  { unit: 'g', words: ['g', 'gr', 'grm', 'gram', 'grams', 'gramm', 'gramme', 'grammes', 'grammi', 'grammo', 'gramo', 'gramos', 'grammos', 'gramas', 'grama', '克', 'г', 'гр'] },
  { unit: 'kg', words: ['kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramm', 'kilogramme', 'kilogrammes', 'chilogrammo', 'chilogrammi', 'kilogramo', 'kilogramos', '千克', '公斤', 'кг'] },
  // Hungarian / Czech / Austrian dekagram (10 g).
  { unit: 'dkg', words: ['dkg', 'dekagram', 'dekagramm'] },
  { unit: 'ml', words: ['ml', 'mls', 'milliliter', 'milliliters', 'millilitre', 'millilitres', 'millilitri', 'mililitro', 'mililitros', '毫升', 'cc', 'мл'] },
  { unit: 'cl', words: ['cl', 'centiliter', 'centiliters', 'centilitre', 'centilitres'] },
  { unit: 'dl', words: ['dl', 'deciliter', 'deciliters', 'decilitre', 'decilitres'] },
  { unit: 'l', words: ['l', 'liter', 'liters', 'litre', 'litres', 'litro', 'litri', 'litros', 'ltr', 'lt', '升'] },
  // spoons and cups
  { unit: 'tsp', words: ['tsp', 'tsps', 'teaspoon', 'teaspoons', 'teasp', 'tsk', 'teskje', 'teskeer', 'teske', 'theelepel', 'theelepels', 'theel', 'c. à café', 'c.à.c', 'càc', 'cuillère à café', 'cuillères à café', 'cuillere a cafe', 'cuilleres a cafe', 'c. à thé', 'cuillère à thé', 'cucharadita', 'cucharaditas', 'cdta', 'cdtas', 'cucchiaino', 'cucchiaini', 'colher de chá', 'colheres de chá', 'colher de cha', 'colheres de cha', 'c. à c.', 'c.c.', 'čl', 'lžička', 'lžičky', 'lžiček', 'kk', 'kávéskanál', 'teel', 'κ.γ.', 'kiskanál', 'ts', '茶匙', '小勺', '小匙', '小さじ', 'ч. л.', 'ч.л.', 'ч л.'], exact: ['t', 'TL', 'tl', 'Tl'] },
  { unit: 'tbsp', words: ['tbsp', 'tbsps', 'tbs', 'tbls', 'tblsp', 'tablespoon', 'tablespoons', 'msk', 'matsked', 'matskedar', 'ss', 'spsk', 'spiseskefuld', 'spiseskeer', 'eetlepel', 'eetlepels', 'eetl', 'c. à soupe', 'c.à.s', 'càs', 'cs', 'cuillère à soupe', 'cuillères à soupe', 'cuillere a soupe', 'cuilleres a soupe', 'cucharada', 'cucharadas', 'cda', 'cdas', 'cucchiaio', 'cucchiai', 'colher de sopa', 'colheres de sopa', 'c. à s.', 'c.s.', 'lžíce', 'lžíci', 'lžic', 'evőkanál', 'evőkanálnyi', 'ek', 'κ.σ.', '汤匙', '大勺', '大匙', '勺', '大さじ', 'ст. л.', 'ст.л.', 'ст л.'], exact: ['T', 'Tb', 'EL', 'el', 'El', 'PL', 'Pl'] },
  { unit: 'krm', words: ['krm', 'kryddmått'] },
  { unit: 'cup', words: ['cup', 'cups', 'cupful', 'cupfuls', 'tasse', 'tassen', 'taza', 'tazas', 'tazza', 'tazze', 'xícara', 'xícaras', 'xicara', 'kopp', 'koppar', 'kop', 'kopje', 'kopjes', 'φλ.', '杯', 'カップ'], exact: ['c', 'C'] },
  { unit: 'fl oz', words: ['fl oz', 'fl. oz', 'fl.oz', 'floz', 'fluid ounce', 'fluid ounces', 'fl ounce', 'fl ounces'] },
  { unit: 'oz', words: ['oz', 'ozs', 'ounce', 'ounces', 'onza', 'onzas', 'oncia', 'once', 'unze'] },
  { unit: 'lb', words: ['lb', 'lbs', 'pound', 'pounds', 'libra', 'libras'] },
  { unit: 'pint', words: ['pint', 'pints', 'pt', 'pts'] },
  { unit: 'quart', words: ['quart', 'quarts', 'qt', 'qts'] },
  { unit: 'gallon', words: ['gallon', 'gallons', 'gal'] },
  // small amounts
  { unit: 'pinch', words: ['pinch', 'pinches', 'prise', 'prisen', 'nypa', 'nypor', 'knivspets', 'snufje', 'snufjes', 'pincée', 'pincées', 'pizca', 'pizcas', 'pizzico', 'pizzichi', 'pitada', 'pitadas', 'špetka', 'špetky', 'csipet', 'csipetnyi', 'nip', '撮'] },
  { unit: 'dash', words: ['dash', 'dashes', 'schuss', 'skvätt', 'scheutje', 'trait'] },
  { unit: 'knife tip', words: ['msp', 'messerspitze', 'messerspitzen'] },
  { unit: 'drop', words: ['drop', 'drops', 'tropfen', 'droppe', 'droppar', 'goutte', 'gouttes', 'gota', 'gotas', 'goccia', 'gocce', '滴'] },
  // counted things
  { unit: 'clove', words: ['clove', 'cloves', 'zehe', 'zehen', 'knoblauchzehe', 'knoblauchzehen', 'klyfta', 'klyftor', 'vitlöksklyfta', 'vitlöksklyftor', 'fedd', 'teen', 'tenen', 'teentje', 'teentjes', 'gousse', 'gousses', 'diente', 'dientes', 'spicchio', 'spicchi', 'dente', 'dentes', 'gerezd', 'stroužek', 'stroužky', '瓣'] },
  { unit: 'can', words: ['can', 'cans', 'tin', 'tins', 'dose', 'dosen', 'burk', 'burkar', 'blik', 'blikje', 'boîte', 'boîtes', 'lata', 'latas', 'lattina', 'barattolo', 'dåse', 'dåser', 'ds', 'konzerv', 'konzerva', 'plechovka', '罐', '缶'] },
  { unit: 'jar', words: ['jar', 'jars', 'glas', 'gläser', 'pot', 'bocal', 'frasco', 'vasetto'] },
  { unit: 'bottle', words: ['bottle', 'bottles', 'flasche', 'flaschen', 'flaska', 'fles', 'bouteille', 'botella', 'bottiglia', '瓶'] },
  { unit: 'package', words: ['package', 'packages', 'pkg', 'pkgs', 'pack', 'packs', 'packet', 'packets', 'pck', 'pckg', 'päckchen', 'packung', 'packungen', 'pkt', 'paket', 'förp', 'förpackning', 'pak', 'pakje', 'pakjes', 'paquet', 'sachet', 'sachets', 'sobre', 'sobres', 'confezione', 'bustina', 'bustine', 'pacote', 'csomag', 'sáček', 'sáčky', 'balíček', 'pakke', '包', '袋'] },
  { unit: 'container', words: ['becher', 'container', 'containers', 'tub', 'tubs'] },
  { unit: 'box', words: ['box', 'boxes', 'carton', 'cartons'] },
  { unit: 'bag', words: ['bag', 'bags'] },
  { unit: 'slice', words: ['slice', 'slices', 'scheibe', 'scheiben', 'skiva', 'skivor', 'plak', 'plakjes', 'tranche', 'tranches', 'rebanada', 'rebanadas', 'rodaja', 'rodajas', 'fetta', 'fette', 'fatia', 'fatias', 'plát', 'plátek', 'plátky', 'szelet', 'φετ.', '片'] },
  { unit: 'piece', words: ['piece', 'pieces', 'pc', 'pcs', 'stück', 'stk', 'stck', 'st', 'stycken', 'stuk', 'stuks', 'morceau', 'morceaux', 'pièce', 'pièces', 'pieza', 'piezas', 'pezzo', 'pezzi', 'pedaço', 'db', 'ks', 'kus', 'kusy', 'count', 'unid', 'шт', '个', '個', '只', '块', '塊', '颗', '粒', '枚', '条', '段', '小块', '大块', '圈', '份'] },
  { unit: 'bunch', words: ['bunch', 'bunches', 'bund', 'bündel', 'knippe', 'bos', 'bosje', 'botte', 'manojo', 'mazzo', 'mazzetto', 'maço', 'bundt', 'csokor', 'ματσ.', '把', '束'], exact: ['Bd'] },
  { unit: 'sprig', words: ['sprig', 'sprigs', 'zweig', 'zweige', 'zweiglein', 'kvist', 'kvistar', 'takje', 'takjes', 'brin', 'brins', 'ramita', 'ramitas', 'rametto', 'rametti', 'ramo', 'raminho'] },
  { unit: 'stick', words: ['stick', 'sticks', 'stange', 'stangen', 'stang', 'stänger', 'bâton', '根', '本'] },
  { unit: 'stalk', words: ['stalk', 'stalks', 'rib', 'ribs', 'stängel', 'stjälk', 'stjälkar', 'branche', 'branches', 'tallo', 'tallos', 'gambo', 'gambi', 'szál'] },
  { unit: 'head', words: ['head', 'heads', 'kopf', 'köpfe', 'huvud', 'krop', 'tête', 'cabeza', 'cabezas', 'cespo', 'fej', '棵'] },
  { unit: 'handful', words: ['handful', 'handfuls', 'handvoll', 'näve', 'nävar', 'handvol', 'handvolletje', 'poignée', 'poignées', 'puñado', 'puñados', 'manciata', 'manciate', 'punhado', '把'] },
  { unit: 'leaf', words: ['leaf', 'leaves', 'blatt', 'blätter', 'blad', 'feuille', 'feuilles', 'hoja', 'hojas', 'foglia', 'foglie'] },
  // counted nouns that measure what follows them ("4 punnets cherry tomatoes", "2 ears corn", "1 loaf challah")
  { unit: 'punnet', words: ['punnet', 'punnets'] },
  { unit: 'spear', words: ['spear', 'spears'] },
  { unit: 'ear', words: ['ear', 'ears'] },
  { unit: 'loaf', words: ['loaf', 'loaves'] },
  { unit: 'bulb', words: ['bulb', 'bulbs'] },
  { unit: 'knob', words: ['knob', 'knobs'] },
  { unit: 'tube', words: ['tube', 'tubes'] },
  { unit: 'sleeve', words: ['sleeve', 'sleeves'] },
  { unit: 'envelope', words: ['envelope', 'envelopes'] },
  { unit: 'slab', words: ['slab', 'slabs'] },
  { unit: 'strip', words: ['strip', 'strips'] },
  { unit: 'bar', words: ['bar', 'bars'] },
  { unit: 'square', words: ['square', 'squares'] },
  { unit: 'rasher', words: ['rasher', 'rashers'] },
  { unit: 'wedge', words: ['wedge', 'wedges'] },
  { unit: 'sheet', words: ['sheet', 'sheets', 'blatt teig', '张'] },
  { unit: 'stem', words: ['stem', 'stems'] },
  { unit: 'fillet', words: ['fillet', 'fillets', 'filet', 'filets'] },
  { unit: 'cm', words: ['cm', 'centimeter', 'centimeters', 'centimetre', 'centimetres', '厘米'] },
  // '"' after a number is the inch mark ("1 1\" piece ginger").
  { unit: 'inch', words: ['inch', 'inches', 'in', '"', '”'] },
  { unit: 'dozen', words: ['dozen', 'dozens', 'dutzend'] },
];

/** Size and strength words that may sit between the amount and the unit ("1 heaped tsp", "2 large cloves"). */
export const UNIT_QUALIFIERS = [
  'heaped', 'heaping', 'level', 'scant', 'rounded', 'generous', 'good', 'packed', 'firmly packed', 'lightly packed', 'loosely packed', 'large', 'small', 'medium', 'big', 'very thin', 'very thick',
  'extra-large', 'extra large', 'thin', 'thick', 'lg', 'md', 'sm', 'medium-size', 'medium-sized', 'large-size', 'small-size', 'whole',
  'gehäufter', 'gehäufte', 'gestrichener', 'gestrichene', 'großer', 'große', 'kleiner', 'kleine', 'kleines', 'großes',
  'gestr', 'kl', 'rågad', 'rågade', 'struken', 'strukna', 'stor', 'stora', 'liten', 'små', 'bombée', 'rase',
];

/** Size words that, directly after an amount without a unit, describe the item ("2 large eggs"). */
export const SIZE_WORDS = [
  'large', 'small', 'medium', 'big', 'extra-large', 'extra large', 'jumbo', 'lg', 'md', 'sm', 'medium-size', 'medium-sized', 'medium sized', 'medium size',
  'large-size', 'small-size', 'medium to large', 'small to medium', 'medium-large', 'small-medium',
  'großer', 'große', 'großen', 'kleiner', 'kleine', 'kleinen', 'mittelgroße', 'mittelgroßer', 'mittelgroßen',
  'stor', 'stora', 'liten', 'litet', 'små', 'medelstor', 'medelstora', 'grote', 'kleine', 'middelgrote',
];

const INDEX = buildIndex();

interface IndexedSpelling {
  text: string;
  unit: string;
  caseSensitive: boolean;
}

function buildIndex(): IndexedSpelling[] {
  const all: IndexedSpelling[] = [];
  for (const entry of UNIT_TABLE) {
    for (const w of entry.words) all.push({ text: w.toLowerCase(), unit: entry.unit, caseSensitive: false });
    for (const w of entry.exact ?? []) all.push({ text: w, unit: entry.unit, caseSensitive: true });
  }
  // Longest first so "fl oz" beats "fl" and "cuillère à soupe" beats "c".
  return all.sort((a, b) => b.text.length - a.text.length);
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/u;
const LETTER = /[\p{L}\p{N}]/u;

export interface UnitMatch {
  unit: string;
  /** Characters consumed, including a trailing abbreviation dot. */
  length: number;
}

/**
 * Foods whose name starts with a unit word of some language ("pak choi": 'pak' is Dutch for a
 * package; "pot roast", "head cheese"): after an amount they are the name, not a unit and a name.
 */
const FOODS_NAMED_LIKE_UNITS = /^(?:pak\s+cho[iy]|pot\s+(?:roast|stickers?|pies?)|head\s+cheese|bar\s+b\s*q|square\s+noodles)\b/iu;

/** Finds the longest unit spelling at the start of `text` that ends at a word boundary. */
export function matchUnitAt(text: string): UnitMatch | undefined {
  if (FOODS_NAMED_LIKE_UNITS.test(text)) return undefined;
  const lower = text.toLowerCase();
  for (const s of INDEX) {
    const hay = s.caseSensitive ? text : lower;
    if (!hay.startsWith(s.text)) continue;
    let end = s.text.length;
    const next = text[end];
    const lastIsCjk = CJK.test(s.text);
    // "120g淡奶油": a Chinese name may follow a Latin unit without a space.
    if (next !== undefined && !lastIsCjk && LETTER.test(next) && !CJK.test(next)) continue;
    if (next === '.') end += 1;
    return { unit: s.unit, length: end };
  }
  return undefined;
}

/** Canonical symbol for a unit word as a whole ("Tablespoons" → "tbsp"), or undefined. */
export function canonicalUnit(word: string): string | undefined {
  const w = word.trim().replace(/\.$/, '');
  const m = matchUnitAt(w);
  return m && m.length >= w.length ? m.unit : undefined;
}
