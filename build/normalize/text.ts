/** Plain-text cleanup shared by the normaliser: HTML tags and entities out, whitespace collapsed. */
import { BoundedMemo } from './bounded-memo.ts';

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—',
  hellip: '…', deg: '°', frac12: '½', frac14: '¼', frac34: '¾', rsquo: '’', lsquo: '‘',
  rdquo: '”', ldquo: '“', eacute: 'é', egrave: 'è', agrave: 'à', ccedil: 'ç', uuml: 'ü',
  ouml: 'ö', auml: 'ä', szlig: 'ß', times: '×', frasl: '⁄', reg: '®', copy: '©', trade: '™',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/**
 * True when cleanText could change the text: a tag or entity start, a whitespace character other
 * than a plain space, two spaces in a row, or a space at either end.
 */
const SPECIAL_CHAR = /[<&\t-\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;
const needsCleaning = (text: string): boolean =>
  text.length > 0 && (text.charCodeAt(0) === 32 || text.charCodeAt(text.length - 1) === 32 || text.includes('  ') || SPECIAL_CHAR.test(text));

/** Strips tags, decodes entities (twice: some sites double-encode) and collapses whitespace. */
export function cleanText(text: string): string {
  // Fast path (most strings): nothing to strip, decode or collapse → the text as it is.
  if (!needsCleaning(text)) return text;
  const noTags = text.replace(/<[^>]*>/g, ' ');
  return decodeEntities(decodeEntities(noTags)).replace(/\s+/g, ' ').trim();
}

/** Splits an HTML or multi-line text block into its lines/paragraphs/list items, cleaned. */
export function splitBlock(text: string): string[] {
  return text
    .replace(/<\s*(br|\/p|\/li|\/div|\/h\d)\s*\/?>/gi, '\n')
    .split(/\n+/)
    .map(cleanText)
    .filter((line) => line.length > 0);
}

export function toArray<T>(value: T | T[] | undefined | null): T[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Strings of a OneOrMany<string> field (numbers turned into text; other values dropped). */
export function stringsOf(value: unknown): string[] {
  return toArray(value as unknown[] | unknown)
    .map((v) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : ''))
    .map(cleanText)
    .filter((v) => v.length > 0);
}

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The URL in its serialised WHATWG form (non-ASCII characters percent-encoded, host lower-cased),
 * or undefined when it is not an absolute http(s) URL: served URLs are always plain ASCII URIs.
 */
export function toHttpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  // The address as published parses (isHttpUrl); its trimmed form is the one served (the same parse when nothing trims).
  const trimmed = value.trim();
  return trimmed === value ? url.href : new URL(trimmed).href;
}

/** Keys of memos by URL: the part of an address up to its path (scheme, authority), which decides its host and origin. */
function authorityOf(url: string): string {
  const from = url.indexOf('//');
  if (from < 0) return url;
  const path = url.indexOf('/', from + 2);
  return path < 0 ? url : url.slice(0, path);
}

const ORIGINS = new BoundedMemo<string, string>(10_000);
const HOSTNAMES = new BoundedMemo<string, string>(10_000);

/** new URL(url).origin (throws as it does), memoised by the address up to its path: a site's recipes share it. */
export function originOf(url: string): string {
  return ORIGINS.get(authorityOf(url), (head) => new URL(head === url ? url : head).origin);
}

/** new URL(url).hostname (throws as it does), memoised like originOf. */
export function hostnameOf(url: string): string {
  return HOSTNAMES.get(authorityOf(url), (head) => new URL(head === url ? url : head).hostname);
}
