/**
 * Build-time only: the descriptive words a recipe puts around an ingredient name ("2 large eggs",
 * "fresh basil leaves", "finely chopped onion") that the compiler drops before matching, per
 * language. Runtime matching of user input never uses this (it stays strictly whole-name).
 *
 * Words are normalised (normalizeName) and dropped anywhere in the name; multi-word phrases are
 * listed with hyphens. Only words that never change *which* ingredient is meant belong here
 * ('fresh', 'large', 'chopped'); 'sweet', 'smoked', 'brown', 'ground' stay (sweet potato, brown sugar).
 */
import { normalizeName } from './normalize-name.ts';

export const DESCRIPTORS: Record<string, readonly string[]> = {
  en: [
    'fresh', 'freshly', 'large', 'small', 'medium', 'medium-sized', 'extra-large', 'jumbo', 'big', 'organic', 'good-quality', 'good', 'quality', 'best', 'high-quality',
    'chopped', 'finely', 'coarsely', 'roughly', 'thinly', 'thickly', 'sliced', 'diced', 'minced', 'grated', 'shredded', 'crushed', 'peeled', 'trimmed',
    'halved', 'quartered', 'cubed', 'julienned', 'cut', 'torn', 'picked', 'rinsed', 'drained', 'washed', 'cleaned', 'deveined', 'pitted', 'seeded', 'cored', 'stemmed',
    'softened', 'melted', 'cold', 'chilled', 'warm', 'hot-water', 'room-temperature', 'at-room-temperature', 'beaten', 'lightly', 'well', 'divided', 'plus', 'more', 'extra', 'additional',
    'packed', 'firmly', 'loosely', 'heaping', 'level', 'sifted', 'optional', 'about', 'approximately', 'whole', 'few', 'some', 'handful', 'bunch', 'sprig', 'sprigs', 'leaves', 'leaf',
    'pinch', 'dash', 'splash', 'drizzle', 'for', 'serving', 'garnish', 'to', 'taste', 'and', 'or', 'of', 'a', 'an', 'the', 'into', 'pieces', 'piece', 'inch', 'thin', 'thick',
    'ripe', 'store-bought', 'homemade', 'prepared', 'cooked', 'uncooked', 'raw', 'frozen', 'thawed', 'canned', 'jarred', 'bottled', 'dry', 'dried', 'plain', 'natural', 'pure', 'real',
    'boneless', 'skinless', 'skin-on', 'bone-in', 'unsalted', 'salted', 'low-sodium', 'reduced-sodium', 'low-fat', 'reduced-fat', 'full-fat', 'nonfat', 'fat-free', 'whole-milk',
    'kosher', 'coarse', 'fine', 'flaky', 'extra-virgin', 'virgin', 'all-purpose', 'unbleached', 'granulated', 'free-range', 'pastured', 'wild', 'farm', 'heirloom', 'baby', 'mini', 'lean',
    // Added for the 95% target: more sizes, states and cuts that never change which ingredient is meant.
    'toasted', 'lightly-toasted', 'hard-boiled', 'hard-cooked', 'soft-boiled', 'boiled', 'blanched', 'sweetened', 'unsweetened', 'unpeeled', 'unseasoned', 'seedless',
    'shelled', 'hulled', 'skinned', 'deboned', 'husked', 'shucked', 'scrubbed', 'trimmed', 'creamy', 'smooth', 'chunky', 'sharp', 'extra-sharp', 'mild', 'firm', 'extra-firm', 'soft', 'ripe',
    'very', 'firm-ripe', 'overripe', 'day-old', 'stale', 'leftover', 'instant', 'quick-cooking', 'old-fashioned', 'long-grain', 'medium-grain', 'short-grain', 'premium', 'fancy',
    'wedges', 'wedge', 'slices', 'slice', 'florets', 'floret', 'halves', 'half', 'segments', 'chunks', 'chunk', 'cubes', 'cube', 'strips', 'strip', 'rings', 'spears', 'kernels', 'kernel',
    'ears', 'ear', 'pods', 'pod', 'threads', 'stalks', 'stalk', 'heads', 'head', 'fillets', 'fillet', 'filets', 'tops', 'bulb', 'bulbs', 'sheets', 'sheet', 'knob', 'thumb', 'bit',
    'lukewarm', 'boiling', 'ice-cold', 'iced', 'cool', 'tepid', 'softened', 'scant', 'generous', 'heaped', 'rounded', 'good-sized', 'large-sized', 'small-sized', 'medium-large',
    'roughly-chopped', 'finely-chopped', 'thinly-sliced', 'freshly-ground', 'freshly-grated', 'freshly-squeezed', 'squeezed', 'zested', 'juiced', 'snipped', 'crumbled', 'cubed',
    'reserved', 'needed', 'as', 'desired', 'if', 'you', 'like', 'preferably', 'such', 'other', 'any', 'your', 'favorite', 'favourite', 'choice', 'brand', 'quality', 'top', 'at', 'least',
    'defrosted', 'nonstick', 'non-stick', 'ready-made', 'premade', 'pre-made', 'fully', 'lightly-beaten', 'well-beaten', 'whisked', 'separated', 'each', 'total', 'in', 'with', 'from', 'on',
    // Round 2 (curators): states and cuts that keep the ingredient ("firm but ripe pears", "hot cooked rice", "center-cut
    // pork loin", "bulk chorizo", "lime wheels", "drained oil-packed chiles"); protected-origin labels (AOP, DOP, IGP).
    'firm-but-ripe', 'firm-ripe', 'hot-cooked', 'freshly-cooked', 'center-cut', 'centre-cut', 'bulk', 'wheel', 'wheels',
    'aop', 'aoc', 'dop', 'doc', 'igp', 'pdo', 'pgi', 'variety', 'varieties', 'kind',
  ],
  de: [
    'bedarf', 'mittel', 'vorwiegend', 'festkochend', 'mehligkochend', 'am-stück', 'frisch', 'frische', 'frischer', 'frischen', 'frisches', 'groß', 'große', 'großen', 'großer', 'großes', 'klein', 'kleine', 'kleinen', 'kleiner', 'kleines', 'mittelgroß', 'mittelgroße', 'mittelgroßen', 'mittelgroßer',
    'gehackt', 'gehackte', 'gehackten', 'gehackter', 'fein', 'feine', 'grob', 'gewürfelt', 'gewürfelte', 'gewürfelten', 'gerieben', 'geriebene', 'geriebenen', 'geriebener', 'geschält', 'geschälte', 'geschälten',
    'weich', 'weiche', 'weichen', 'zimmerwarm', 'zimmerwarme', 'zimmerwarmen', 'etwas', 'nach', 'geschmack', 'bio', 'gemahlen', 'gemahlene', 'gemahlener', 'gemahlenen', 'getrocknet', 'getrocknete', 'getrockneten',
    'und', 'oder', 'evtl', 'ca', 'tk', 'tiefgekühlt', 'tiefgekühlte', 'gekocht', 'gekochte', 'gekochten', 'reif', 'reife', 'reifen', 'halbiert', 'geviertelt', 'in', 'scheiben', 'würfeln', 'streifen',
    'ganz', 'ganze', 'ganzen', 'stück', 'stücke', 'stk', 'prise', 'prisen', 'schuss', 'einige', 'wenig', 'viel', 'mehr', 'zum', 'zur', 'bestreuen', 'garnieren', 'braten', 'servieren', 'belieben',
    'kalt', 'kalte', 'kaltes', 'kalter', 'warm', 'warme', 'warmes', 'lauwarm', 'lauwarmes', 'heiß', 'heißes', 'zerlassen', 'zerlassene', 'geschmolzen', 'geschmolzene', 'natur', 'ungesalzen', 'ungesalzene', 'gesalzen',
    'abgetropft', 'abgetropfte', 'gewaschen', 'gewaschene', 'geputzt', 'geputzte', 'entkernt', 'entkernte', 'gepresst', 'gepresste', 'geschnitten', 'geschnittene', 'fein-gehackt', 'frisch-gemahlen', 'frisch-gemahlener',
    'topfkrauter', 'dunn', 'dunne', 'dunnen', 'dunner', 'gegart', 'gegarte', 'gegarten', 'entsteint', 'entsteinte', 'entsteinten', 'leicht', 'erwarmt', 'erwarmte',
    'erwarmten', 'aromatisch', 'aromatische', 'aromatischen', 'qualitats', 'zart', 'zarte', 'zarten', 'aktiv', 'aktive', 'aktiver', 'aktiven', 'type', 'typ',
  ],
  fr: [
    'unité', 'qq', 'c', 'cac', 'càc', 'peu', 'vingtaine', 'rase', 'bien', 'chair', 'frais', 'fraîche', 'fraiche', 'fraiches', 'gros', 'grosse', 'grosses', 'petit', 'petite', 'petits', 'petites', 'moyen', 'moyenne', 'moyennes', 'haché', 'hachée', 'hachés', 'hachées', 'hache', 'hachee',
    'émincé', 'émincée', 'emince', 'râpé', 'râpée', 'rape', 'moulu', 'moulue', 'de', 'du', 'des', 'la', 'le', 'les', 'l', 'd', 'bio', 'sec', 'sèche', 'secs', 'sèches', 'en', 'dés', 'tranches', 'rondelles',
    'finement', 'coupé', 'coupée', 'coupés', 'coupées', 'mûr', 'mûre', 'mûres', 'surgelé', 'surgelés', 'surgelée', 'surgelées', 'entier', 'entière', 'entiers', 'ciselé', 'ciselée', 'pelé', 'pelée', 'pelées',
    'fondu', 'fondue', 'ramolli', 'ramollie', 'pincée', 'brin', 'brins', 'feuille', 'feuilles', 'botte', 'morceau', 'morceaux', 'et', 'ou', 'environ', 'bon', 'bonne', 'pour', 'servir', 'décorer', 'nature', 'doux',
    'entières', 'croustillant', 'croustillante', 'croustillants', 'croustillantes', 'émietté', 'émiettée', 'émiettés', 'émiettées', 'votre', 'choix',
  ],
  es: ['cucharadita', 'cucharaditas', 'cucharada', 'cucharadas', 'rodaja', 'trozo', 'unas', 'hojas', 'troceada', 'troceado', 'recién', 'cuartos', 'desalado', 'fresco', 'fresca', 'frescos', 'frescas', 'grande', 'grandes', 'pequeño', 'pequeña', 'pequeños', 'pequeñas', 'mediano', 'mediana', 'medianos', 'picado', 'picada', 'picados', 'picadas', 'rallado', 'rallada', 'de', 'del', 'la', 'el', 'los', 'las', 'al', 'gusto', 'en', 'trozos', 'rodajas', 'cubos', 'maduro', 'madura', 'molido', 'molida', 'seco', 'seca', 'cocido', 'cocida', 'y', 'o', 'para', 'picar', 'pelado', 'pelada', 'dientes', 'diente', 'cucharada', 'cucharadas', 'taza', 'tazas', 'pizca'],
  it: ['raso', 'rasa', 'foglioline', 'grappolo', 'bicchiere', 'fresco', 'fresca', 'freschi', 'fresche', 'grande', 'grandi', 'piccolo', 'piccola', 'piccoli', 'piccole', 'medio', 'media', 'tritato', 'tritata', 'tritati', 'grattugiato', 'grattugiata', 'di', 'del', 'della', 'dei', 'delle', 'q.b', 'qb', 'extravergine', 'extra-vergine', 'maturo', 'maturi', 'mature', 'secco', 'secca', 'secchi', 'macinato', 'macinata', 'a', 'al', 'in', 'pezzi', 'fette', 'cubetti', 'e', 'o', 'spicchio', 'spicchi', 'foglie', 'foglia', 'rametto', 'rametti', 'cucchiaio', 'cucchiai', 'cucchiaino', 'cucchiaini', 'pizzico', 'bustina'],
  nl: ['snuifje', 'snuf', 'klontje', 'klont', 'vel', 'lauwwarm', 'lauwwarme', 'dopje', 'dopjes', 'scheutje', 'eventueel', 'garneer', 'vers', 'verse', 'grote', 'groot', 'kleine', 'klein', 'middelgrote', 'gehakt', 'gehakte', 'geraspt', 'geraspte', 'fijngehakt', 'fijngehakte', 'fijn', 'fijne', 'grof', 'grove', 'gesneden', 'in', 'blokjes', 'plakjes', 'ringen', 'reepjes', 'gesnipperd', 'gesnipperde', 'geschild', 'geschilde', 'gekookt', 'gekookte', 'flinke', 'handje', 'snufje', 'scheut', 'blaadje', 'blaadjes', 'stengel', 'stengels', 'teentje', 'teentjes', 'tenen', 'van', 'naar', 'keuze', 'smaak', 'en', 'of', 'ongeveer', 'plm', 'halve', 'gedroogde', 'gedroogd', 'gemalen', 'rijpe', 'zachte', 'gesmolten', 'ongezouten', 'gezouten', 'bevroren', 'diepvries', 'biologische', 'om', 'te', 'bakken', 'voor', 'erbij', 'extra', 'gekoeld', 'gekoelde', 'gram', 'gr'],
  sv: ['kruka', 'färsk', 'färska', 'färskt', 'stor', 'stora', 'stort', 'liten', 'litet', 'små', 'medelstor', 'medelstora', 'hackad', 'hackade', 'hackat', 'riven', 'rivet', 'rivna', 'finhackad', 'finhackade', 'finhackat', 'skivad', 'skivade', 'tärnad', 'tärnade', 'mjuk', 'mjukt', 'mjuka', 'rumstempererad', 'rumstempererat', 'rumstempererade', 'kokt', 'kokta', 'krossad', 'krossade', 'pressad', 'pressade', 'skalad', 'skalade', 'gärna', 'ev', 'ca', 'och', 'eller', 'till', 'servering', 'malen', 'mald', 'malet', 'torkad', 'torkade', 'fryst', 'frysta', 'smält', 'smälta', 'osaltat', 'osaltad', 'saltat', 'mogen', 'mogna', 'av', 'i', 'bitar', 'klyftor', 'skivor', 'kvistar', 'kvist', 'blad', 'nypa', 'port', 'st', 'stycken', 'ekologisk', 'ekologiska', 'rumsvarm', 'rumsvarmt', 'kallt', 'kall', 'kalla', 'ljummet', 'ljummen', 'varm', 'varmt', 'kokande', 'konc', 'koncentrerad', 'lite'],
  da: ['stilke', 'stilk', 'rulle', 'frisk', 'friske', 'stor', 'store', 'lille', 'små', 'hakket', 'hakkede', 'revet', 'revne', 'og', 'eller', 'til', 'servering', 'tørret', 'tørrede', 'smeltet', 'stk', 'fed', 'blade', 'kvist', 'kviste', 'økologisk', 'økologiske', 'kogt', 'kogte', 'i', 'skiver', 'tern', 'knust', 'knuste', 'stødt', 'usaltet', 'saltet', 'fint', 'groft', 'fersk', 'ferske'],
  nb: ['hel', 'hele', 'boks', 'pk', 'ferdig', 'finhakkede', 'finrevet', 'båter', 'fersk', 'ferske', 'frisk', 'stor', 'store', 'liten', 'lite', 'små', 'hakket', 'hakkede', 'finhakket', 'revet', 'og', 'eller', 'til', 'pynt', 'servering', 'tørket', 'tørkede', 'smeltet', 'stk', 'fedd', 'blader', 'kvist', 'kvister', 'økologisk', 'kokt', 'kokte', 'i', 'skiver', 'terninger', 'knust', 'knuste', 'malt', 'usaltet', 'saltet', 'fint', 'grovt', 'bunt', 'potte', 'nykvernet'],
  pt: ['pitadas', 'latas', 'café', 'floretes', 'quilo', 'gramas', 'médias', 'médios', 'suficiente', 'vidro', 'variados', 'variadas', 'fresco', 'fresca', 'frescos', 'frescas', 'grande', 'grandes', 'pequeno', 'pequena', 'pequenos', 'pequenas', 'médio', 'média', 'medio', 'media', 'picado', 'picada', 'picados', 'picadas', 'picadinho', 'ralado', 'ralada', 'de', 'do', 'da', 'dos', 'das', 'em', 'cubos', 'rodelas', 'fatias', 'maduro', 'madura', 'maduros', 'moído', 'moída', 'seco', 'seca', 'cozido', 'cozida', 'cozidas', 'cozidos', 'e', 'ou', 'a', 'gosto', 'para', 'unidade', 'unidades', 'unid', 'dente', 'dentes', 'colher', 'colheres', 'sopa', 'chá', 'xícara', 'xícaras', 'pitada', 'lata', 'sem', 'pele', 'espremido', 'espremidos', 'espremida', 'derretido', 'derretida', 'cortado', 'cortada', 'cortados', 'cortadas', 'picadinhos', 'picadinhas', 'picadinha'],
  zh: ['约', '大约', '冷冻', '速冻', '新鲜'],
  el: ['φρέσκο', 'φρέσκα', 'φρέσκια', 'φρέσκος', 'ψιλοκομμένο', 'ψιλοκομμένα', 'ψιλοκομμένη', 'ψιλοκομμένες', 'ψιλοκομμένος', 'τριμμένο', 'τριμμένη', 'τριμμένα', 'ώριμο', 'ώριμα', 'ώριμη', 'ώριμες', 'μεγάλο', 'μεγάλα', 'μεγάλη', 'μεγάλες', 'μέτριο', 'μέτρια', 'μέτριες', 'μικρό', 'μικρά', 'μικρή', 'μικρές', 'σφιχτές', 'σφιχτά', 'και'],
  hu: ['tk', 'ek', 'mk', 'kk', 'púpozott', 'fej', 'tábla', 'a', 'szóráshoz', 'kikenéséhez', 'friss', 'nagy', 'kis', 'kicsi', 'közepes', 'ízlés', 'szerint', 'zúzva', 'vágva', 'apróra', 'durvára', 'felkarikázva', 'egészben', 'félben', 'vagy', 'és', 'darab', 'db', 'reszelt', 'kockákra', 'csíkokra', 'hosszú'],
  sk: ['čerstvý', 'čerstvá', 'čerstvé', 'štipka', 'strúhaný', 'strúhaná', 'lyžica', 'lyžice', 'lyžička', 'lyžičky'],
  ru: ['г', 'кг', 'мл', 'щепотка', 'шт', 'теплой', 'теплая'],
  pl: ['łyżeczka', 'łyżeczki', 'łyżka', 'łyżki', 'szklanka', 'szklanki', 'szczypta', 'świeży', 'świeża', 'świeże', 'świeżych', 'świeżego', 'drobno', 'posiekany', 'posiekana', 'posiekane', 'posiekanego', 'posiekanej'],
  hr: ['žlica', 'žlice', 'žličica', 'žličice', 'undefined', 'gotov', 'gotove', 'gotovih', 'svjež', 'svježe', 'svježeg', 'svježi', 'iscijeđen', 'iscijeđeni', 'iscijeđenog', 'iscijeđene'],
};

