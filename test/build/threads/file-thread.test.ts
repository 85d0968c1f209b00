/**
 * The file thread (file-thread.ts): the dataset's files written and hashed on a thread of its
 * own give the same files and manifest as writing them on the main thread.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileThread } from '../../../build/threads/file-thread.ts';
import type { PartWriter } from '../../../build/write/types.ts';
import { writeDataset } from '../../../build/write/write-dataset.ts';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));
const tempDir = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-files-'));
  roots.push(root);
  return root;
};

/** A writer emitting files of every kind of buffer: its own, a slice of a bigger one, pooled small ones, shared memory (the search index threads'). */
const writer: PartWriter = {
  name: 'files',
  begin({ emit }) {
    return {
      add() {},
      finish() {
        emit('a/own.bin', Buffer.alloc(5_000_000, 7));
        const big = Buffer.alloc(1000, 1);
        big.write('middle', 400);
        emit('a/slice.bin', big.subarray(300, 700));
        emit('b/pooled.bin', Buffer.from('tiny'));
        emit('c.bin', Buffer.from('another'));
        const shared = new Uint8Array(new SharedArrayBuffer(3_000_000)).fill(9);
        shared.set(Buffer.from('shared'), 1000);
        emit('d/shared.bin', shared);
      },
    };
  },
};
const head = { recipeCount: 0, catalog: [], ingredientNames: [] as [string, string][], sources: [] };

describe('file thread', () => {
  it('writes the same files and manifest as the main thread', () => {
    const here = tempDir();
    const there = tempDir();
    const a = writeDataset(here, head, () => {}, [writer]);
    const files = fileThread();
    try {
      const b = writeDataset(there, head, () => {}, [writer], () => {}, files);
      expect(b.manifest).toEqual(a.manifest);
      for (const f of a.manifest.files) expect(fs.readFileSync(path.join(b.dir, f.path)).equals(fs.readFileSync(path.join(a.dir, f.path)))).toBe(true);
    } finally {
      files.close();
    }
  }, 60_000);

  it('reports a file it could not write, and leaves no stage directory behind', () => {
    const root = tempDir();
    const blocked: PartWriter = {
      name: 'blocked',
      begin({ emit }) {
        return {
          add() {},
          finish() {
            emit('x/ok.bin', Buffer.from('ok'));
            // 'x/ok.bin' is a file, so nothing can be written under it.
            emit('x/ok.bin/inner.bin', Buffer.from('no'));
          },
        };
      },
    };
    const files = fileThread();
    try {
      expect(() => writeDataset(root, head, () => {}, [blocked], () => {}, files)).toThrow(/writing .*inner\.bin failed/);
      expect(fs.readdirSync(root)).toEqual([]);
    } finally {
      files.close();
    }
  }, 60_000);

  it('takes a file bigger than its in-flight limit while a smaller one is still being written', () => {
    // In a child process: were the big file to wait for room that never comes, the synchronous
    // wait would hang this test's worker instead of failing it.
    const root = tempDir();
    const module = new URL('../../../build/threads/file-thread.ts', import.meta.url).href;
    const script = `
      import { fileThread } from ${JSON.stringify(module)};
      const files = fileThread({ maxInFlight: 1000 });
      try {
        files.write(${JSON.stringify(path.join(root, 'small.bin'))}, new Uint8Array(600));
        files.write(${JSON.stringify(path.join(root, 'big.bin'))}, new Uint8Array(5000));
        console.log(files.finish().map((w) => w.bytes).join(','));
      } finally {
        files.close();
      }`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(r.error, r.stderr).toBeUndefined();
    expect(r.stdout.trim()).toBe('600,5000');
    expect(fs.statSync(path.join(root, 'big.bin')).size).toBe(5000);
  }, 60_000);
});
