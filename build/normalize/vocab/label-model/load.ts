/**
 * The committed label model (dataset/vocab/label-model.json), read once per thread. Read as a file,
 * not imported as JSON: its type is LabelModel, and the compiler need not infer one from 400 kB.
 */
import { readFileSync } from 'node:fs';
import type { LabelModel } from './model.ts';

export const LABEL_MODEL_FILE = new URL('../../../../dataset/vocab/label-model.json', import.meta.url);

export const LABEL_MODEL = JSON.parse(readFileSync(LABEL_MODEL_FILE, 'utf8')) as LabelModel;