/** Count words dropped inside a name ("juice of 1 lemon", "zest of half an orange"), per language. */
export const COUNT_WORDS: Record<string, readonly string[]> = {
  en: ['a', 'an', 'one', 'two', 'three', 'four', 'five', 'six', 'half', 'dozen', 'x'],
  de: ['ein', 'eine', 'einen', 'einer', 'zwei', 'drei', 'vier', 'halbe', 'halber', 'halben', 'x'],
  sv: ['en', 'ett', 'två', 'tre', 'fyra', 'halv', 'halva', 'x'],
  da: ['en', 'et', 'to', 'tre', 'halv', 'x'],
  nb: ['en', 'ei', 'et', 'to', 'tre', 'halv', 'x'],
  nl: ['een', 'twee', 'drie', 'vier', 'halve', 'x'],
  fr: ['un', 'une', 'deux', 'trois', 'quatre', 'demi', 'demie', 'x'],
  es: ['un', 'una', 'uno', 'dos', 'tres', 'medio', 'media', 'x'],
  it: ['un', 'uno', 'una', 'due', 'tre', 'mezzo', 'mezza', 'x'],
  pt: ['um', 'uma', 'dois', 'duas', 'três', 'meio', 'meia', 'x'],
};

/**
 * Words that start a purpose or addition tail, cut with everything after them (never the first
 * word): "flour for dredging", "kosher salt plus more for seasoning", "Öl zum Braten".
 */
