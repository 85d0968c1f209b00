import { describe, expect, it } from 'vitest';
import { splitCombinedLine } from '../../../build/normalize/combined-lines.ts';

// Issue 21, item 1: a line that holds several quantities of several ingredients.
const KNOWN: Record<string, string> = { cornstarch: 'cornstarch', water: 'water', 'chicken broth': 'chicken-stock', butter: 'butter', sugar: 'sugar' };
const idOf = (part: string) => Object.entries(KNOWN).find(([name]) => part.toLowerCase().includes(name))?.[1];

describe('splitCombinedLine', () => {
  it('splits two ingredients with an amount each at the plus sign (real lines)', () => {
    expect(splitCombinedLine('1 tablespoon cornstarch + 1 tablespoon cold water', idOf)).toEqual(['1 tablespoon cornstarch', '1 tablespoon cold water']);
    expect(splitCombinedLine('8 cups chicken broth + 2 cups water', idOf)).toEqual(['8 cups chicken broth', '2 cups water']);
  });

  it('keeps a line whole when a part has no amount or names no known ingredient', () => {
    expect(splitCombinedLine('15 g gehobelt + 1 EL frisch gerieben Parmesan', idOf)).toEqual(['15 g gehobelt + 1 EL frisch gerieben Parmesan']);
    expect(splitCombinedLine('1 cup + 2 tbsp sugar', idOf)).toEqual(['1 cup + 2 tbsp sugar']);
    expect(splitCombinedLine('salt + pepper', idOf)).toEqual(['salt + pepper']);
    expect(splitCombinedLine('1/4 cup plus 2 tablespoons sugar', idOf)).toEqual(['1/4 cup plus 2 tablespoons sugar']);
  });
});
