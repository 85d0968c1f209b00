/**
 * `npm run train:labels` — trains the course and cuisine model on the recipes labelled by their
 * own data and writes dataset/vocab/label-model.json (the build applies it; it never trains).
 * Run it after a change to the sources, the line parser or the catalog: a test fails while the
 * committed model is not what the current sources train (test/build/train-labels.test.ts).
 *
 *   tsx build/train-labels.ts [--dataset <dir>] [--check]
 *
 * --check writes nothing and exits 1 when the file differs from what training gives.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { labelCorpus } from './normalize/vocab/label-model/corpus.ts';
import { modelText, trainModel } from './normalize/vocab/label-model/train-all.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { dataset: { type: 'string', default: path.join(root, 'dataset') }, check: { type: 'boolean', default: false } } });
const file = path.join(values.dataset!, 'vocab', 'label-model.json');
const started = performance.now();
const model = trainModel(labelCorpus(values.dataset!));
const text = modelText(model);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const classes = (f: 'courses' | 'cuisines') => `${f}: ${model[f].full.classes.join(', ')} (plain: ${model[f].plain.classes.join(', ')})`;
const summary = `${classes('courses')}; ${classes('cuisines')}; ${seconds} s`;
if (values.check) {
  const same = fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text;
  console.log(same ? `${file} is current: ${summary}` : `${file} is not what the sources train: run npm run train:labels`);
  process.exit(same ? 0 : 1);
}
fs.writeFileSync(file, text);
console.log(`${file}: ${(text.length / 1024).toFixed(0)} KiB; ${summary}`);
