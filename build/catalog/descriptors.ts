/**
 * Build-time only: the descriptive words a recipe puts around an ingredient name ("2 large eggs",
 * "fresh basil leaves", "finely chopped onion") that the compiler drops before matching, per
 * language. Runtime matching of user input never uses this (it stays strictly whole-name).
 *
 * Words are normalised (normalizeName) and dropped anywhere in the name; multi-word phrases are
 * listed with hyphens. Only words that never change *which* ingredient is meant belong here
 * ('fresh', 'large', 'chopped'); 'sweet', 'smoked', 'brown', 'ground' stay (sweet potato, brown sugar).
 */
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
  ],
  de: ['frisch', 'frische', 'frischer', 'frischen', 'groß', 'große', 'großen', 'klein', 'kleine', 'kleinen', 'mittelgroße', 'mittelgroßen', 'gehackt', 'gehackte', 'fein', 'grob', 'gewürfelt', 'gerieben', 'geriebener', 'geschält', 'weiche', 'weiche', 'zimmerwarme', 'etwas', 'nach', 'geschmack', 'bio', 'gemahlen', 'gemahlener', 'getrocknet', 'getrocknete', 'und', 'oder', 'evtl', 'ca'],
  fr: ['frais', 'fraîche', 'fraiche', 'gros', 'grosse', 'petit', 'petite', 'petits', 'petites', 'haché', 'hachée', 'hache', 'hachee', 'émincé', 'emince', 'râpé', 'rape', 'moulu', 'de', 'du', 'des', 'la', 'le', 'les', 'bio', 'sec', 'sèche'],
  es: ['fresco', 'fresca', 'frescos', 'frescas', 'grande', 'grandes', 'pequeño', 'pequeña', 'picado', 'picada', 'rallado', 'rallada', 'de', 'del', 'la', 'el', 'al', 'gusto'],
  it: ['fresco', 'fresca', 'freschi', 'fresche', 'grande', 'grandi', 'piccolo', 'piccola', 'tritato', 'tritata', 'grattugiato', 'di', 'del', 'della', 'q.b', 'qb', 'extravergine', 'extra-vergine'],
  nl: ['vers', 'verse', 'grote', 'kleine', 'gehakt', 'gehakte', 'geraspt', 'geraspte', 'fijngehakt', 'fijngehakte'],
  sv: ['färsk', 'färska', 'stor', 'stora', 'liten', 'små', 'hackad', 'hackade', 'riven', 'rivet', 'finhackad', 'finhackade'],
  zh: [],
};

const compiled = new Map<string, Set<string>>();

export function descriptorSet(language: string): Set<string> {
  const lang = language.toLowerCase().slice(0, 2);
  let set = compiled.get(lang);
  if (!set) {
    set = new Set([...(DESCRIPTORS[lang] ?? []), ...(lang === 'en' ? [] : DESCRIPTORS.en ?? [])]);
    compiled.set(lang, set);
  }
  return set;
}
