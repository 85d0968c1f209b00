import { describe, expect, it } from 'vitest';
import { candidateNames, canonicalName, looseCandidates } from '../../../build/catalog/canonical-name.ts';

/** Pure rules of build/catalog/canonical-name.ts (no catalog load): which reduced forms are offered, in order. */
describe('alternatives sharing a head ("X or Y stock")', () => {
  it('tries the longer last alternative before a one-word first one', () => {
    const c = candidateNames('pheasant or chicken stock', 'en');
    expect(c.indexOf('chicken-stock')).toBeGreaterThanOrEqual(0);
    expect(c.indexOf('chicken-stock')).toBeLessThan(c.indexOf('pheasant'));
    const l = candidateNames('lemon or lime juice', 'en');
    expect(l.indexOf('lime-juice')).toBeLessThan(l.indexOf('lemon'));
  });
  it('keeps the first alternative first when both are whole names or the last is a fallback', () => {
    const s = candidateNames('sherry vinegar or red wine vinegar', 'en');
    expect(s.indexOf('sherry-vinegar')).toBeLessThan(s.indexOf('red-wine-vinegar'));
    const o = candidateNames('linguine or other long pasta', 'en');
    expect(o.indexOf('linguine')).toBeLessThan(o.indexOf('long-pasta'));
    const b = candidateNames('Butter oder Margarine', 'de');
    expect(b.indexOf('butter')).toBeLessThan(b.indexOf('margarine'));
  });
  it('never splits at a joiner that opens the name ("bzw. Prise: Garam Masala oder Zimt")', () => {
    expect(candidateNames('bzw. Prise : Garam Masala oder Zimt', 'de')).toContain('zimt');
  });
});

describe('abbreviation dots and leading measures', () => {
  it('reads "tsp." and "unid." as the words', () => {
    expect(canonicalName('unid. cebola grande', 'pt')).toBe('cebola');
    expect(candidateNames('Diamond Crystal or 1 tsp. Morton kosher salt', 'en')).toContain('salt');
  });
  it('drops informal measures and servings from the front', () => {
    expect(canonicalName('glugs of fish sauce', 'en')).toBe('fish-sauce');
    expect(canonicalName('a glass of milk', 'en')).toBe('milk');
    expect(canonicalName('recipe guacamole', 'en')).toBe('guacamole');
    expect(canonicalName('batch rough puff pastry', 'en')).toBe('rough-puff-pastry');
    expect(canonicalName('giant handfuls baby spinach', 'en')).toBe('spinach');
    expect(canonicalName('diameter corn tortillas', 'en')).toBe('corn-tortillas');
    expect(canonicalName('enough flour', 'en')).toBe('flour');
    expect(canonicalName('each ground cumin', 'en')).toBe('ground-cumin');
    expect(canonicalName('frozen petit pois defrosted', 'en')).toBe('petit-pois');
    expect(canonicalName('Rolle Blätterteig', 'de')).toBe('blatterteig');
    expect(canonicalName('zwei Stangen Frühlingslauch', 'de')).toBe('fruhlingslauch');
    expect(canonicalName('bolletje zwarte peper', 'nl')).toBe('zwarte-peper');
  });
  it("keeps 'glass' in glass noodles and no longer drops Frank's (the rest would be bare 'sauce')", () => {
    expect(canonicalName('glass noodles', 'en')).toBe('glass-noodles');
    expect(canonicalName("Frank's RedHot sauce", 'en')).toBe('franks-redhot-sauce');
  });
});

describe('last stage: a clause after the ingredient (looseCandidates)', () => {
  it('cuts "with …", "in …", "mixed/beaten/dissolved …", "per …", "to …"', () => {
    expect(looseCandidates('large shrimp with shells', 'en')).toContain('shrimp');
    expect(looseCandidates('egg yolk beaten with 1 Tbsp water', 'en')).toContain('egg-yolk');
    expect(looseCandidates('cornstarch dissolved in 2 tablespoons water', 'en')).toContain('cornstarch');
    expect(looseCandidates('green olives in brine', 'en')).toContain('green-olives');
    expect(looseCandidates('fresh flat-leaf parsley leaves with tender stems', 'en')).toContain('fresh-flat-leaf-parsley-leaves');
    expect(looseCandidates('butter per chicken breast', 'en')).toContain('butter');
    expect(looseCandidates('egg to glaze', 'en')).toContain('egg');
    expect(looseCandidates('gemischte Bohnen aus der Dose', 'de')).toContain('gemischte-bohnen');
  });
  it('cuts only at spaces: bone-in, oil-packed and julienne-cut stay whole', () => {
    expect(looseCandidates('bone-in pork rib roast', 'en')).not.toContain('bone');
    expect(looseCandidates('drained oil-packed Calabrian chiles', 'en')).not.toContain('oil');
    expect(looseCandidates('julienne-cut carrot peels', 'en')).not.toContain('julienne');
  });
  it('is never offered before the stricter candidates', () => {
    const strict = candidateNames('large shrimp with shells', 'en');
    for (const c of looseCandidates('large shrimp with shells', 'en')) expect(strict).not.toContain(c);
  });
});

