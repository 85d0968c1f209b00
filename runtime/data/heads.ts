/**
 * Magic and version at the head of every container (FORMAT.md § 11), from a few bytes of each
 * file however they are reached (the server: a read of the file's head; the offline client: the
 * bytes it has). Needs no file system.
 */
import { FORMAT_VERSION, MAGIC, PATHS, type FileKind } from '../format/constants.ts';
import { decodeContainer } from '../format/container.ts';
import { latin1, u32le } from '../format/bytes.ts';
import type { Manifest } from '../format/manifest.ts';
import { checked, DatasetError, joinPath, REBUILD } from './dataset-error.ts';

/** The first `length` bytes of a listed file (fewer if it is shorter). */
export type ReadHead = (p: string, length: number) => Uint8Array;

/**
 * Magic and version of every container but the shards (checked on their first read): a few
 * hundred bytes in all, so a wrong file still stops the start.
 */
export function checkHeads(dir: string, manifest: Manifest, readHead: ReadHead): void {
  for (const f of manifest.files) {
    if (!f.path.startsWith('records/')) checked(dir, () => checkHead(joinPath(dir, f.path), f.path, f.bytes, readHead), f.path);
  }
}

/**
 * The container kind each known path must hold. Files the manifest lists beyond these (parts
 * added by other modules) must hold some known kind.
 */
function expectedKind(p: string): FileKind | undefined {
  if (p.startsWith('records/')) return 'shard';
  if (p.startsWith('index/') || p === PATHS.pantryByTotal) return 'bitmapIndex';
  if (p.startsWith('numeric/')) return 'numericIndex';
  if (p === PATHS.ids) return 'idTable';
  if (p === PATHS.popular) return 'docList';
  if (p === PATHS.catalog) return 'catalog';
  if (p === PATHS.searchIndex) return 'searchIndex';
  return undefined;
}

const KIND_BY_MAGIC = new Map(Object.entries(MAGIC).map(([k, m]) => [m as string, k as FileKind]));

/**
 * Magic and version of a container from its first 12 bytes (the kind its path calls for, or any
 * known kind for other files); the search index, which stays on disk, has its whole header
 * decoded too (a few hundred bytes).
 */
function checkHead(full: string, name: string, size: number, readHead: ReadHead): void {
  const head = readHead(name, 12);
  const kind = expectedKind(name) ?? KIND_BY_MAGIC.get(latin1(head, 0, 4));
  if (!kind) throw new DatasetError(`${full}: not a recipe-db container file. ${REBUILD}`);
  if (head.length < 12) throw new DatasetError(`${full}: file too short to be a ${kind} file. ${REBUILD}`);
  const magic = latin1(head, 0, 4);
  if (magic !== MAGIC[kind]) throw new DatasetError(`${full}: expected magic ${MAGIC[kind]}, found ${JSON.stringify(magic)}. ${REBUILD}`);
  const version = u32le(head, 4);
  if (version !== FORMAT_VERSION) throw new DatasetError(`${full}: format version ${version}, this runtime reads version ${FORMAT_VERSION}. ${REBUILD}`);
  if (kind === 'searchIndex') decodeContainer(kind, readHead(name, Math.min(size, 12 + u32le(head, 8))), name);
}
