import { RECORDS_PER_SHARD, PATHS, type RecordTuple } from '../../runtime/format/constants.ts';
import { encodeShard } from '../../runtime/format/shard.ts';
import { encodeIdTable } from '../../runtime/format/id-table.ts';
import type { PartWriter } from './types.ts';

/**
 * Record shards (RECORDS_PER_SHARD records each) and the id → doc table. Each shard is emitted
 * as soon as it is full, so at most one shard's records are held at a time.
 */
export const recordsWriter: PartWriter = {
  name: 'records',
  begin({ recipeCount, emit }) {
    const ids: string[] = new Array<string>(recipeCount);
    let tuples: RecordTuple[] = [];
    let first = 0;
    const flush = () => {
      if (tuples.length === 0) return;
      emit(PATHS.shard(first / RECORDS_PER_SHARD), encodeShard(first, tuples));
      first += tuples.length;
      tuples = [];
    };
    return {
      add(doc, recipe, json) {
        if (doc !== first + tuples.length) throw new Error(`records: doc ${doc} out of order`);
        ids[doc] = recipe.id;
        tuples.push([recipe.id, Buffer.from(json, 'utf8')]);
        if (tuples.length === RECORDS_PER_SHARD) flush();
      },
      finish() {
        flush();
        ids.length = first;
        emit(PATHS.ids, encodeIdTable(ids));
      },
    };
  },
};
