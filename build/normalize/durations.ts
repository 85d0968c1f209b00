/**
 * Durations → whole seconds. Accepts ISO 8601 ("PT1H30M", "P0DT0H20M", "PT20.5M") and the free
 * text the sources publish ("20 min", "1 hr 15 mins", "ca. 1 Stunde", "2 ½ Stunden",
 * "25 Minuten + 20 Minuten Marinierzeit", "40–45 Minuten", "30 分钟").
 * Rules: a range counts as its upper end (a "at most N minutes" filter must not under-promise);
 * parts joined by "+" are added; text without any number+unit gives undefined.
 */
import { BoundedMemo } from './bounded-memo.ts';

const ISO = /^P(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/i;

const UNIT_SECONDS: [RegExp, number][] = [
  [/^(tage?n?|days?|d|天)$/i, 86400],
  [/^(std\.?|stunden?|h|hrs?\.?|hours?|小时|個?小時)$/i, 3600],
  [/^(min\.?|mins?\.?|minuten?|minutes?|m|分钟|分鐘|分)$/i, 60],
  [/^(sek\.?|sekunden?|s|secs?\.?|seconds?|秒|秒钟)$/i, 1],
];

const FRACTIONS: Record<string, number> = { '½': 0.5, '¼': 0.25, '¾': 0.75, '⅓': 1 / 3, '⅔': 2 / 3 };

function fromIso(text: string): number | undefined {
  const m = ISO.exec(text.trim());
  if (!m || text.trim() === 'P' || text.trim() === 'PT') return undefined;
  const n = (i: number): number => parseFloat((m[i] ?? '0').replace(',', '.'));
  const seconds = n(1) * 365 * 86400 + n(2) * 30 * 86400 + n(3) * 7 * 86400 + n(4) * 86400 + n(5) * 3600 + n(6) * 60 + n(7);
  return Number.isFinite(seconds) ? Math.round(seconds) : undefined;
}

function unitSeconds(unit: string): number | undefined {
  for (const [pattern, seconds] of UNIT_SECONDS) if (pattern.test(unit)) return seconds;
  return undefined;
}

function numberOf(text: string): number {
  let value = 0;
  const whole = /\d+(?:[.,]\d+)?/.exec(text);
  if (whole) value += parseFloat(whole[0].replace(',', '.'));
  for (const [glyph, fraction] of Object.entries(FRACTIONS)) if (text.includes(glyph)) value += fraction;
  return value;
}

const NUMBER = String.raw`(?:\d+(?:[.,]\d+)?\s*[½¼¾⅓⅔]?|[½¼¾⅓⅔])`;
const AMOUNT = new RegExp(String.raw`(${NUMBER})(?:\s*(?:-|–|—|~|to|bis|至|到)\s*(${NUMBER}))?\s*([\p{L}.]+)`, 'gu');

function fromText(text: string): number | undefined {
  let total = 0;
  let found = false;
  for (const m of text.matchAll(AMOUNT)) {
    const unit = (m[3] ?? '').replace(/\.$/, '');
    // CJK units are glued to what follows ("30分钟左右"): try the longest known prefix.
    const seconds = unitSeconds(unit) ?? unitSeconds(unit.slice(0, 2)) ?? unitSeconds(unit.slice(0, 1));
    if (seconds === undefined) continue;
    const value = numberOf(m[2] ?? m[1] ?? '');
    total += value * seconds;
    found = true;
  }
  return found ? Math.round(total) : undefined;
}

/** Seconds for a duration value, or undefined when it cannot be read. Zero counts as unknown. */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value === 'number') return value > 0 ? Math.round(value) : undefined;
  if (typeof value !== 'string') return undefined;
  return DURATIONS.get(value, textSeconds) ?? undefined;
}

/** Durations repeat across recipes ("PT20M"): a text's seconds memoised (null: none). Bounded. */
const DURATIONS = new BoundedMemo<string, number | null>(100_000);

function textSeconds(value: string): number | null {
  if (value.trim() === '') return null;
  const seconds = fromIso(value) ?? fromText(value);
  return seconds !== undefined && seconds > 0 ? seconds : null;
}

/** Minutes (as published by several sources) → an ISO 8601 duration for a schema.org field. */
export function minutesToIso(minutes: unknown): string | undefined {
  return typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0 ? `PT${minutes}M` : undefined;
}
