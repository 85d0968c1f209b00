/** Real source records by source and key, compiled with the real catalog (for the label model's tests). */
import { join } from 'node:path';
import { loadCatalog, type Catalog } from '../../build/normalize/catalog.ts';
import { ADAPTERS } from '../../build/sources/index.ts';
import type { SourceRecord } from '../../build/sources/types.ts';

export const DATASET = join(import.meta.dirname, '../../dataset');

const bySource = new Map<string, SourceRecord[]>();
let catalog: Catalog | undefined;

export function realRecord(source: string, key: string): SourceRecord {
  let records = bySource.get(source);
  if (!records) {
    const adapter = ADAPTERS.find((a) => a.name === source);
    if (!adapter) throw new Error(`no source ${source}`);
    bySource.set(source, (records = adapter.read(join(DATASET, 'sources', source))));
  }
  const rec = records.find((r) => r.key === key);
  if (!rec) throw new Error(`no record ${source}:${key}`);
  return rec;
}

export const realCatalog = (): Catalog => (catalog ??= loadCatalog(DATASET));
