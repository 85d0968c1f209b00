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

export default function setup(project: TestProject) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-real-'));
  const { dir } = buildDataset(path.resolve(import.meta.dirname, '../dataset'), root);
  project.provide('realDataDir', dir);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
