import { join } from 'node:path';
import { withoutHeaders } from './ingredient-headers.ts';
import { imageTargets, listItems, paragraphs, parseMarkdown, section, stripLinks } from './markdown.ts';
import { arr, compareStrings, obj, readJson, readJsonl, str, type Raw } from './read.ts';
import { SNAPSHOTS, blobUrl, rawUrl } from './snapshots.ts';
import type { SchemaRecipe, SchemaThing, SourceAdapter, SourceRecord } from './types.ts';

/**
 * public-domain-recipes (based.cooking successor): Markdown with YAML front matter (already
 * parsed into `frontmatter`), body = description, `- ⏲️ Prep time: 20 min`-style bullets,
 * `## Ingredients`, `## Directions`, optional `## Equipment`. Images are site paths
 * (`/pix/x.webp`), which the repository serves from `static/pix/` — addressed at the commit.
 */

const SNAPSHOT = SNAPSHOTS['public-domain-recipes'];

const META = /^(?:\S+\s+)?(prep\s*time|cook\s*time|servings?)\s*:\s*(.*)$/i;

export function parseBody(markdown: string): {
  description: string;
  meta: { prep?: string; cook?: string; servings?: string };
  ingredients: string[];
  directions: string[];
  equipment: string[];
  images: string[];
} {
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
  const doc = parseMarkdown(body);
  const meta: { prep?: string; cook?: string; servings?: string } = {};
  for (const item of listItems(doc.preamble)) {
    const m = META.exec(item.replace(/\u00a0/g, ' '));
    if (!m) continue;
    const key = (m[1] ?? '').toLowerCase().replace(/\s+/g, '');
    const value = (m[2] ?? '').trim();
    if (key === 'preptime') meta.prep = value;
    else if (key === 'cooktime') meta.cook = value;
    else meta.servings = value;
  }
  // Ingredients and directions may be split by `###` sub-headings: list items of the whole section.
  // Sub-headings written as list items ("Dough:", "Optional:") are not ingredients: ingredient-headers.ts.
  const ingredients = withoutHeaders(listItems(section(doc, /^ingredients/i) ?? []).map(stripLinks));
  const directions = listItems(section(doc, /^(directions|instructions|steps)/i) ?? []).map(stripLinks);
  return {
    description: paragraphs(doc.preamble).map(stripLinks).join(' ').trim(),
    meta,
    ingredients,
    directions,
    equipment: listItems(section(doc, /^equipment/i) ?? []).map(stripLinks),
    images: imageTargets(body.split('\n')),
  };
}

function imageUrl(target: string): string | undefined {
  if (/^https?:\/\//i.test(target)) return target;
  if (target.startsWith('/')) return rawUrl(SNAPSHOT, `static${target}`);
  return undefined;
}

export const publicDomainRecipes: SourceAdapter = {
  name: 'public-domain-recipes',
  read(dir: string): SourceRecord[] {
    const authors = readJson<Record<string, { name?: string; website?: string }>>(join(dir, 'authors.json'));
    const rows = readJsonl<Raw>(join(dir, 'recipes.jsonl.gz'));
    const records = rows.map((row): SourceRecord => {
      const fm = obj(row.frontmatter);
      const id = str(row.id) ?? '';
      const body = parseBody(str(row.markdown) ?? '');
      const authorRef = str(fm.author)?.trim();
      const known = authorRef ? authors[authorRef] : undefined;
      let author: SchemaThing | undefined;
      if (known?.name) author = { name: known.name, ...(known.website ? { url: known.website } : {}) };
      else if (authorRef) author = { name: authorRef };
      const recipe: SchemaRecipe = {
        '@type': 'Recipe',
        name: str(fm.title) ?? id,
        description: body.description,
        url: blobUrl(SNAPSHOT, str(row.path) ?? `content/${id}.md`),
        inLanguage: 'en',
        recipeIngredient: body.ingredients,
        recipeInstructions: body.directions,
        keywords: arr(fm.tags).filter((t): t is string => typeof t === 'string'),
        image: body.images.map(imageUrl).filter((u): u is string => u !== undefined),
        datePublished: typeof fm.date === 'string' ? fm.date : undefined,
        prepTime: body.meta.prep,
        cookTime: body.meta.cook,
        recipeYield: body.meta.servings,
      };
      if (author) recipe.author = author;
      const hints: SourceRecord['hints'] = {
        language: 'en',
        createdAt: str(row.git_first_commit),
        updatedAt: str(row.git_last_commit),
        snapshotDate: SNAPSHOT.date,
      };
      if (body.equipment.length > 0) hints.equipment = body.equipment;
      return { source: 'public-domain-recipes', key: id, recipe, hints };
    });
    return records.sort((a, b) => compareStrings(a.key, b.key));
  },
};