describe('last stage: a line naming two ingredients', () => {
  it('takes the first ingredient', () => {
    expect(looseCandidates('fresh basil and cilantro', 'en')).toContain('basil');
    expect(looseCandidates('fresh basil and cilantro', 'en')).not.toContain('cilantro');
    expect(looseCandidates('cornstarch + 1 tablespoon cold water', 'en')).toContain('cornstarch');
    expect(looseCandidates('EACH: old bay seasoning AND lemon zest', 'en')).toContain('old-bay-seasoning');
    expect(looseCandidates('zeezoutvlokken en zwarte peper', 'nl')).toContain('zeezoutvlokken');
    expect(looseCandidates('Zucker & Zimt', 'de')).toContain('zucker');
  });
  it('then the last, when a one-word first shares its head ("red and green bell peppers"), never otherwise', () => {
    const c = looseCandidates('red and green bell peppers', 'en');
    expect(c).toContain('green-bell-peppers');
    expect(c.indexOf('red')).toBeLessThan(c.indexOf('green-bell-peppers'));
    expect(looseCandidates('mac and cheese', 'en')).not.toContain('cheese');
  });
  it('leaves a product named by two ingredients whole ("lemongrass and cilantro sauce", "onion and garlic mix")', () => {
    expect(looseCandidates('Lemongrass and Cilantro Sauce', 'en')).not.toContain('lemongrass');
    expect(looseCandidates('Onion and Garlic Mix', 'en')).not.toContain('onion');
    expect(looseCandidates('Sour Cream and Onion Dip', 'en')).not.toContain('sour-cream');
    expect(looseCandidates('zeezoutvlokken en zwarte peper', 'nl').indexOf('zeezoutvlokken')).toBe(0);
  });
});

