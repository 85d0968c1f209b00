/**
 * Diet facts of one OFF node, from OFF's vegan/vegetarian values (inherited from the nearest
 * ancestor that has one) and from which curated root categories (meat, fish, dairy, egg, gluten
 * cereals, gluten-free families) the node sits under. Absent = unknown.
 */
import type { DietFacts, DietRoots } from './curated.ts';
import { ancestors, inheritedTriState } from './off-ancestry.ts';
import type { OffNode } from './off-reader.ts';

export interface RootSets {
  meat: Set<string>;
  fish: Set<string>;
  dairy: Set<string>;
  egg: Set<string>;
  gluten: Set<string>;
  glutenFree: Set<string>;
}

export function rootSets(roots: DietRoots): RootSets {
  return {
    meat: new Set(roots.meat),
    fish: new Set(roots.fish),
    dairy: new Set(roots.dairy),
    egg: new Set(roots.egg),
    gluten: new Set(roots.gluten),
    glutenFree: new Set(roots.glutenFree),
  };
}

function fromTri(v: string | undefined): boolean | undefined {
  return v === 'yes' ? true : v === 'no' ? false : undefined;
}

export function offDietFacts(nodes: Map<string, OffNode>, id: string, roots: RootSets): DietFacts {
  const line = ancestors(nodes, id);
  const under = (set: Set<string>): boolean => line.some((a) => set.has(a));
  const meat = under(roots.meat);
  const fish = under(roots.fish);
  const dairy = under(roots.dairy);
  const egg = under(roots.egg);
  const gluten = under(roots.gluten) || line.some((a) => nodes.get(a)?.allergens.includes('en:gluten'));
  const veganTri = fromTri(inheritedTriState(nodes, id, 'vegan'));
  const vegetarianTri = fromTri(inheritedTriState(nodes, id, 'vegetarian'));

  const vegan = meat || fish || dairy || egg ? false : veganTri;
  const vegetarian = meat || fish ? false : vegetarianTri ?? (dairy || egg || vegan === true ? true : undefined);
  const pescatarian = meat ? false : fish ? true : vegetarian;
  const dairyFree = dairy ? false : vegan === true || meat || fish || egg ? true : undefined;
  const glutenFree = gluten ? false : under(roots.glutenFree) ? true : undefined;
  return clean({ vegan, vegetarian, pescatarian, dairyFree, glutenFree });
}

/** Drops undefined members so that entries carry only known facts. */
export function clean(f: DietFacts): DietFacts {
  const out: DietFacts = {};
  for (const k of ['vegan', 'vegetarian', 'pescatarian', 'dairyFree', 'glutenFree'] as const) {
    const v = f[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}
