/** Child processes for the store tests: a worker script of this folder under tsx, its output collected. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { QuotaDriver } from './quota-worker.ts';

const WORKERS = fileURLToPath(new URL('./', import.meta.url));

export function startWorker(script: string, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(WORKERS, script), ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out, errors: () => err };
}

/**
 * Two processes with `consumers` concurrent loops each race `attempts` quota attempts apiece for
 * `subject` against one store (quota-worker.ts), started together once both have opened it.
 * Resolves with each process's admitted count; rejects with their stderr if one fails.
 */
export async function quotaRace(driver: QuotaDriver, subject: string, limit: number, attempts: number, consumers: number): Promise<number[]> {
  const args = [JSON.stringify(driver), subject, String(limit), String(attempts), String(consumers)];
  const workers = [0, 1].map(() => startWorker('quota-worker.ts', args));
  const errors = () => workers.map((w) => w.errors()).join('\n');
  const deadline = Date.now() + 20_000;
  while (!workers.every((w) => w.output().startsWith('ready\n'))) {
    if (Date.now() > deadline) throw new Error(`quota workers not ready: ${errors()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  for (const w of workers) w.child.stdin.end('go\n');
  const codes = await Promise.all(workers.map((w) => w.exited));
  if (codes.some((c) => c !== 0)) throw new Error(`quota workers exited with ${codes.join(', ')}: ${errors()}`);
  return workers.map((w) => Number(w.output().split('\n')[1]));
}
