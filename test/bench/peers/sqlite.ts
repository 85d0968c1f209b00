/**
 * SQLite peer (better-sqlite3): a recipe table with one indexed column per filter field, a
 * recipe_tag table (family, value, doc) and a recipe_ingredient table (ingredient, doc,
 * required), both WITHOUT ROWID with covering primary keys, FTS5 (unicode61, diacritics
 * removed, bm25 with the title weighted 10×) for search. Built with the usual bulk-load
 * settings (one transaction, indexes after the load, ANALYZE), queried with cached prepared
 * statements over an mmap'ed file.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { PageRequest, RecipeFilter } from '../../../runtime/query/filter.ts';
import { NUMERIC_FIELDS } from '../../../runtime/format/constants.ts';
import type { Row } from '../rows.ts';
import type { ListAnswer, PantryRequest, SearchRequest, Subject } from '../subjects/types.ts';
import { searchTerms } from './common.ts';

/** The part of better-sqlite3's API used here (loaded with require: the package ships no types). */
interface Statement {
  run(...params: unknown[]): unknown;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  pluck(): Statement;
}
interface Db {
  pragma(sql: string): unknown;
  exec(sql: string): void;
  prepare(sql: string): Statement;
  transaction(fn: () => void): () => void;
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Db;

const TAG_FAMILIES = ['categories', 'courses', 'cuisines', 'diets', 'equipment'] as const;
const COLUMN: Record<string, string> = { totalTime: 'total_time', cookTime: 'cook_time', calories: 'calories', protein: 'protein', sodium: 'sodium', fiber: 'fiber' };

export function sqliteSubject(rows: Row[], file: string): Subject {
  fs.rmSync(file, { force: true });
  fs.rmSync(`${file}-wal`, { force: true });
  fs.rmSync(`${file}-shm`, { force: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  db.pragma('mmap_size = 4294967296');
  const numCols = NUMERIC_FIELDS.map((f) => COLUMN[f]!);
  db.exec(`
    CREATE TABLE recipe (doc INTEGER PRIMARY KEY, language TEXT NOT NULL, counted INTEGER NOT NULL, ${numCols.map((c) => `${c} INTEGER`).join(', ')});
    CREATE TABLE recipe_tag (family TEXT NOT NULL, value TEXT NOT NULL, doc INTEGER NOT NULL, PRIMARY KEY (family, value, doc)) WITHOUT ROWID;
    CREATE TABLE recipe_ingredient (ingredient TEXT NOT NULL, doc INTEGER NOT NULL, required INTEGER NOT NULL, PRIMARY KEY (ingredient, doc)) WITHOUT ROWID;
    CREATE VIRTUAL TABLE recipe_fts USING fts5(title, text, tokenize = 'unicode61 remove_diacritics 2');
  `);
  const insRecipe = db.prepare(`INSERT INTO recipe VALUES (?, ?, ?, ${numCols.map(() => '?').join(', ')})`);
  const insTag = db.prepare('INSERT OR IGNORE INTO recipe_tag VALUES (?, ?, ?)');
  const insIng = db.prepare('INSERT INTO recipe_ingredient VALUES (?, ?, ?)');
  const insFts = db.prepare('INSERT INTO recipe_fts (rowid, title, text) VALUES (?, ?, ?)');
  db.transaction(() => {
    for (const r of rows) {
      insRecipe.run(r.doc, r.language, r.counted, ...NUMERIC_FIELDS.map((f) => r.num[f] ?? null));
      for (const fam of TAG_FAMILIES) for (const v of new Set(r[fam])) insTag.run(fam, v, r.doc);
      const req = new Set(r.required);
      for (const id of r.any) insIng.run(id, r.doc, req.has(id) ? 1 : 0);
      insFts.run(r.doc, r.title, r.text);
    }
  })();
  db.exec(`CREATE INDEX recipe_language ON recipe (language, doc);`);
  for (const c of numCols) db.exec(`CREATE INDEX recipe_${c} ON recipe (${c});`);
  db.exec('ANALYZE; PRAGMA optimize;');
  db.pragma('synchronous = NORMAL');

  const statements = new Map<string, Statement>();
  const stmt = (sql: string) => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = db.prepare(sql)));
    return s;
  };

