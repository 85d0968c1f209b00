/**
 * What every source adapter produces: a schema.org Recipe-shaped object (as recipe sites
 * publish it in JSON-LD) plus the source's identity and a few hints that schema.org has no
 * field for. Everything after the adapter (build/normalize/*) is shared by all sources.
 *
 * A maintainer can add a source by dropping schema.org Recipe JSON-LD (one object per line)
 * into dataset/sources/jsonld/; a new *format* needs one adapter file here.
 */

export type OneOrMany<T> = T | T[];

export interface SchemaThing {
  '@type'?: OneOrMany<string>;
  name?: string;
  url?: string;
  text?: string;
  [key: string]: unknown;
}

export interface SchemaImage {
  '@type'?: OneOrMany<string>;
  url?: string;
  contentUrl?: string;
  width?: number | string;
  height?: number | string;
  [key: string]: unknown;
}

export interface SchemaHowToStep {
  '@type'?: OneOrMany<string>;
  text?: string;
  name?: string;
  itemListElement?: OneOrMany<SchemaHowToStep | string>;
  [key: string]: unknown;
}

/** schema.org NutritionInformation: values are text such as "250 kcal", "12 g", "1.2 g". */
export interface SchemaNutrition {
  '@type'?: string;
  calories?: string | number;
  carbohydrateContent?: string | number;
  fatContent?: string | number;
  fiberContent?: string | number;
  proteinContent?: string | number;
  saturatedFatContent?: string | number;
  sugarContent?: string | number;
  cholesterolContent?: string | number;
  sodiumContent?: string | number;
  servingSize?: string;
  [key: string]: unknown;
}

export interface SchemaRecipe {
  '@context'?: unknown;
  '@type'?: OneOrMany<string>;
  name?: string;
  headline?: string;
  description?: string;
  url?: string;
  mainEntityOfPage?: string | { '@id'?: string; [key: string]: unknown };
  author?: OneOrMany<string | SchemaThing>;
  /** BCP 47 ("en-US", "pt_PT", "de") or a Language object. */
  inLanguage?: string | SchemaThing;
  recipeIngredient?: string[];
  /** Also the legacy `ingredients` property. */
  ingredients?: string[];
  recipeInstructions?: string | OneOrMany<string | SchemaHowToStep>;
  recipeCategory?: OneOrMany<string>;
  recipeCuisine?: OneOrMany<string>;
  keywords?: OneOrMany<string>;
  image?: OneOrMany<string | SchemaImage>;
  video?: unknown;
  nutrition?: SchemaNutrition;
  aggregateRating?: { ratingValue?: number | string; ratingCount?: number | string; reviewCount?: number | string; [key: string]: unknown };
  recipeYield?: OneOrMany<string | number>;
  /** ISO 8601 durations ("PT1H30M"). */
  prepTime?: string;
  cookTime?: string;
  totalTime?: string;
  datePublished?: string;
  dateModified?: string;
  dateCreated?: string;
  tool?: OneOrMany<string | SchemaThing>;
  /** schema.org RestrictedDiet URLs, e.g. "https://schema.org/VeganDiet". */
  suitableForDiet?: OneOrMany<string>;
  [key: string]: unknown;
}

/** A structured ingredient some sources publish (split quantity/unit/name). */
export interface IngredientHint {
  display: string;
  name?: string;
  quantity?: { value: number; unit: string; max?: number };
  optional?: boolean;
  note?: string;
  preparation?: string;
}

export interface SourceRecord {
  /** Source name, e.g. 'recipe-scrapers'. Part of the recipe id: never rename a source. */
  source: string;
  /** Stable identity inside the source (a fixture name, a file path, a row id). */
  key: string;
  recipe: SchemaRecipe;
  hints?: {
    /** ISO 639-1 code when the source knows it better than inLanguage. */
    language?: string;
    /** Structured ingredients, parallel to recipe.recipeIngredient (same order and length). */
    ingredients?: IngredientHint[];
    /** Structured equipment names as published. */
    equipment?: string[];
    /** Diet labels published by the source, as free text ("vegan", "vegetarisch"). */
    diets?: string[];
    /** Free-text labels to be mapped onto categories/courses/cuisines (in any language). */
    labels?: string[];
    /** Site or publisher name, for attribution. */
    siteName?: string;
    /** Fallbacks for createdAt / updatedAt (e.g. git dates) when the recipe has no dates. */
    createdAt?: string;
    updatedAt?: string;
    /** Commit date of the source snapshot (its README): the last-resort, deterministic createdAt. */
    snapshotDate?: string;
    /** What `recipe.nutrition` describes when it is not schema.org's per-serving figure. */
    nutritionBasis?: 'serving' | 'recipe';
    /** 'estimated' when the source itself calls the figures an estimate; default 'provided'. */
    nutritionSource?: 'provided' | 'estimated';
  };
}

/**
 * A run of consecutive non-empty lines of one file of a line-based source (JSONL), as bytes:
 * line k is bytes[starts[k], ends[k]) in UTF-8 (no LF inside), so that the main thread hands
 * them to a worker thread without decoding them (the buffers transfer, they are not copied).
 */
export interface LineBatch {
  file: string;
  /** Index (0-based, counting non-empty lines) of line 0 in its file. */
  first: number;
  bytes: Uint8Array;
  starts: Uint32Array;
  ends: Uint32Array;
}

/** The lines of a batch as text, line k by `line(k)` (one Buffer view of the batch's bytes for all of them). */
export function batchLines(batch: LineBatch): (k: number) => string {
  const bytes = Buffer.from(batch.bytes.buffer, batch.bytes.byteOffset, batch.bytes.byteLength);
  return (k) => bytes.toString('utf8', batch.starts[k], batch.ends[k]);
}

export interface SourceAdapter {
  /** Source name, equal to SourceRecord.source. */
  name: string;
  /** Reads the raw files under `dir` and yields records in a deterministic order. */
  read(dir: string): SourceRecord[];
  /**
   * Optional streaming form of read(), for sources too large to hold: calls `cb` once per record
   * (the same records as read(), in a deterministic order that need not be read()'s) without
   * keeping them. The compiler prefers it when present.
   */
  each?(dir: string, cb: (record: SourceRecord) => void): void;
  /**
   * Optional raw form of each(), for normalising on worker threads: the main thread only splits
   * the files into batches of lines, the workers turn each line into its record. Together the same
   * records as each(), in the same order.
   */
  lines?: {
    batches(dir: string, size: number, cb: (batch: LineBatch) => void): void;
    /** The record of one line (`index` as in LineBatch.first), undefined when the line is skipped; throws on a malformed line. */
    record(file: string, index: number, text: string): SourceRecord | undefined;
    /** A fresh duplicate-key check for one read of the source: call it with each record's key, in order; throws on a duplicate. */
    keyCheck(): (file: string, index: number, key: string) => void;
  };
}
