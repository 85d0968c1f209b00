/** Re-renders test/bench/out/report.md from test/bench/out/results.json (no measuring). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReport, type BenchResults } from './report.ts';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'out');
const results = JSON.parse(fs.readFileSync(path.join(out, 'results.json'), 'utf8')) as BenchResults;
fs.writeFileSync(path.join(out, 'report.md'), renderReport(results));
console.log(path.join(out, 'report.md'));
