/** Issue 22, item 6: a hot swap sends new requests to the new version and closes the old one after its last request. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PATHS } from '../../../runtime/format/constants.ts';
import type { Dataset } from '../../../runtime/data/dataset.ts';
import { closeDataset, openDataset } from '../../../runtime/data/open.ts';
import { createEngine } from '../../../runtime/query/create-engine.ts';
import { DatasetHolder, type Handler } from '../../../runtime/serve/dataset-holder.ts';
import { buildFixture, type Fixture } from '../../helpers/fixture-dataset.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';

const fixtures: Fixture[] = [];
afterEach(() => {
  for (const f of fixtures.splice(0)) f.cleanup();
});

function fixture(title: string): Fixture {
  const f = buildFixture([makeRecipe({ id: 'r1', title }), makeRecipe({ id: 'r2', title: `${title} two` })]);
  fixtures.push(f);
  // The fixture's own opened dataset is not under test: its descriptors would blur the counts below.
  closeDataset(f.dataset);
  return f;
}

/** Descriptors of this process open on files under `dir`. */
function openFilesUnder(dir: string): string[] {
  return fs
    .readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(dir + path.sep));
}

function recorder() {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) => void lines.push({ level, message, fields });
  return { lines, logger: { info: log('info'), warn: log('warn'), error: log('error') } };
}

/** A handler that answers the title of recipe r1 read from the dataset, after `gate` opens (if given). */
function titleHandler(gates: Promise<void>[]) {
  return (ds: Dataset): Handler<unknown> => {
    const engine = createEngine(ds);
    return async () => {
      const gate = gates.shift();
      if (gate) await gate;
      const doc = engine.docById('r1')!;
      const title = (JSON.parse(new TextDecoder().decode(engine.recordJson(doc))) as { title: string }).title;
      return new Response(JSON.stringify({ version: ds.manifest.datasetVersion, title }));
    };
  };
}

const body = async (r: Response | Promise<Response>) => (await (await r).json()) as { version: string; title: string };
const req = () => new Request('http://x/recipes/r1');

describe('runtime/serve/dataset-holder.ts', () => {
  it('sends new requests to the new version; a request in flight finishes on the old one, whose descriptors are closed after it', async () => {
    const a = fixture('Old soup');
    const b = fixture('New soup');
    const gates: Promise<void>[] = [];
    const { logger, lines } = recorder();
    const holder = new DatasetHolder(openDataset(a.dir, { verify: 'size' }), { makeHandler: titleHandler(gates), verify: 'full', logger });
    expect((await body(holder.fetch(req(), {}))).title).toBe('Old soup');
    expect(openFilesUnder(a.dir).length).toBeGreaterThan(0);

    let open!: () => void;
    gates.push(new Promise<void>((r) => (open = r)));
    const inFlight = holder.fetch(req(), {});
    expect(await holder.swapTo(b.dir)).toBe('swapped');
    expect(lines.some((l) => l.message === 'dataset swapped' && l.fields?.datasetVersion === b.dataset.manifest.datasetVersion)).toBe(true);
    expect((await body(holder.fetch(req(), {}))).title).toBe('New soup');
    // The old version stays open for the request that started on it.
    expect(openFilesUnder(a.dir).length).toBeGreaterThan(0);
    open();
    expect(await body(inFlight)).toEqual({ version: a.dataset.manifest.datasetVersion, title: 'Old soup' });
    expect(openFilesUnder(a.dir)).toEqual([]);
    expect(holder.dataset.manifest.datasetVersion).toBe(b.dataset.manifest.datasetVersion);
  });

  it('answers "same" and keeps serving when the version is the one already served', async () => {
    const a = fixture('Soup');
    const { logger } = recorder();
    const holder = new DatasetHolder(openDataset(a.dir, { verify: 'size' }), { makeHandler: titleHandler([]), verify: 'full', logger });
    expect(await holder.swapTo(a.dir)).toBe('same');
    expect((await body(holder.fetch(req(), {}))).title).toBe('Soup');
  });

  it('refuses a version with a corrupt file or an unknown format, with a log line, and keeps serving the old one', async () => {
    const a = fixture('Old soup');
    const corrupt = fixture('Corrupt soup');
    const shard = path.join(corrupt.dir, PATHS.shard(0));
    const bytes = fs.readFileSync(shard);
    bytes[bytes.length - 1]! ^= 0xff;
    fs.writeFileSync(shard, bytes);
    const future = fixture('Future soup');
    const manifestFile = path.join(future.dir, 'manifest.json');
    fs.writeFileSync(manifestFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(manifestFile, 'utf8')), formatVersion: 999 }));
    const { logger, lines } = recorder();
    const holder = new DatasetHolder(openDataset(a.dir, { verify: 'size' }), { makeHandler: titleHandler([]), verify: 'background', logger });
    for (const dir of [corrupt.dir, future.dir, path.join(a.root, 'missing')]) {
      expect(await holder.swapTo(dir)).toBe('refused');
      expect(lines.at(-1)).toMatchObject({ level: 'error', message: 'dataset swap refused: still serving the previous version' });
      expect((await body(holder.fetch(req(), {}))).title).toBe('Old soup');
    }
    expect(String(lines[0]!.fields?.error)).toMatch(/SHA-256/);
    expect(String(lines[1]!.fields?.error)).toMatch(/format version 999/);
    expect(openFilesUnder(corrupt.dir)).toEqual([]);
  });

  it('runs swaps one at a time: the last one asked for is served', async () => {
    const [a, b, c] = [fixture('A soup'), fixture('B soup'), fixture('C soup')];
    const { logger } = recorder();
    const holder = new DatasetHolder(openDataset(a.dir, { verify: 'size' }), { makeHandler: titleHandler([]), verify: 'full', logger });
    const outcomes = await Promise.all([holder.swapTo(b.dir), holder.swapTo(c.dir)]);
    expect(outcomes).toEqual(['swapped', 'swapped']);
    expect((await body(holder.fetch(req(), {}))).title).toBe('C soup');
  });
});
