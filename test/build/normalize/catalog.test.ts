import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { spellingKey } from '../../../runtime/format/normalize-name.ts';
import { type Catalog, canonicalName, candidateNames, loadCatalog, matchRecipeIngredient, normalizeName } from '../../../build/normalize/catalog.ts';

const DATASET = join(import.meta.dirname, '../../../dataset');
let catalog: Catalog;
beforeAll(() => {
  catalog = loadCatalog(DATASET);
});

describe('catalog matching', () => {
  it("matches 'kyckling' and 'Hähnchen' to chicken", () => {
    expect(catalog.match('kyckling')).toBe('chicken');
    expect(catalog.match('Hähnchen', 'de')).toBe('chicken');
  });
  it('does not match chicken thighs to chicken by substring', () => {
    expect(catalog.match('chicken thighs')).not.toBe('chicken');
    expect(catalog.match('chicken with rice')).toBeUndefined();
  });
  it("does not match 'tomatoes' unless listed", () => {
    const listed = catalog.get('tomato')?.names.en?.some((n) => normalizeName(n) === 'tomatoes');
    expect(catalog.match('tomatoes')).toBe(listed ? 'tomato' : undefined);
    expect(catalog.match('tomatoess')).toBeUndefined();
  });
  it('treats hyphens, spaces, underscores and case alike', () => {
    for (const q of ['olive oil', 'Olive-Oil', 'OLIVE_OIL', '  olive   oil. ']) expect(catalog.match(q)).toBe('olive-oil');
  });
  it('matches an exact id', () => {
    expect(catalog.match('soy-sauce')).toBe('soy-sauce');
  });
  it('does not infer parents', () => {
    expect(catalog.get('chicken')?.parent).toBeDefined();
    expect(catalog.match('poultry')).not.toBe('chicken');
  });
  it('strips descriptive words only through canonicalName at build time', () => {
    expect(catalog.match('fresh large eggs')).toBeUndefined();
    expect(canonicalName('fresh large eggs', 'en')).toBe('eggs');
    expect(matchRecipeIngredient(catalog, 'fresh large eggs', 'en')).toBe('egg');
  });
});

