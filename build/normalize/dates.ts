/**
 * Published dates → ISO 8601 UTC with milliseconds. Only unambiguous forms are read, so the
 * result never depends on the build machine's time zone: ISO dates/times ("2022-12-01",
 * "2022-12-01T13:30:00+00:00"; a time without zone is read as UTC), "2021/01/19", a bare year,
 * and English month names ("Jun 16, 2023", "7 January 2020", "June 16, 2020 at 4:41pm" — the
 * time of day is dropped). Anything else is undefined.
 */

import { BoundedMemo } from './bounded-memo.ts';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const ISO = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?)?)?$/i;

function utc(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const d = new Date(Date.UTC(year, month - 1, day));
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

function monthIndex(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

/** Dates repeat across recipes: toIsoDate memoised per text (null: not a date). Bounded. */
const DATES = new BoundedMemo<string, string | null>(100_000);

export function toIsoDate(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  return DATES.get(raw, parseDate) ?? undefined;
}

function parseDate(raw: string): string | null {
  return readDate(raw) ?? null;
}

function readDate(raw: string): string | undefined {
  const text = raw.trim();
  const iso = ISO.exec(text);
  if (iso) {
    if (iso[4] === undefined) return utc(Number(iso[1]), Number(iso[2] ?? 1), Number(iso[3] ?? 1));
    const zone = iso[8] ? iso[8].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : 'Z';
    const d = new Date(`${iso[1]}-${iso[2]}-${iso[3]}T${iso[4]}:${iso[5]}:${iso[6] ?? '00'}${iso[7] ?? ''}${zone.toUpperCase()}`);
    return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
  }
  let m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})\b/.exec(text);
  if (m) return utc(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(?:[a-z]+,?\s+)?([a-z]{3,})\.?\s+(\d{1,2}),?\s+(\d{4})\b/i.exec(text);
  if (m && monthIndex(m[1] ?? '') > 0) return utc(Number(m[3]), monthIndex(m[1] ?? ''), Number(m[2]));
  m = /^(\d{1,2})\.?\s+([a-z]{3,})\.?,?\s+(\d{4})\b/i.exec(text);
  if (m && monthIndex(m[2] ?? '') > 0) return utc(Number(m[3]), monthIndex(m[2] ?? ''), Number(m[1]));
  return undefined;
}

/** The first of `values` that is a date (toIsoDate). Not a closure in pickDates: tsx names every closure as it is created, a cost per recipe. */
function firstDate(values: unknown[]): string | undefined {
  for (const v of values) {
    const date = toIsoDate(v);
    if (date !== undefined) return date;
  }
  return undefined;
}

/**
 * createdAt/updatedAt. createdAt: published date, else the source's hint (git first commit),
 * else the source snapshot's commit date (deterministic; never the build time).
 * updatedAt: modified date, else hint (git last commit), else createdAt ("not known to have
 * changed"). updatedAt is never earlier than createdAt.
 */
export function pickDates(input: {
  published: unknown[];
  modified: unknown[];
  fallback: string;
}): { createdAt: string; updatedAt: string } {
  const createdAt = firstDate(input.published) ?? toIsoDate(input.fallback) ?? new Date(0).toISOString();
  const modified = firstDate(input.modified);
  const updatedAt = modified !== undefined && modified > createdAt ? modified : createdAt;
  return { createdAt, updatedAt };
}
