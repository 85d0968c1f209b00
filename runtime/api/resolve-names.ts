/**
 * Ingredient names of one request resolved in one round of fetching. Over a lazy source (the
 * offline client) a name's lookup that meets bytes not fetched yet throws NeedBytes
 * (runtime/client/source.ts); the source has noted the miss by then, and the client throws the
 * whole run away whenever a read missed (until-held.ts). So the parse goes on over such a name as
 * if it were unknown, every other name's lookup notes its own miss, and the first NeedBytes is
 * thrown once the parse is done: one round fetches the blocks of every name, not one round per
 * name. On the server nothing is ever missing and this changes nothing.
 */
import type { Engine } from '../query/engine.ts';

export function withNamesResolved<T>(engine: Engine, parse: (resolve: (name: string) => string | undefined) => T): T {
  let missing: { error: unknown } | undefined;
  const result = parse((name) => {
    try {
      return engine.resolveIngredient(name);
    } catch (error) {
      // By name: the query core does not import the client.
      if (!(error instanceof Error && error.name === 'NeedBytes')) throw error;
      missing ??= { error };
      return undefined;
    }
  });
  if (missing) throw missing.error;
  return result;
}