export const TAIL_WORDS: Record<string, readonly string[]> = {
  en: ['for', 'plus'], de: ['für', 'fur', 'zum', 'zur'], nl: ['voor', 'om'], fr: ['pour'], es: ['para'], pt: ['para'], it: ['per'],
  sv: ['till'], da: ['til'], nb: ['til'], no: ['til'],
};

/**
 * Dropped only at the front of a name: old and informal measures and containers that the parser
 * left in the name ("a pound of sugar", "A tea-spoonful of rose water", "1 TB butter", "block of
 * feta"), and brand names printed before the ingredient ("Inspired Organics peanut butter",
 * "McCormick Gourmet™ cumin"). A brand is listed only when the product is the plain ingredient.
 */
export const LEADING: Record<string, readonly string[]> = {
  en: [
    'a', 'an', 'the', 'of', 'pound', 'pounds', 'quarter', 'little', 'bit', 'couple', 'spoonful', 'spoonfuls', 'tea-spoonful', 'tea-spoonfuls', 'table-spoonful',
    'teaspoonful', 'tablespoonful', 'salt-spoonful', 'saltspoonful', 'dessert-spoonful', 'dessertspoonful', 'cupful', 'teacupful', 'teacup', 'gill', 'wineglass', 'wineglassful',
    'tb', 'tbs', 'tbsp', 'tsp', 'gm', 'gms', 'gr', 'grams', 'ounces', 'ounce', 'oz', 'lb', 'lbs', 'cup', 'cups', 'teaspoon', 'teaspoons', 'tablespoon', 'tablespoons', 'spoon', 'spoons',
    'can', 'cans', 'tin', 'tins', 'jar', 'jars', 'package', 'packages', 'pkg', 'bag', 'bags', 'box', 'boxes', 'bottle', 'bottles', 'carton', 'container', 'packet', 'packets', 'envelope',
    'block', 'blocks', 'ball', 'balls', 'bar', 'bars', 'scoop', 'scoops', 'sprinkle', 'stick', 'sticks', 'loaf', 'loaves', 'baskets', 'basket', 'pint', 'quart',
    // brands
    'inspired-organics', 'simply-nature', 'simplynature', 'mccormick', 'mccormick-gourmet', 'mccormick-gourmettm', 'gourmet', 'kikkoman', 'diamond-crystal', 'mortons', 'morton',
    'goldn-plump', 'the-fresh-salad-co', 'fresh-salad-co', 'sizzlefish', 'dakotas-pride', 'campbells', 'smirnoff', 'goslings', 'lairds', 'dolin', 'bobs-red-mill', 'bob-s-red-mill',
    'king-arthur', 'land-o-lakes', 'philadelphia', 'heinz', 'hellmanns', 'kerrygold', 'ghirardelli', 'nestle', 'hersheys', 'domino', 'imperial', 'c-and-h', 'goya', 'la-costena',
    'mission', 'old-el-paso', 'swanson', 'pacific', 'kraft', 'barilla', 'de-cecco', 'rao', 'raos', 'mutti', 'cento', 'valbreso', 'president', 'nielsen-massey', 'watkins', 'frontier',
    'simply-organic', 'spice-islands', 'badia', 'tabasco', 'lea-and-perrins', 'huy-fong', 'lee-kum-kee', 'aroy-d', 'chaokoh', 'thai-kitchen', 'maesri',
    'mae-ploy', 'knorr', 'maggi', 'better-than-bouillon', 'kitchen-basics', 'tillamook', 'cabot', 'organic-valley', 'horizon', 'fage', 'chobani', 'stonyfield', 'daisy', 'breakstone',
    'knudsen', 'challenge', 'plugra', 'kirkland', 'trader-joes', 'whole-foods', '365', 'great-value', 'market-pantry', 'happy-belly', 'good-and-gather', 'sizzlefish',
    'few', 'several', 'handful', 'dashes', 'ptns', 'each',
    // More informal measures and servings printed before the ingredient ("a glass of milk", "glugs of fish sauce",
    // "1 batch flaky biscuits", "6-inch diameter corn tortillas", "enough flour").
    'glass-of', 'glasses-of', 'glassful', 'glassfuls', 'jigger', 'jiggers', 'glug', 'glugs', 'handfuls', 'handfull', 'handfulls', 'giant',
    'batch', 'batches', 'recipe', 'double-recipe', 'disk', 'disks', 'diameter', 'enough', 'another', 'generous', 'hefty', 'ample', 'amount',
    'hint', 'dusting', 'liter', 'liters', 'litre', 'litres', 'beefeater', 'tanqueray', 'bombay-sapphire', 'maldon', 'shamrock-farms', 'tabasco-brand',
    // Round 2: more measures left in the name ("envelopes gelatin", "feet hog casings", "Info 2 oz. sour cream"), a fed
    // starter, and Lurpak (plain butter).
    'envelopes', 'feet', 'foot', 'yards', 'info', 'fed', 'lurpak',
  ],
  // German measures left in the name and Aldi house brands of plain ingredients ("DIADEM Zucker", "BELLASAN Rapsöl").
  de: [
    'essloffel', 'teeloffel', 'gestr', 'gestrichener', 'gehaufter', 'kl', 'bd', 'dosen', 'dose', 'packchen', 'pck', 'msp',
    'diadem', 'le-gusto', 'back-family', 'bellasan', 'cantinelle', 'cucina-nobile', 'delikato', 'good-choice', 'almare', 'goldahren', 'goldland', 'kings-crown', 'gut-bio', 'milsani', 'bio',
    'kugel', 'kugeln', 'knolle', 'stiele', 'portionen', 'milfina', 'my-vay', 'rewe-beste-wahl',
    'rolle', 'rollen', 'topf', 'stange', 'stangen', 'je', 'spritzer', 'glas', 'becher', 'tasse', 'tassen',
    'landfreude', 'quellbrunn', 'reishunger',
  ],
  nl: ['rol', 'rollen', 'recept', 'plak', 'plakken', 'bolletje', 'bolletjes', 'zakje', 'pot', 'potje', 'blik', 'blikje', 'tl', 'el', 'gram', 'tante-fanny'],
  nb: ['tine'],
  sv: ['arla', 'arla-ko'],
  pt: ['unid', 'unid.', 'tablete', 'tabletes', 'cubo', 'cubos', 'sache', 'saches', 'sachê', 'sachês', 'pacote', 'lata', 'copo', 'copos'],
  es: ['bote', 'botes', 'pastilla', 'pastillas', 'sobre', 'sobres', 'vaso', 'vasos', 'lata', 'latas'],
  fr: ['tran', 'tran.', 'sachet', 'sachets', 'boite', 'verre', 'verres', 'pot'],
};

