/** The one error a dataset that cannot be served raises, and the advice every such message ends with. */
import path from 'node:path';

export const REBUILD = 'Run `npm run build` to compile the dataset.';

export class DatasetError extends Error {
  override name = 'DatasetError';
}

/** Runs `make`, turning any failure into a DatasetError that names the file (or the dataset) and says what to run. */
export function checked<T>(dir: string, make: () => T, file?: string): T {
  try {
    return make();
  } catch (e) {
    if (e instanceof DatasetError) throw e;
    throw new DatasetError(`${file === undefined ? dir : path.join(dir, file)} is malformed: ${(e as Error).message}. ${REBUILD}`);
  }
}
