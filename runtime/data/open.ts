/**
 * Opens a compiled dataset directory through its manifest (wiring only: manifest.ts reads and
 * checks the manifest, file-source.ts reads the files, open-files.ts builds the readers, heads.ts
 * and verify.ts check heads and hashes). Refuses (throws DatasetError with a
 * message that says what to run) on a missing manifest, an unknown format version, a missing
 * file, a size or checksum mismatch, or a malformed file: never serves a file it found wrong.
 *
 * Verification (FORMAT.md § 11):
 * - always, at open (milliseconds at any size): the manifest; every listed file exists with the
 *   manifest's size; the shard count agrees with the recipe count; every container other than
 *   the record shards has the right magic and version (its first 12 bytes; the search index: its
 *   whole header);
 * - on first use, in every mode: each in-memory file is read whole when first needed, checked
 *   against its SHA-256 in the manifest, and its reader checks its header (id table and popularity
 *   list: also their counts); each record shard's header and offset table are read and checked
 *   (their CRC-32C, FORMAT.md § 5) on the first read of that shard, and every record's CRC-32C on
 *   every read. A failure is a DatasetError or FormatError at that moment (an HTTP 503
 *   DATASET_CORRUPT, logged in one line), never a crash and never a wrong answer;
 * - `verify: 'full'` (default here): every file's SHA-256 is checked, and everything above is
 *   loaded and checked, before openDataset returns;
 * - `verify: 'background'`: the SHA-256 check is left to verifyDataset(), which the server runs
 *   right after it starts listening (and stops serving if it fails); it also loads and checks
 *   what was not used yet, so it warms the dataset;
 * - `verify: 'size'`: no whole-file SHA-256 pass (the checks on use above still hold).
 * Record shards and the search index stay on disk and are read by positional reads; every other
 * file is loaded into memory (an aligned buffer) on first use.
 */
import type { Dataset } from './dataset.ts';
import { DatasetFiles } from './files.ts';
import { directoryDriver } from './file-source.ts';
import { checkHeads } from './heads.ts';
import { listedSizes, readManifest } from './manifest.ts';
import { buildReaders, datasetOfFiles } from './open-files.ts';
import { hashAll, hashAllSync, readHead, yieldNow, type VerifyProgress } from './verify.ts';

/** See the module comment: 'full' hashes at open, 'background' leaves it to verifyDataset(), 'size' never hashes whole files (loaded files are still checked). */
export type VerifyMode = 'full' | 'background' | 'size';
export const VERIFY_MODES: readonly VerifyMode[] = ['full', 'background', 'size'];

export interface OpenOptions {
  /** Default 'full'. */
  verify?: VerifyMode;
}

/** The files behind each dataset openDataset returned, for verifyDataset's non-blocking loads. */
const filesOf = new WeakMap<Dataset, DatasetFiles>();

export function openDataset(dir: string, options: OpenOptions = {}): Dataset {
  const manifest = readManifest(dir);
  const verify = options.verify ?? 'full';
  const files = new DatasetFiles(directoryDriver(dir), listedSizes(dir, manifest), new Map(manifest.files.map((f) => [f.path, f.sha256])));
  if (verify === 'full') hashAllSync(files, manifest);
  checkHeads(dir, manifest, readHead(dir));
  const ds = datasetOfFiles(files, manifest, verify === 'full');
  filesOf.set(ds, files);
  return ds;
}

/**
 * Releases a dataset's file descriptors and loaded bytes once nothing reads it any more (the
 * server's hot swap closes the old version after its last in-flight request).
 */
export function closeDataset(ds: Dataset): void {
  filesOf.get(ds)?.close();
}

/**
 * Checks every listed file's SHA-256 without blocking the event loop for long: in-memory files
 * are hashed from the buffer that is served (loading it first, in chunks, if no request has yet), on-disk
 * files are read again in chunks. Then builds every reader not built yet (shard offset tables
 * included), so structural checks run too and the first filtered request finds everything warm.
 * Resolves when all is well; rejects with a DatasetError naming the first file that is not.
 */
export async function verifyDataset(ds: Dataset, onProgress?: (p: VerifyProgress) => void): Promise<void> {
  const files = filesOf.get(ds);
  await hashAll(ds.dir, ds.manifest, (p) => (files ? files.loadAsync(p) : ds.file(p)), onProgress);
  // Structural checks of whatever no request has used yet, a little at a time.
  for (const _ of buildReaders(ds)) await yieldNow();
}