/**
 * Dropped only at the end of a name: brand names printed after the ingredient ("soľ Kania", "olivový olej
 * Primadonna", "kyslé uhorky Freshona"). A brand is listed only when the product is the plain ingredient.
 */
export const TRAILING: Record<string, readonly string[]> = {
  sk: ['kania', 'primadonna', 'pilos', 'freshona', 'tatranská'],
  cs: ['kania', 'primadonna', 'pilos', 'freshona'],
};

/**
 * Words that join two ingredients named on one line ("basil and cilantro", "cornstarch + 1 tbsp water",
 * "zeezoutvlokken en zwarte peper"). Tried only at the last stage (looseCandidates): the line gets the id of
 * the first ingredient, or of the last when the first is a single word before a longer last one (the two share
 * a head: "red and green bell peppers"). One Ingredient carries one id; the display keeps both.
 */
export const CONJUNCTIONS: Record<string, readonly string[]> = {
  en: ['and', '&', '+'], de: ['und', '&', '+'], nl: ['en', '&', '+'], fr: ['et', '&', '+'], es: ['y', 'e', '&', '+'],
  it: ['e', 'ed', '&', '+'], pt: ['e', '&', '+'], sv: ['och', '&', '+'], da: ['og', '&', '+'], nb: ['og', '&', '+'],
  pl: ['i', '&', '+'], cs: ['a', '&', '+'], sk: ['a', '&', '+'], hu: ['es', '&', '+'], hr: ['i', '&', '+'], ru: ['и', '&', '+'],
};

