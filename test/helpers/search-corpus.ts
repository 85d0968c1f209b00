import { makeRecipe } from './make-recipe.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';

/** A deterministic generator (LCG) of floats in [0, 1). */
export function random(seed: number): () => number {
  return () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

export const step = (text: string) => [{ step: 1, text }];

/** Docs whose fields hold each of `words` with its probability (repeated 1..3 times), among tail words. */
export function corpus(n: number, words: Record<string, number>, language: (i: number) => string, seed: number): Recipe[] {
  const rand = random(seed);
  const tail = Array.from({ length: 120 }, (_, i) => `t${String.fromCharCode(97 + (i % 26))}q${i}`);
  const field = (n: number, scale: number) => {
    const out = Array.from({ length: 1 + Math.floor(rand() * n) }, () => tail[Math.floor(tail.length * rand())]!);
    for (const [w, p] of Object.entries(words)) {
      if (rand() < p * scale) for (let k = 1 + Math.floor(rand() * 3); k > 0; k--) out.splice(Math.floor(rand() * out.length), 0, w);
    }
    return out.join(' ');
  };
  return Array.from({ length: n }, (_, i) =>
    makeRecipe({ id: `p${i}`, language: language(i), title: field(3, 0.4), description: field(10, 0.6), instructions: step(field(25, 0.8)) }),
  );
}

/** A 0/1 mask of the recipes f allows. */
export const maskOf = (recipes: readonly Recipe[], f: (r: Recipe) => boolean): Uint8Array => Uint8Array.from(recipes, (r) => (f(r) ? 1 : 0));
