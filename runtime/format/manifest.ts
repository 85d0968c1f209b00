/** manifest.json, the entry point of a dataset directory (FORMAT.md § 3 Manifest). Written last. */
export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: 'recipe-db';
  formatVersion: number;
  /** First 16 hex digits of SHA-256 over the sorted "path sha256" lines of `files`. */
  datasetVersion: string;
  recordsPerShard: number;
  counts: { recipes: number; ingredients: number; shards: number };
  /** Source names the recipes were compiled from, sorted. */
  sources: string[];
  /** Every file of the dataset except the manifest itself, sorted by path. */
  files: ManifestFile[];
}