/**
 * Last words of a product or dish named by two ingredients ("lemongrass and cilantro sauce", "onion and garlic mix",
 * "sour cream and onion dip"): such a name is not split at CONJUNCTIONS.
 */
export const DISH_HEADS: Record<string, readonly string[]> = {
  en: [
    'sauce', 'sauces', 'dressing', 'mix', 'blend', 'croutons', 'dip', 'soup', 'salad', 'slaw', 'spread', 'relish', 'salsa', 'chutney', 'pesto',
    'glaze', 'marinade', 'rub', 'seasoning', 'vinaigrette', 'aioli', 'cake', 'pie', 'cookies', 'bars', 'crackers', 'chips', 'frosting',
    'filling', 'stuffing', 'compote', 'ice-cream', 'sorbet', 'gravy', 'stew', 'muffins',
  ],
  de: ['sauce', 'sosse', 'dressing', 'mischung', 'dip', 'salat', 'suppe', 'aufstrich'],
  nl: ['saus', 'dressing', 'mix', 'dip', 'salade', 'soep'],
};

/**
 * Words that start a clause after the ingredient, cut with everything after them (never the first word), at the
 * last stage only: "large shrimp with shells", "egg yolk beaten with 1 tbsp water", "cornstarch dissolved in water",
 * "green olives in brine", "breadcrumbs made from French bread", "butter per chicken breast".
 */
