/**
 * Upstream identity of each copied source snapshot (see dataset/sources/<name>/README.md and
 * NOTICE). Used for the public address of recipes that have no web page of their own (a GitHub
 * blob URL pinned at the recorded commit) and for the deterministic last-resort createdAt.
 */
export interface Snapshot {
  repo: string;
  commit: string;
  /** Commit date (UTC day) as given in the README. */
  date: string;
}

export const SNAPSHOTS = {
  'recipe-scrapers': { repo: 'hhursev/recipe-scrapers', commit: 'd08ddd0240ee0ff73dd9d705e43077a821944716', date: '2026-08-21' },
  howtocook: { repo: 'Anduin2017/HowToCook', commit: 'cbeb536760320efe24f9a61fe354a318d5887e30', date: '2026-08-20' },
  'howtocook-json': { repo: 'DingJunyao/HowToCook_json', commit: '645caf8c3eb86c06d3d8f8248abb46e21090e9fa', date: '2026-03-13' },
  'public-domain-recipes': { repo: 'ronaldl29/public-domain-recipes', commit: '61b488ee25afd3abacc7aec408752f3987a9f8b3', date: '2026-03-02' },
  'recipe-db-de': { repo: 'ZeKalanga/recipe-db', commit: '503673e52fa8e9e62193770270f8fde5e0e66429', date: '2025-10-11' },
  'iba-cocktails': { repo: 'rasmusab/iba-cocktails', commit: '9148d3302f582b06695684f3bb446631ab99d160', date: '2023-03-12' },
  epicurious: { repo: 'RetroCaterpillar/Recepie-Generator', commit: '17ba81238e86251933e2718655302ece8d0fa231', date: '2024-12-20' },
} satisfies Record<string, Snapshot>;

/** https://github.com/<repo>/blob/<commit>/<path>, path segments percent-encoded. */
export function blobUrl(snapshot: Snapshot, path: string): string {
  return `https://github.com/${snapshot.repo}/blob/${snapshot.commit}/${encodePath(path)}`;
}

/** https://raw.githubusercontent.com/<repo>/<commit>/<path>: a file (e.g. an image) at the commit. */
export function rawUrl(snapshot: Snapshot, path: string): string {
  return `https://raw.githubusercontent.com/${snapshot.repo}/${snapshot.commit}/${encodePath(path)}`;
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
