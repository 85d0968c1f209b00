/**
 * Amounts rounded the way a cook measures them: US cups, spoons and ounces (and counts, "1 1/2
 * eggs") to the fractions on measuring cups and spoons; grams and millilitres to what a scale
 * or jug reads (0.5 below 10, whole units below 100, then 5s and 10s). A positive amount never
 * rounds to zero: it becomes the unit's smallest step.
 */

interface FractionRule {
  kind: 'fraction';
  /** Fractions between whole numbers a cook can measure, ascending, each in (0, 1). */
  steps: readonly [number, string][];
}
interface DecimalRule {
  kind: 'decimal';
  /** [below this amount, round to this step], ascending; the last step applies above. */
  steps: readonly [number, number][];
}
type Rule = FractionRule | DecimalRule;

const EIGHTH: [number, string] = [1 / 8, '1/8'];
const QUARTER: [number, string] = [1 / 4, '1/4'];
const THIRD: [number, string] = [1 / 3, '1/3'];
const HALF: [number, string] = [1 / 2, '1/2'];
const TWO_THIRDS: [number, string] = [2 / 3, '2/3'];
const THREE_QUARTERS: [number, string] = [3 / 4, '3/4'];

const CUPS: Rule = { kind: 'fraction', steps: [QUARTER, THIRD, HALF, TWO_THIRDS, THREE_QUARTERS] };
const EIGHTHS: Rule = { kind: 'fraction', steps: [EIGHTH, QUARTER, HALF, THREE_QUARTERS] };
const TABLESPOONS: Rule = { kind: 'fraction', steps: [HALF] };
const QUARTERS: Rule = { kind: 'fraction', steps: [QUARTER, HALF, THREE_QUARTERS] };
const SCALE: Rule = { kind: 'decimal', steps: [[10, 0.5], [100, 1], [1000, 5], [Infinity, 10]] };
const LARGE_METRIC: Rule = { kind: 'decimal', steps: [[Infinity, 0.05]] };
const HALVES: Rule = { kind: 'decimal', steps: [[Infinity, 0.5]] };

const RULES: Readonly<Record<string, Rule>> = {
  g: SCALE, ml: SCALE, mg: SCALE, dkg: HALVES, cl: HALVES, dl: HALVES, kg: LARGE_METRIC, l: LARGE_METRIC,
  tsp: EIGHTHS, tbsp: TABLESPOONS, oz: EIGHTHS, lb: QUARTERS,
  cup: CUPS, 'fl oz': CUPS, pint: CUPS, quart: CUPS, gallon: CUPS,
};

/** From this amount on, fraction units are whole numbers ("12 eggs", not "12 1/3"). */
const WHOLE_FROM = 10;

export interface Rounded {
  /** The rounded amount (3 decimals at most: 1/3 is 0.333). */
  value: number;
  /** How a cook reads it: "1 1/2", "1/3", "250", "1.25". */
  text: string;
}

/** A value to 3 decimals at most, as every served quantity. */
export const toValue = (x: number): number => Math.round(x * 1000) / 1000;

/** Round `amount` (> 0) of `unit` for cooks; units without a rule (counts, cloves, cans, ...) as CUPS. */
export function roundForCooks(amount: number, unit: string): Rounded {
  const rule = RULES[unit] ?? CUPS;
  return rule.kind === 'fraction' ? roundFraction(amount, rule.steps) : roundDecimal(amount, rule.steps);
}

function roundDecimal(amount: number, steps: readonly [number, number][]): Rounded {
  const step = (steps.find(([below]) => amount < below) ?? steps[steps.length - 1]!)[1];
  const value = toValue(Math.max(step, Math.round(amount / step) * step));
  return { value, text: String(value) };
}

function roundFraction(amount: number, steps: readonly [number, string][]): Rounded {
  if (amount >= WHOLE_FROM) {
    const whole = Math.round(amount);
    return { value: whole, text: String(whole) };
  }
  let whole = Math.floor(amount);
  const rest = amount - whole;
  // Candidates: the whole number below, each fraction above it, the whole number above.
  let best: [number, string] = [0, ''];
  for (const candidate of [...steps, [1, ''] as [number, string]]) {
    if (Math.abs(rest - candidate[0]) < Math.abs(rest - best[0])) best = candidate;
  }
  if (best[0] === 1) {
    whole += 1;
    best = [0, ''];
  }
  if (whole === 0 && best[0] === 0) best = steps[0]!;
  const value = toValue(whole + best[0]);
  const text = whole === 0 ? best[1] : best[1] === '' ? String(whole) : `${whole} ${best[1]}`;
  return { value, text };
}