export const CLAUSE_WORDS: Record<string, readonly string[]> = {
  en: [
    'with', 'without', 'in', 'into', 'mixed', 'beaten', 'whisked', 'dissolved', 'blended', 'stirred', 'soaked', 'packed', 'made', 'per', 'to', 'from',
    'at', 'preferably', 'like', 'about', 'approx', 'approximately', 'roughly', '~',
  ],
  de: ['mit', 'ohne', 'aus', 'in', 'im', 'gewurfelt', 'gehackt', 'geschnitten', 'ca'],
  nl: ['met', 'zonder', 'in', 'uit', 'gesneden', 'gehakt'],
  fr: ['avec', 'sans', 'en', 'coupe', 'coupes', 'coupee', 'coupees'],
  es: ['con', 'sin', 'en', 'cortado', 'cortada', 'cortados', 'cortadas'],
  it: ['con', 'senza', 'in', 'tagliato', 'tagliata', 'tagliati', 'tagliate'],
  pt: ['com', 'sem', 'em', 'cortado', 'cortada', 'cortados', 'cortadas', 'dissolvido', 'dissolvida'],
  sv: ['med', 'utan', 'i'], da: ['med', 'uden', 'i'], nb: ['med', 'uten', 'i'],
};

/** Norwegian recipes say 'no', the word lists say 'nb' (Bokmål): either reads both. */
const ALIAS: Record<string, string> = { no: 'nb', nb: 'no' };

