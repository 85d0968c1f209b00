import { RECORDS_PER_SHARD, PATHS, type RecordTuple } from '../../runtime/format/constants.ts';
import { encodeShard } from '../../runtime/format/shard.ts';
import { encodeIdTable } from '../../runtime/format/id-table.ts';
import { recipeJson } from './recipe-json.ts';
import type { PartWriter } from './types.ts';

/** Record shards (RECORDS_PER_SHARD records each) and the id → doc table. */
export const recordsWriter: PartWriter = {
  name: 'records',
  write({ recipes }) {
    const files = new Map<string, Buffer>();
    for (let first = 0, shard = 0; first < recipes.length; first += RECORDS_PER_SHARD, shard++) {
      const tuples: RecordTuple[] = recipes
        .slice(first, first + RECORDS_PER_SHARD)
        .map((r) => [r.id, Buffer.from(recipeJson(r), 'utf8')]);
      files.set(PATHS.shard(shard), encodeShard(first, tuples));
    }
    files.set(PATHS.ids, encodeIdTable(recipes.map((r) => r.id)));
    return files;
  },
};
