/** The one error a dataset that cannot be served raises, and the advice every such message ends with. */
export const REBUILD = 'Run `npm run build` to compile the dataset.';

export class DatasetError extends Error {
  override name = 'DatasetError';
}

/** A file of a dataset for messages: `where` (a directory or a URL) joined with a relative path, without node:path. */
export const joinPath = (where: string, file: string): string => (where.endsWith('/') ? `${where}${file}` : `${where}/${file}`);

/** Runs `make`, turning any failure into a DatasetError that names the file (or the dataset) and says what to run. */
export function checked<T>(dir: string, make: () => T, file?: string): T {
  try {
    return make();
  } catch (e) {
    if (e instanceof DatasetError) throw e;
    throw new DatasetError(`${file === undefined ? dir : joinPath(dir, file)} is malformed: ${(e as Error).message}. ${REBUILD}`);
  }
}