/** A table's words for a language, with its alias's ('no' ↔ 'nb'). */
export function wordsFor(table: Record<string, readonly string[]>, lang: string): readonly string[] {
  const alias = ALIAS[lang];
  return [...(table[lang] ?? []), ...(alias ? table[alias] ?? [] : [])];
}

const compiledLeading = new Map<string, Set<string>>();

/** TRAILING brands for a language, normalised. */
export function trailingSet(language: string): Set<string> {
  const lang = language.toLowerCase().slice(0, 2);
  return new Set(wordsFor(TRAILING, lang).map(normalizeName));
}

/**
 * Descriptors glued to the front of a word in languages written without spaces ("冷冻花卷" → "花卷",
 * "新鲜绿叶" → "绿叶"), longest first; never the whole word.
 */
export const PREFIXES: Record<string, readonly string[]> = {
  zh: ['大约', '冷冻', '速冻', '新鲜'],
};

/** LEADING words for a language (English ones apply to every language: brands and English measures appear everywhere). */
export function leadingSet(language: string): Set<string> {
  const lang = language.toLowerCase().slice(0, 2);
  let set = compiledLeading.get(lang);
  if (!set) {
    set = new Set([...wordsFor(LEADING, lang), ...(lang === 'en' ? [] : LEADING.en ?? [])].map(normalizeName));
    compiledLeading.set(lang, set);
  }
  return set;
}

