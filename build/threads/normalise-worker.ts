/**
 * A pass-1 worker thread (normalise-pool.ts): loads the catalog once, then turns batches of
 * source records (or of a source's raw lines) into recipes, spills each into its own part of the
 * spill (SpillWriter: facts, stored JSON, search texts) and posts back what the main thread keeps
 * of each (createdAt, id, source, key), counting its own share of the build report.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadCatalog, type Catalog } from '../normalize/catalog.ts';
import { addLines, shareLines, takeNewLines } from '../normalize/ingredients.ts';
import { ingredientNameTable } from '../normalize/name-table.ts';
import { toRecipe } from '../normalize/recipe.ts';
import { ReportBuilder } from '../report.ts';
import { ADAPTERS } from '../sources/index.ts';
import { batchLines, type LineBatch, type SourceRecord } from '../sources/types.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import { positionBuffers, SpillWriter } from '../spill/spill.ts';
import { FAILED, RECIPE, SKIPPED, THROWN, type BatchOut, type FromWorker, type ToWorker, type WorkerData } from './normalise-pool.ts';
import { threadPoster } from './thread.ts';

const data = workerData as WorkerData;
const { datasetDir } = data;
const post = threadPoster<FromWorker>(data);
const report = new ReportBuilder();
let catalog: Catalog | undefined;
let spill: SpillWriter | undefined;
if (data.shareLines) shareLines();
try {
  catalog = loadCatalog(datasetDir);
  if (data.sendCatalog) post({ type: 'catalog', entries: catalog.entries, names: ingredientNameTable(catalog) });
  spill = new SpillWriter(data.spill);
} catch (e) {
  post({ type: 'fatal', message: (e as Error).stack ?? String(e) });
}

/** Normalises and spills one record, adding its outcome to `out` (with its key when `key`). */
function normalise(rec: SourceRecord, out: BatchOut, kinds: number[], key: boolean): void {
  let recipe: Recipe;
  try {
    recipe = toRecipe(rec, { catalog: catalog! });
    report.add(recipe);
    spill!.render(recipe);
  } catch (e) {
    kinds.push(FAILED);
    out.errors.push(`${rec.source}:${rec.key}: ${(e as Error).message}`);
    if (key) out.keys.push(rec.key);
    return;
  }
  spill!.commit();
  kinds.push(RECIPE);
  out.createdAt.push(recipe.createdAt);
  out.ids.push(recipe.id);
  out.sources.push(rec.source);
  if (key) out.keys.push(rec.key);
}

function batchOut(): BatchOut {
  return { kinds: new Uint8Array(0), keys: [], createdAt: [], ids: [], sources: [], errors: [] };
}

function normaliseRecords(records: SourceRecord[]): BatchOut {
  const out = batchOut();
  const kinds: number[] = [];
  for (const rec of records) normalise(rec, out, kinds, false);
  out.kinds = Uint8Array.from(kinds);
  return out;
}

function normaliseLines(adapterName: string, batch: LineBatch): BatchOut {
  const lines = ADAPTERS.find((a) => a.name === adapterName)?.lines;
  if (!lines) throw new Error(`source ${adapterName} has no line form`);
  const out = batchOut();
  const kinds: number[] = [];
  const line = batchLines(batch);
  for (let k = 0; k < batch.starts.length; k++) {
    let rec: SourceRecord | undefined;
    try {
      rec = lines.record(batch.file, batch.first + k, line(k));
    } catch (e) {
      kinds.push(THROWN);
      out.thrown = (e as Error).message;
      break; // the main thread throws at this line: the rest of the batch is never looked at
    }
    if (rec === undefined) kinds.push(SKIPPED);
    else normalise(rec, out, kinds, true);
  }
  out.kinds = Uint8Array.from(kinds);
  return out;
}

// The main thread waits synchronously and never sees 'error' events: every failure is posted.
parentPort!.on('message', (msg: ToWorker) => {
  try {
    if (msg.type === 'done') {
      const positions = spill!.finish();
      post({ type: 'done', report: report.state(), positions }, positionBuffers(positions));
      return;
    }
    addLines(catalog!, msg.shared);
    const first = spill!.count;
    const out = msg.type === 'records' ? normaliseRecords(msg.records) : normaliseLines(msg.adapter, msg.batch);
    post({ type: 'batch', seq: msg.seq, first, out, shared: takeNewLines() });
  } catch (e) {
    post({ type: 'fatal', message: (e as Error).stack ?? String(e) });
  }
});
