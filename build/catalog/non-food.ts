/**
 * Build-time: does a recipe's ingredient line name equipment rather than food ("a deep-fry
 * thermometer", "Equipment: an 8-inch springform pan", "parchment paper")? Such lines are not
 * ingredients: they get no canonical id and are not counted for coverage (or, once the compiler
 * uses this, for pantry ingredient counts). Data lives in curated.json `nonFood`:
 *   - `labels`: leading labels that mark a whole line as equipment, any language ("equipment");
 *   - per language: head words and phrases (normalised); a name whose last words (as many as any listed phrase has:
 *     "ice cream maker", "mortar and pestle"),
 *     after asides, a comma tail and a "with …"/"fitted …" clause are dropped, is one of them
 *     names equipment ("round cake pans", "a 9-inch tart pan with a removable bottom"). Each
 *     alternative of "X or Y" is checked: all must be equipment.
 * Only consulted for names that matched no catalog entry, so a food name never becomes non-food.
 */
import { normalizeName } from './normalize-name.ts';

export type NonFoodTest = (name: string, language?: string) => boolean;

export function nonFoodTest(data: Record<string, readonly string[]>): NonFoodTest {
  const labels = (data.labels ?? []).map(normalizeName);
  const heads = new Map<string, Set<string>>();
  const longest = new Map<string, number>();
  for (const [lang, words] of Object.entries(data)) {
    if (lang === 'labels') continue;
    const set = new Set(words.map(normalizeName));
    heads.set(lang, set);
    longest.set(lang, Math.max(1, ...[...set].map((w) => w.split('-').length)));
  }
  return (name, language = 'en') => {
    const lang = language.toLowerCase().slice(0, 2);
    const set = heads.get(lang);
    const whole = normalizeName(name);
    if (labels.some((l) => whole.startsWith(`${l}:`) || whole.startsWith(`${l}-:`) || whole === l)) return true;
    if (!set) return false;
    const core = name.replace(/\([^)]*\)?/gu, ' ').split(/[,;]/u)[0]?.split(/\s(?:with|fitted|for)\s/iu)[0] ?? '';
    const parts = core.split(/\s(?:or|and\/or)\s/iu);
    const max = longest.get(lang) ?? 2;
    return parts.every((p) => {
      const t = normalizeName(p).split('-').filter((x) => x !== '');
      if (t.length === 0) return false;
      // The last word, the last two, … up to the longest listed phrase ("ice cream maker": three).
      for (let n = 1; n <= Math.min(max, t.length); n++) if (set.has(t.slice(-n).join('-'))) return true;
      return false;
    });
  };
}