describe('round 2 rules (curators)', () => {
  it('drops the new English descriptors and leading measures', () => {
    expect(canonicalName('firm but ripe pears', 'en')).toBe('pears');
    expect(canonicalName('Hot cooked basmati rice', 'en')).toBe('basmati-rice');
    expect(canonicalName('center-cut pork loin', 'en')).toBe('pork-loin');
    expect(canonicalName('lime wheels', 'en')).toBe('lime');
    expect(canonicalName('feet small hog casings', 'en')).toBe('hog-casings');
    expect(canonicalName('fed sourdough starter', 'en')).toBe('sourdough-starter');
    expect(canonicalName('Info 2 oz. Sour Cream', 'en')).toBe('sour-cream');
    expect(canonicalName('gms melted Lurpak butter', 'en')).toBe('butter');
    expect(canonicalName('Curry powder of your favourite variety', 'en')).toBe('curry-powder');
    expect(canonicalName('Paccheri IGP', 'it')).toBe('paccheri');
  });
  it('keeps hot, ground and sweet (they change the ingredient)', () => {
    expect(canonicalName('hot sauce', 'en')).toBe('hot-sauce');
    expect(canonicalName('ground cumin', 'en')).toBe('ground-cumin');
  });
  it('drops counts written with marks ("1:1:1*", "18 %") but keeps "/", "&" and "+"', () => {
    expect(canonicalName('1:1* Sugar', 'en')).toBe('sugar');
    expect(candidateNames('sea salt & pepper', 'en')).not.toContain('sea-salt-pepper');
  });
  it('drops leading words behind descriptive ones, and trailing brands', () => {
    expect(canonicalName('Plm. 750 gram spitskool', 'nl')).toBe('spitskool');
    expect(canonicalName('dünne Stangen grünen Spargel', 'de')).toBe('grunen-spargel');
    expect(canonicalName('soľ Kania', 'sk')).toBe('sol');
    expect(canonicalName('Kania', 'sk')).toBe('kania');
    expect(canonicalName('rol Tante Fanny vers bladerdeeg 270 gr', 'nl')).toBe('bladerdeeg');
    expect(canonicalName('TINE® Yoghurt', 'no')).toBe('yoghurt');
    expect(canonicalName('Arla Ko® Syrad grädde', 'sv')).toBe('syrad-gradde');
  });
  it('reads per-language descriptors (de, nl, da, sv, pt, pl, hr, fr)', () => {
    expect(canonicalName('leicht erwärmte Buttermilch', 'de')).toBe('buttermilch');
    expect(canonicalName('Bio-Topfkräuter Petersilie', 'de')).toBe('petersilie');
    expect(canonicalName('gekoelde zalmloin', 'nl')).toBe('zalmloin');
    expect(canonicalName('ferske makrelfileter', 'da')).toBe('makrelfileter');
    expect(canonicalName('konc kalvfond', 'sv')).toBe('kalvfond');
    expect(canonicalName('floretes de brócolis picadinhos', 'pt')).toBe('brocolis');
    expect(canonicalName('łyżka drobno posiekanego koperku', 'pl')).toBe('koperku');
    expect(canonicalName('svježe iscijeđenog limunovog soka', 'hr')).toBe('limunovog-soka');
    expect(canonicalName('bacon croustillant émietté', 'fr')).toBe('bacon');
  });
  it('splits French and Italian elisions ("d\'olives")', () => {
    expect(canonicalName("Une vingtaine d'olives noires", 'fr')).toBe('olives-noires');
    expect(canonicalName("dell'olio", 'it')).toBe('dell-olio');
    expect(canonicalName("confectioners' sugar", 'en')).toBe('confectioners-sugar');
  });
  it('Chinese: 或 inside a word is an alternative; 约/冷冻/新鲜 are descriptors, glued or not', () => {
    expect(candidateNames('剑骨鱼或鲤鱼', 'zh')).toContain('鲤鱼');
    expect(canonicalName('西兰花 约', 'zh')).toBe('西兰花');
    expect(canonicalName('冷冻花卷', 'zh')).toBe('花卷');
    expect(canonicalName('冷冻', 'zh')).toBe('');
  });
  it('Danish "el." offers an alternative', () => {
    expect(candidateNames('cornichoner el. drueagurker', 'da')).toContain('drueagurker');
  });
  it('last stage: "X from canned Y", descriptors before a hyphenated name, never a bare part', () => {
    expect(looseCandidates('adobo sauce from canned chipotle chiles in adobo', 'en')).toContain('adobo-sauce');
    expect(looseCandidates('cold half-and-half', 'en')).toContain('half-and-half');
    expect(looseCandidates('seeds from 5 cardamom pods', 'en')).not.toContain('seeds');
    expect(looseCandidates('plus more', 'en')).not.toContain('more');
    expect(looseCandidates('Juice and zest from 2 lemons', 'en')).toContain('zest-lemons');
  });
  it('a one-word first alternative followed by a dropped word is a whole name ("purslane leaves or … romaine lettuce")', () => {
    const c = candidateNames('purslane leaves or additional 3/4"-strips romaine lettuce', 'en');
    expect(c.indexOf('purslane')).toBeLessThan(c.indexOf('romaine-lettuce'));
  });
});

describe('non-food phrases of any length and invisible characters', () => {
  it('matches listed three-word phrases ("ice cream maker")', async () => {
    const { nonFoodTest } = await import('../../../build/catalog/non-food.ts');
    const test = nonFoodTest({ en: ['ice cream maker', 'mortar and pestle', 'pan'] });
    expect(test('an ice cream maker', 'en')).toBe(true);
    expect(test('a mortar and pestle', 'en')).toBe(true);
    expect(test('a 9-inch pan', 'en')).toBe(true);
    expect(test('vanilla ice cream', 'en')).toBe(false);
  });
  it('normalizeName drops soft hyphens and zero-width spaces', async () => {
    const { normalizeName } = await import('../../../runtime/format/normalize-name.ts');
    expect(normalizeName('Peter\u00adsilie')).toBe('petersilie');
    expect(normalizeName('Weizen\u00ad\u00admehl')).toBe('weizenmehl');
    expect(normalizeName('ba\u200bsil\ufeff')).toBe('basil');
  });
});
