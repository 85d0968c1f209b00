/**
 * Reads the two Open Food Facts ingredient-taxonomy snapshots (dataset/sources/off-ingredients)
 * and merges them per id: the 2021 .txt brings synonyms, the 2026 .json brings newer entries,
 * parents and vegan/vegetarian values. See that folder's README for the formats.
 */
import { join } from 'node:path';
import { readText } from './gz.ts';

export type TriState = 'yes' | 'no' | 'maybe';

export interface OffNode {
  /** OFF id, e.g. 'en:chicken'. */
  id: string;
  /** Names by language; the first is the canonical one, the rest synonyms. */
  names: Map<string, string[]>;
  parents: string[];
  vegan?: TriState;
  vegetarian?: TriState;
  allergens: string[];
  /** Has a wikidata or CIQUAL link: a sign of an actual food rather than a technical term. */
  linked: boolean;
}

export const OFF_TXT = 'sources/off-ingredients/ingredients-taxonomy-2021-11-15.txt.gz';
export const OFF_JSON = 'sources/off-ingredients/ingredients-taxonomy-2026-06.json.gz';

/** OFF's own id normalisation, close enough for joining the two snapshots and parent links. */
export function offId(lang: string, term: string): string {
  return `${lang}:${term.trim().toLowerCase().replace(/[\s_]+/g, '-')}`;
}

function triState(v: string | undefined): TriState | undefined {
  const t = v?.trim().toLowerCase();
  return t === 'yes' || t === 'no' || t === 'maybe' ? t : undefined;
}

function newNode(id: string): OffNode {
  return { id, names: new Map(), parents: [], allergens: [], linked: false };
}

/**
 * Languages kept: ISO 639-1 codes (two letters) plus OFF's 'xx' (language-neutral names). OFF also
 * carries ~150 ISO 639-3 and regional codes ('sco', 'zh_yue'…) that recipes never use; skipping them
 * halves the catalog's name count and its load time.
 */
const KEPT_LANGUAGE = /^[a-z]{2}$/;

function addName(node: OffNode, lang: string, name: string): void {
  if (!KEPT_LANGUAGE.test(lang)) return;
  const n = name.trim();
  if (n === '') return;
  const list = node.names.get(lang) ?? [];
  if (!list.includes(n)) list.push(n);
  node.names.set(lang, list);
}

const PROPERTY_LINE = /^([a-z][a-z0-9_]*):([a-z]{2,3}):\s*(.*)$/;
const NAME_LINE = /^([a-z]{2,3}(?:[-_][a-z]{2,4})?):\s*(.+)$/;

export function parseOffTxt(text: string): Map<string, OffNode> {
  const nodes = new Map<string, OffNode>();
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
    if (lines.length === 0 || /^(synonyms|stopwords):/.test(lines[0] ?? '')) continue;
    let node: OffNode | undefined;
    const parents: string[] = [];
    const props: [string, string][] = [];
    for (const line of lines) {
      if (line.startsWith('<')) {
        const m = NAME_LINE.exec(line.slice(1).trim());
        if (m?.[1] && m[2]) parents.push(offId(m[1], m[2]));
        continue;
      }
      const p = PROPERTY_LINE.exec(line);
      if (p?.[1] && p[3] !== undefined) {
        props.push([p[1], p[3]]);
        continue;
      }
      // Once the node is known, lines of languages not kept cost nothing more (most of the file).
      if (node && line.charCodeAt(2) !== 58 /* ':' */) continue;
      const m = NAME_LINE.exec(line);
      if (!m?.[1] || !m[2]) continue;
      const lang = m[1];
      if (node && !KEPT_LANGUAGE.test(lang)) continue;
      const terms = m[2].split(',').map((t) => t.trim()).filter((t) => t !== '');
      if (!node) {
        const first = terms[0];
        if (!first) continue;
        node = nodes.get(offId(lang, first)) ?? newNode(offId(lang, first));
      }
      for (const t of terms) addName(node, lang, t);
    }
    if (!node) continue;
    node.parents.push(...parents.filter((p) => !node!.parents.includes(p)));
    for (const [key, value] of props) {
      if (key === 'vegan') node.vegan = triState(value);
      else if (key === 'vegetarian') node.vegetarian = triState(value);
      else if (key === 'allergens') node.allergens.push(...value.split(',').map((a) => a.trim()));
      else if (key === 'wikidata' || key.startsWith('ciqual_')) node.linked = true;
    }
    nodes.set(node.id, node);
  }
  return nodes;
}

interface OffJsonNode {
  name?: Record<string, string>;
  parents?: string[];
  vegan?: Record<string, string>;
  vegetarian?: Record<string, string>;
  allergens?: Record<string, string>;
  wikidata?: unknown;
  ciqual_food_code?: unknown;
  ciqual_proxy_food_code?: unknown;
}

/** Merges the 2026 JSON export into the nodes read from the 2021 text file (JSON wins on parents and diet values). */
export function mergeOffJson(nodes: Map<string, OffNode>, json: Record<string, OffJsonNode>): void {
  for (const key of Object.keys(json).sort()) {
    const src = json[key];
    if (!src) continue;
    const [lang = 'en', ...rest] = key.split(':');
    const id = offId(lang, rest.join(':'));
    const node = nodes.get(id) ?? newNode(id);
    for (const l of Object.keys(src.name ?? {}).sort()) {
      const n = src.name?.[l];
      if (n) addName(node, l, n);
    }
    if (src.parents && src.parents.length > 0) {
      node.parents = src.parents.map((p) => {
        const [pl = 'en', ...pr] = p.split(':');
        return offId(pl, pr.join(':'));
      });
    }
    node.vegan = triState(src.vegan?.en) ?? node.vegan;
    node.vegetarian = triState(src.vegetarian?.en) ?? node.vegetarian;
    if (src.allergens?.en) node.allergens.push(...src.allergens.en.split(',').map((a) => a.trim()));
    if (src.wikidata || src.ciqual_food_code || src.ciqual_proxy_food_code) node.linked = true;
    nodes.set(id, node);
  }
}

export function readOff(datasetDir: string): Map<string, OffNode> {
  const nodes = parseOffTxt(readText(join(datasetDir, OFF_TXT)));
  mergeOffJson(nodes, JSON.parse(readText(join(datasetDir, OFF_JSON))) as Record<string, OffJsonNode>);
  return nodes;
}
