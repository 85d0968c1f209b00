/**
 * The names of one request resolved together (runtime/api/resolve-names.ts): a lookup that meets
 * bytes not fetched yet (NeedBytes) lets the parse go on over the other names, so that every
 * lookup is made (and its miss noted) before the first NeedBytes is thrown; anything else is
 * thrown at once, and with nothing missing the parse's result is returned as it is.
 */
import { describe, expect, it } from 'vitest';
import { withNamesResolved } from '../../../runtime/api/resolve-names.ts';
import { NeedBytes } from '../../../runtime/client/source.ts';
import type { Engine } from '../../../runtime/query/engine.ts';

function engineOf(resolve: (name: string) => string | undefined): { engine: Engine; asked: string[] } {
  const asked: string[] = [];
  const engine = { resolveIngredient: (name: string) => (asked.push(name), resolve(name)) } as unknown as Engine;
  return { engine, asked };
}

const parseAll = (names: string[]) => (resolve: (name: string) => string | undefined) => names.map(resolve);

describe('withNamesResolved', () => {
  it('looks every name up before it throws the first NeedBytes', () => {
    const first = new NeedBytes([{ path: 'catalog.bin', start: 0, end: 1024 }]);
    const { engine, asked } = engineOf((name) => {
      if (name === 'rice') throw first;
      if (name === 'onion') throw new NeedBytes([{ path: 'catalog.bin', start: 4096, end: 5120 }]);
      return name.toUpperCase();
    });
    expect(() => withNamesResolved(engine, parseAll(['rice', 'garlic', 'onion']))).toThrow(first);
    expect(asked).toEqual(['rice', 'garlic', 'onion']);
  });

  it('returns the parse as it is when nothing is missing, and throws any other error at once', () => {
    expect(withNamesResolved(engineOf((n) => (n === 'x' ? undefined : `id-${n}`)).engine, parseAll(['a', 'x']))).toEqual(['id-a', undefined]);
    const { engine, asked } = engineOf((name) => {
      if (name === 'bad') throw new Error('corrupt block');
      return name;
    });
    expect(() => withNamesResolved(engine, parseAll(['bad', 'later']))).toThrow('corrupt block');
    expect(asked).toEqual(['bad']);
  });
});
