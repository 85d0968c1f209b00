import { NUMERIC_FIELDS, PATHS } from '../../runtime/format/constants.ts';
import { encodeNumericIndex } from '../../runtime/format/numeric-index.ts';
import { NUMERIC_KEYS } from '../../runtime/format/numeric-keys.ts';
import type { PartWriter } from './types.ts';

/** One numeric index per NUMERIC_FIELDS entry, from each recipe's facts.numeric (its NUMERIC_KEYS). */
export const numericIndexesWriter: PartWriter = {
  name: 'numeric indexes',
  begin({ recipeCount, emit }) {
    const fields = NUMERIC_FIELDS.map((field) => ({ field, unit: NUMERIC_KEYS[field].unit, values: new Array<number | undefined>(recipeCount).fill(undefined) }));
    let count = 0;
    return {
      add(doc, { facts }) {
        fields.forEach((f, i) => (f.values[doc] = facts.numeric[i] ?? undefined));
        count = doc + 1;
      },
      finish() {
        for (const f of fields) {
          f.values.length = count;
          emit(PATHS.numericIndex(f.field), encodeNumericIndex(f.field, f.unit, f.values));
        }
      },
    };
  },
};