  const where = (f: RecipeFilter): { sql: string; params: (string | number)[] } => {
    const conds: string[] = [];
    const params: (string | number)[] = [];
    const tag = (family: string, value: string) => {
      conds.push('doc IN (SELECT doc FROM recipe_tag WHERE family = ? AND value = ?)');
      params.push(family, value);
    };
    if (f.impossible) conds.push('0');
    if (f.category !== undefined) tag('categories', f.category);
    if (f.course !== undefined) tag('courses', f.course);
    if (f.cuisine !== undefined) tag('cuisines', f.cuisine);
    if (f.diet !== undefined) tag('diets', f.diet);
    for (const e of f.equipment ?? []) tag('equipment', e);
    if (f.language !== undefined) {
      conds.push('language = ?');
      params.push(f.language);
    }
    for (const id of f.ingredients ?? []) {
      conds.push('doc IN (SELECT doc FROM recipe_ingredient WHERE ingredient = ? AND required = 1)');
      params.push(id);
    }
    for (const b of f.numeric ?? []) {
      conds.push(`${COLUMN[b.field]} ${b.op === 'le' ? '<=' : '>='} ?`);
      params.push(b.bound);
    }
    if (f.excludeIngredients?.length) {
      conds.push(`doc NOT IN (SELECT doc FROM recipe_ingredient WHERE ingredient IN (${f.excludeIngredients.map(() => '?').join(', ')}))`);
      params.push(...f.excludeIngredients);
    }
    return { sql: conds.length ? `WHERE ${conds.join(' AND ')}` : '', params };
  };

  return {
    name: 'SQLite',
    size: rows.length,
    list(f: RecipeFilter, page: PageRequest): ListAnswer {
      const w = where(f);
      const total = (stmt(`SELECT count(*) AS n FROM recipe ${w.sql}`).get(...w.params) as { n: number }).n;
      const docs = (stmt(`SELECT doc FROM recipe ${w.sql} ORDER BY doc LIMIT ? OFFSET ?`).pluck().all(...w.params, page.limit, page.offset) as number[]);
      return { total, docs };
    },
    pantry(q: PantryRequest): ListAnswer {
      const all = [...new Set([...q.ids, ...q.staples])];
      const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
      const sql = `
        SELECT r.doc AS doc, count(*) OVER () AS total FROM
          (SELECT doc, count(*) AS m, max(ingredient IN (${marks(q.ids.length)})) AS q
             FROM recipe_ingredient WHERE required = 1 AND ingredient IN (${marks(all.length)}) GROUP BY doc) c
          JOIN recipe r ON r.doc = c.doc
        WHERE c.q = 1 AND r.language = ?
        ORDER BY CAST(c.m AS REAL) / r.counted DESC, r.counted - c.m ASC, r.doc ASC
        LIMIT ?`;
      const out = stmt(sql).all(...q.ids, ...all, q.language, q.limit) as { doc: number; total: number }[];
      return { total: out[0]?.total ?? 0, docs: out.map((o) => o.doc) };
    },
    search(q: SearchRequest): ListAnswer {
      const terms = searchTerms(q.query).map((t) => `"${t.replace(/"/g, '""')}"`);
      if (terms.length === 0) return { total: 0, docs: [] };
      terms[terms.length - 1] += '*';
      const docs = (
        q.language === undefined
          ? stmt('SELECT rowid FROM recipe_fts WHERE recipe_fts MATCH ? ORDER BY bm25(recipe_fts, 10.0, 1.0) LIMIT ?').pluck().all(terms.join(' '), q.limit)
          : stmt('SELECT f.rowid FROM recipe_fts f JOIN recipe r ON r.doc = f.rowid WHERE recipe_fts MATCH ? AND r.language = ? ORDER BY bm25(recipe_fts, 10.0, 1.0) LIMIT ?').pluck().all(terms.join(' '), q.language, q.limit)
      ) as number[];
      return { total: docs.length, docs };
    },
    close: () => db.close(),
  };
}
