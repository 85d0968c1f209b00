/**
 * Compiles the real dataset (dataset/) once per test run into a temporary directory that tests
 * reach with `inject('realDataDir')`: contract and property tests run over the real records.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildDataset } from '../build/compile.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    realDataDir: string;
  }
}

/**
 * One build for every vitest project (the native and portable bitmap projects read the same
 * files), removed after the last: vitest loads this module once per project, in one process.
 */
const SHARED = Symbol.for('recipe-db.realDataset');
type Shared = { root: string; dir: string; users: number };
const holder = globalThis as { [SHARED]?: Shared };

export default function setup(project: TestProject) {
  const built = (holder[SHARED] ??= (() => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-real-'));
    return { root, dir: buildDataset(path.resolve(import.meta.dirname, '../dataset'), root).dir, users: 0 };
  })());
  built.users++;
  project.provide('realDataDir', built.dir);
  return () => {
    if (--built.users > 0) return;
    fs.rmSync(built.root, { recursive: true, force: true });
    delete holder[SHARED];
  };
}
