/**
 * A pass-1 worker thread (normalise-pool.ts): loads the catalog once, then turns batches of
 * source records (or of a source's raw lines) into spill records (stored JSON, facts, search
 * texts, createdAt, id), counting its own share of the build report.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadCatalog, type Catalog } from '../normalize/catalog.ts';
import { toRecipe } from '../normalize/recipe.ts';
import { ReportBuilder } from '../report.ts';
import { ADAPTERS } from '../sources/index.ts';
import type { LineBatch, SourceRecord } from '../sources/types.ts';
import { spillRecord } from './spill.ts';
import type { FromWorker, Normalised, ToWorker, WorkerData } from './normalise-pool.ts';
import { threadPoster } from './thread.ts';

const data = workerData as WorkerData;
const { datasetDir } = data;
const post = threadPoster<FromWorker>(data);
const report = new ReportBuilder();
let catalog: Catalog | undefined;
try {
  catalog = loadCatalog(datasetDir);
} catch (e) {
  post({ type: 'fatal', message: (e as Error).stack ?? String(e) });
}

function normalise(rec: SourceRecord): Normalised {
  try {
    const recipe = toRecipe(rec, { catalog: catalog! });
    report.add(recipe);
    return { ...spillRecord(recipe), source: rec.source };
  } catch (e) {
    return { error: `${rec.source}:${rec.key}: ${(e as Error).message}` };
  }
}

function normaliseLines(adapterName: string, batch: LineBatch): Normalised[] {
  const lines = ADAPTERS.find((a) => a.name === adapterName)?.lines;
  if (!lines) throw new Error(`source ${adapterName} has no line form`);
  const out: Normalised[] = [];
  for (let k = 0; k < batch.lines.length; k++) {
    let rec: SourceRecord | undefined;
    try {
      rec = lines.record(batch.file, batch.first + k, batch.lines[k]!);
    } catch (e) {
      out.push({ thrown: (e as Error).message });
      break; // the main thread throws at this line: the rest of the batch is never looked at
    }
    if (rec === undefined) out.push({ skip: true });
    else out.push({ ...normalise(rec), key: rec.key });
  }
  return out;
}

// The main thread waits synchronously and never sees 'error' events: every failure is posted.
parentPort!.on('message', (msg: ToWorker) => {
  try {
    if (msg.type === 'records') post({ type: 'batch', seq: msg.seq, out: msg.records.map(normalise) });
    else if (msg.type === 'lines') post({ type: 'batch', seq: msg.seq, out: normaliseLines(msg.adapter, msg.batch) });
    else post({ type: 'done', report: report.state() });
  } catch (e) {
    post({ type: 'fatal', message: (e as Error).stack ?? String(e) });
  }
});
