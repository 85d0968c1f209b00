/** A dataset file that is not what the format says (FORMAT.md): corrupt, altered or of another version. */
export class FormatError extends Error {
  override name = 'FormatError';
}