const compiled = new Map<string, Set<string>>();

export function descriptorSet(language: string): Set<string> {
  const lang = language.toLowerCase().slice(0, 2);
  let set = compiled.get(lang);
  if (!set) {
    set = new Set([...wordsFor(DESCRIPTORS, lang), ...(lang === 'en' ? [] : DESCRIPTORS.en ?? [])].map(normalizeName));
    compiled.set(lang, set);
  }
  return set;
}

/**
 * Looser descriptive words, tried only after every other reduction failed (matchRecipeIngredient's
 * last step), so they never change a match the stricter rules make ("roasted peanuts" stays
 * roasted-peanuts; "roasted hazelnuts" reaches hazelnut). States, qualities and pieces that keep the
 * ingredient: roasted, steamed, aged, shavings, fronds, twists, "at room temperature", "store-bought".
 */
export const LOOSE_DESCRIPTORS: Record<string, readonly string[]> = {
  en: [
    'roasted', 'dry-roasted', 'steamed', 'grilled', 'cracked', 'smashed', 'aged', 'assorted', 'regular', 'purchased', 'store-bought', 'storebought', 'unfiltered',
    'sodium-reduced', 'salty', 'hearty', 'sized', 'thumb-sized', 'bite-sized', 'bite-size',
    'shavings', 'shaved', 'curls', 'fronds', 'frond', 'needles', 'twigs', 'twig', 'stems', 'links', 'link', 'twist', 'twists', 'crumbles',
    'pasture-raised', 'cage-free', 'grass-fed', 'wild-caught', 'sustainably', 'responsibly', 'sourced', 'line-caught', 'farm-raised', 'room', 'temperature', 'temp',
    'lrg', 'lg', 'med', 'sm', 'xl', 'lb.', 'tsp.', 'tbsp.', 'oz.', 'ptns', 'portions', 'servings', 'glove', 'gloves',
    'purchased', 'prepared', 'homemade', 'home-made', 'fluffy', 'perfect', 'cooled', 'mixed', 'steaks', 'rashers', 'hour', 'hours', 'minutes', 'loaf', 'crisp', 'spanish', 'imported', 'domestic', 'italian-style',
    'brewed', 'freshly-brewed', 'crustless', 'oil-packed', 'water-packed', 'type',
  ],
  de: [
    'aus-der-muhle', 'feiner', 'feines', 'grobes', 'grober', 'feste', 'fester', 'glatte', 'glatter', 'mageres', 'magerer', 'magere', 'trockener', 'trockenen', 'neutrales', 'neutralem', 'geraspelte', 'geraspelt',
    'unbehandelt', 'unbehandelte', 'unbehandelten', 'ungeschalt', 'ungeschalte', 'gewichtsklasse', 'grosse-m', 'grosse-l', 'handvoll', 'paar', 'ein-paar', 'spritzer', 'bund', 'bd', 'zweige', 'zweig',
  ],
  nl: ['geroosterd', 'geroosterde', 'gerooster'],
  sv: ['rostad', 'rostade', 'rostat'],
  da: ['ristet', 'ristede'], nb: ['ristet', 'ristede'],
};

const compiledLoose = new Map<string, Set<string>>();

/** LOOSE_DESCRIPTORS for a language (English ones apply to every language, like DESCRIPTORS). */
export function looseSet(language: string): Set<string> {
  const lang = language.toLowerCase().slice(0, 2);
  let set = compiledLoose.get(lang);
  if (!set) {
    set = new Set([...wordsFor(LOOSE_DESCRIPTORS, lang), ...(lang === 'en' ? [] : LOOSE_DESCRIPTORS.en ?? [])].map(normalizeName));
    compiledLoose.set(lang, set);
  }
  return set;
}
