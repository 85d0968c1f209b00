import { NUMERIC_FIELDS, PATHS } from '../../runtime/format/constants.ts';
import { encodeNumericIndex } from '../../runtime/format/numeric-index.ts';
import { NUMERIC_KEYS } from '../../runtime/format/numeric-keys.ts';
import type { PartWriter } from './types.ts';

export const numericIndexesWriter: PartWriter = {
  name: 'numeric indexes',
  write({ recipes }) {
    const files = new Map<string, Buffer>();
    for (const field of NUMERIC_FIELDS) {
      const { unit, key } = NUMERIC_KEYS[field];
      files.set(PATHS.numericIndex(field), encodeNumericIndex(field, unit, recipes.map(key)));
    }
    return files;
  },
};
