/**
 * The committed label model (dataset/vocab/label-model.json) and hand-labelled sample
 * (label-sample.json), read once per thread. Read as files, not imported as JSON: the model's type
 * is LabelModel, and the compiler need not infer one from 600 kB.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LabelModel } from './model.ts';
import { readLabelSample } from './sample.ts';

export const LABEL_MODEL_FILE = new URL('../../../../dataset/vocab/label-model.json', import.meta.url);

export const LABEL_MODEL = JSON.parse(readFileSync(LABEL_MODEL_FILE, 'utf8')) as LabelModel;

export const LABEL_SAMPLE = readLabelSample(fileURLToPath(new URL('../../../../dataset/vocab/label-sample.json', import.meta.url)));