describe('build-time reduction of recipe names (canonicalName, candidateNames)', () => {
  it('drops German, Swedish and English descriptive words', () => {
    expect(canonicalName('frische gehackte Petersilie', 'de')).toBe('petersilie');
    expect(canonicalName('2 große Zwiebeln, gewürfelt', 'de')).toBe('zwiebeln');
    expect(canonicalName('färsk hackad persilja', 'sv')).toBe('persilja');
    expect(canonicalName('boneless skinless chicken thighs', 'en')).toBe('chicken-thighs');
  });
  it("reads the Norwegian ('nb') word lists for recipes tagged 'no', and drops Greek and Hungarian descriptors", () => {
    expect(canonicalName('frisk ingefær', 'no')).toBe('ingefaer'); // normalised: æ folds to ae (FORMAT.md § 13)
    expect(canonicalName('hakket persille', 'nb')).toBe('persille');
    expect(canonicalName('κολοκυθάκι ψιλοκομμένο', 'el')).toBe(canonicalName('κολοκυθάκι', 'el'));
    expect(canonicalName('friss rozmaring', 'hu')).toBe('rozmaring');
  });
  it('matches the curated varieties and translations of the issue-2 rounds, without stealing other names', () => {
    expect(matchRecipeIngredient(catalog, 'Anaheim chiles', 'en')).toBe('anaheim-chile');
    expect(matchRecipeIngredient(catalog, 'green crème de menthe', 'en')).toBe('creme-de-menthe');
    expect(matchRecipeIngredient(catalog, 'orzo', 'en')).toBe('risoni');
    expect(matchRecipeIngredient(catalog, 'orzo', 'it')).toBe('barley');
    expect(matchRecipeIngredient(catalog, 'ramen', 'en')).toBe('instant-noodles');
    expect(matchRecipeIngredient(catalog, 'Eidotter', 'de')).toBe('egg-yolk');
  });
  it('keeps the fixed wrong mappings fixed (leaves are not the fruit, squash is not courgette, farine is flour)', () => {
    expect(matchRecipeIngredient(catalog, 'banana leaves', 'en')).toBe('banana-leaves');
    expect(matchRecipeIngredient(catalog, 'curry leaves', 'en')).toBe('curry-leaves');
    expect(matchRecipeIngredient(catalog, 'squash', 'en')).toBe('squash');
    expect(matchRecipeIngredient(catalog, 'Farine', 'fr')).toBe('flour');
    expect(matchRecipeIngredient(catalog, '香菜粉', 'zh')).toBe('coriander');
    expect(matchRecipeIngredient(catalog, 'nonfat greek yogurt', 'en')).toBe('greek-yogurt');
    expect(matchRecipeIngredient(catalog, 'pheasant or chicken stock', 'en')).toBe('chicken-broth');
  });
  it('picks among reduced names the entry whose own name shares most words with the recipe name', () => {
    expect(matchRecipeIngredient(catalog, 'crushed tomatoes with added purée', 'en')).toBe('canned-crushed-tomatoes');
    expect(matchRecipeIngredient(catalog, 'etwas glatte Petersilie', 'de')).toBe('parsley');
    expect(matchRecipeIngredient(catalog, 'unsalted roasted pistachios', 'en')).toBe('pistachio-nuts');
    expect(matchRecipeIngredient(catalog, 'salted roasted shelled pistachios', 'en')).toBe('salted-pistachios');
    expect(matchRecipeIngredient(catalog, 'whole almonds with skin', 'en')).toBe('almond');
  });
  it('leaves Chinese names whole (no word boundaries to drop at)', () => {
    expect(canonicalName('鸡精', 'zh')).toBe('鸡精');
    expect(matchRecipeIngredient(catalog, '鸡精', 'zh')).toBe('chicken-bouillon-powder');
    expect(matchRecipeIngredient(catalog, '豆瓣酱', 'zh')).toBe('doubanjiang');
  });
  it('tries the first alternative, then the last', () => {
    expect(candidateNames('sherry vinegar or red wine vinegar', 'en')).toContain('sherry-vinegar');
    expect(matchRecipeIngredient(catalog, 'sherry vinegar or red wine vinegar', 'en')).toBe('sherry-vinegar');
    expect(matchRecipeIngredient(catalog, 'bittersweet or semisweet chocolate chips', 'en')).toBe('chocolate-chips');
    expect(matchRecipeIngredient(catalog, 'Butter oder Margarine', 'de')).toBe('butter');
  });
  it('drops counts inside a name ("juice of 1 lemon")', () => {
    expect(matchRecipeIngredient(catalog, 'juice of 1 lemon', 'en')).toBe('lemon-juice');
    expect(matchRecipeIngredient(catalog, 'zest of 2 oranges', 'en')).toBe('orange-zest');
  });
  it('maps cuts of one ingredient to it (wedges, florets), but juice and zest to their own entries', () => {
    expect(matchRecipeIngredient(catalog, 'lime wedges', 'en')).toBe('lime');
    expect(matchRecipeIngredient(catalog, 'broccoli florets', 'en')).toBe('broccoli');
    expect(matchRecipeIngredient(catalog, 'lemon juice', 'en')).toBe('lemon-juice');
  });
});

describe('precision: a compound name never falls back to one of its words', () => {
  it.each([
    ['cream cheese', 'cream'],
    ['softened cream cheese', 'cream'],
    ['chicken stock', 'chicken'],
    ['low-sodium chicken stock', 'chicken'],
    ['peanut butter', 'butter'],
    ['creamy peanut butter', 'butter'],
    ['hot sauce', 'sauce'],
    ['sweet potato', 'potato'],
  ])('%s does not map to %s', (name, wrong) => {
    const id = matchRecipeIngredient(catalog, name, 'en');
    expect(id).not.toBe(wrong);
    expect(id).not.toBe(catalog.match(wrong));
  });
  it('maps those names to their own entries', () => {
    expect(matchRecipeIngredient(catalog, 'cream cheese', 'en')).toBe('cream-cheese');
    expect(matchRecipeIngredient(catalog, 'chicken stock', 'en')).toBe('chicken-broth');
    expect(matchRecipeIngredient(catalog, 'creamy peanut butter', 'en')).toBe('peanut-butter');
  });
});

describe('curated merges', () => {
  it('keeps one id per kitchen ingredient for Tandoor/OFF duplicates', () => {
    expect(catalog.get('vinegar-red-wine')).toBeUndefined();
    expect(catalog.match('red wine vinegar')).toBe('red-wine-vinegar');
    expect(catalog.get('chicken-stock')).toBeUndefined();
    expect(catalog.match('pistachios')).toBe(catalog.match('pistachio nuts'));
  });
  it('adds real ingredients the taxonomy lacks, with diet facts', () => {
    expect(catalog.get('bourbon')).toMatchObject({ vegetarian: true });
    expect(catalog.get('chicken-bouillon-powder')).toMatchObject({ vegan: false, vegetarian: false });
    expect(catalog.get('heavy-cream')).toMatchObject({ vegan: false, dairyFree: false });
  });
});

describe('catalog content', () => {
  it('has unique slug ids', () => {
    const ids = catalog.entries.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
  it('gives identical entries on two loads', () => {
    expect(JSON.stringify(loadCatalog(DATASET).entries)).toBe(JSON.stringify(catalog.entries));
  });
  it('marks meat, dairy and wheat with the right diet facts', () => {
    expect(catalog.get('chicken')).toMatchObject({ vegan: false, vegetarian: false, pescatarian: false });
    expect(catalog.get('butter')).toMatchObject({ vegan: false, dairyFree: false });
    expect(catalog.get('wheat-flour')).toMatchObject({ glutenFree: false });
    expect(catalog.get('salmon')).toMatchObject({ pescatarian: true, vegetarian: false });
  });
});

describe('curated fixes and non-food lines (issue 2, coverage to 95%)', () => {
  it("maps 'jelly' to fruit jelly, not to aspic (dropNames)", () => {
    expect(catalog.match('jelly', 'en')).toBe('fruit-jelly');
    expect(catalog.get('aspic')?.names.en?.map(normalizeName)).not.toContain('jelly');
  });
  it('keeps egg whites and yolks as their own entries under egg', () => {
    expect(catalog.match('egg whites', 'en')).toBe('egg-white');
    expect(catalog.match('egg yolks', 'en')).toBe('egg-yolk');
    expect(catalog.get('egg-white')?.parent).toBe('egg');
  });
  it('merges OFF variants a cook substitutes 1:1 (mergeOff) instead of adding entries', () => {
    expect(catalog.match('part-skim mozzarella', 'en')).toBe('mozzarella');
    expect(catalog.match('cremini mushrooms', 'en')).toBe('mushroom');
  });
  it('marks equipment lines as non-food, and food names never', () => {
    const nonFood = catalog.isNonFood;
    expect(nonFood).toBeDefined();
    expect(nonFood?.('a deep-fry thermometer', 'en')).toBe(true);
    expect(nonFood?.('Equipment: an 8-inch springform pan', 'en')).toBe(true);
    expect(nonFood?.('a 9-inch tart pan with a removable bottom', 'en')).toBe(true);
    expect(nonFood?.('pan drippings', 'en')).toBe(false);
    expect(nonFood?.('orange peel', 'en')).toBe(false);
    expect(nonFood?.('pan blanco', 'es')).toBe(false);
  });
});

describe('build-time reduction: tails, leading measures and brands, slash alternatives (issue 2, coverage past 88%)', () => {
  it('cuts a purpose or addition tail', () => {
    expect(canonicalName('all-purpose flour for dredging', 'en')).toBe('flour');
    expect(candidateNames('kosher salt plus more for seasoning', 'en')).toContain('salt');
    expect(matchRecipeIngredient(catalog, 'vegetable oil for deep-frying', 'en')).toBe('vegetable-oil');
  });
  it('drops old measures and listed brands only at the front', () => {
    expect(canonicalName('a pound of sugar', 'en')).toBe('sugar');
    expect(matchRecipeIngredient(catalog, 'Inspired Organics peanut butter', 'en')).toBe('peanut-butter');
    expect(matchRecipeIngredient(catalog, 'McCormick Gourmet™ Organic Coriander', 'en')).toBe(catalog.match('coriander', 'en'));
    // 'cup' inside a name is kept: peanut butter cups are no peanut butter.
    expect(canonicalName('peanut butter cups', 'en')).toBe('peanut-butter-cups');
  });
  it('reads slash alternatives word by word and as a joiner', () => {
    expect(candidateNames('all-purpose/plain flour', 'en')).toContain('all-purpose-flour');
    expect(matchRecipeIngredient(catalog, 'Gherkin / Cornichons', 'en')).toBe('gherkin');
  });
  it('maps common Chinese names to their entries (curated zh names and entries)', () => {
    expect(catalog.match('排骨', 'zh')).toBe('pork-ribs');
    expect(catalog.match('皮蛋', 'zh')).toBe('century-egg');
    expect(catalog.match('豆豉', 'zh')).toBe('fermented-black-beans');
    expect(catalog.match('芝麻酱', 'zh')).toBe('chinese-sesame-paste');
    expect(catalog.get('century-egg')?.parent).toBe('egg');
    expect(catalog.get('century-egg')?.vegan).toBe(false);
  });
  it('maps "zest and juice of 1 lemon" to the lemon, and keeps juice and zest apart', () => {
    expect(matchRecipeIngredient(catalog, 'zest and juice of 1 lemon', 'en')).toBe('lemon');
    expect(catalog.match('lemon juice', 'en')).toBe('lemon-juice');
  });
  it("does not read Gaelic 'each' (horse) into an English line (dropNames)", () => {
    expect(catalog.match('each', 'en')).toBeUndefined();
  });
});

describe('looser descriptive words, tried last (issue 2, coverage past 88.6%)', () => {
  let cat: Catalog;
  beforeAll(() => {
    cat = loadCatalog(join(import.meta.dirname, '../../../dataset'));
  });
  it('reaches the ingredient under a state or piece word', () => {
    expect(matchRecipeIngredient(cat, 'roasted hazelnuts', 'en')).toBe('hazelnut');
    expect(matchRecipeIngredient(cat, 'dill fronds', 'en')).toBe('dill');
    expect(matchRecipeIngredient(cat, 'turkey at room temperature 1 hour', 'en')).toBe('turkey');
    expect(matchRecipeIngredient(cat, 'LE GUSTO Zimt', 'de')).toBe('cinnamon');
  });
  it('never changes what the stricter rules match', () => {
    expect(matchRecipeIngredient(cat, 'roasted salted peanuts', 'en')).toBe('roasted-peanuts');
    expect(matchRecipeIngredient(cat, 'neutral oil for deep frying', 'en')).toBe('vegetable-oil');
    expect(matchRecipeIngredient(cat, 'steak sauce', 'en')).not.toBe('sauce');
  });
});

describe('names that the one text folding makes alike (issue 21, FORMAT.md § 13)', () => {
  it('resolves a name by its own spelling before a name of another language that folds alike', () => {
    expect(catalog.match('røg')).toBe('smoke'); // not Afrikaans 'Rog' (rye)
    expect(catalog.match('rog')).toBe('rye');
    expect(catalog.match('grønkal')).toBe('kale'); // not Swedish 'Grönkål' (collard greens)
    expect(catalog.match('łubin')).toBe('lupin-bean'); // not Croatian 'Lubin' (sea bass)
    expect(catalog.match('lubin')).toBe('european-seabass');
    expect(catalog.match('misir')).toBe('lentils'); // Somali; Turkish 'Mısır' is corn
    expect(catalog.match('Mısır')).toBe('corn');
    expect(catalog.match('blaðkal')).toBe('pak-choi'); // Icelandic 'blaðkál', not Danish 'Bladkål'
    expect(catalog.match('narinc')).toBe('citrus-fruit'); // Kurdish; Azerbaijani 'narınc' is bitter orange
    expect(catalog.match('narınc')).toBe('bitter-orange');
  });
  it("lets the recipe's language decide first: a Turkish recipe's 'misir' is corn", () => {
    expect(catalog.match('misir', 'tr')).toBe('corn');
    expect(catalog.match('røg', 'da')).toBe('smoke');
    expect(catalog.match('rog', 'af')).toBe('rye');
  });
  it('reads the Hindi names as the language uses them (curated: अजमोद is celery, शराब is liqueur)', () => {
    expect(catalog.match('अजमोद', 'hi')).toBe('celery');
    expect(catalog.match('शराब', 'hi')).toBe('liqueur');
  });
  it('never resolves a catalog name to an entry that does not spell it so, when one does', () => {
    const spelled = new Map<string, Set<string>>();
    for (const e of catalog.entries) for (const n of Object.values(e.names).flat()) spelled.set(spellingKey(n), (spelled.get(spellingKey(n)) ?? new Set()).add(e.id));
    const wrong: string[] = [];
    for (const e of catalog.entries) {
      for (const n of Object.values(e.names).flat()) {
        const id = catalog.match(n);
        if (id !== undefined && id !== normalizeName(n) && !spelled.get(spellingKey(n))!.has(id)) wrong.push(`${n} -> ${id}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
