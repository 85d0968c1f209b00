/**
 * The largest error classes of the ingredient line parser, for `parser-accuracy.ts --confusion`:
 * how the quantity misses split (no amount read, an amount read where the label has none, another
 * value), which unit pairs are confused (label → ours), and which name tokens ours adds or drops most.
 * A class is counted once per row; the first example of each class is shown beside its count.
 */

export interface ConfusionRow {
  source: string;
  input: string;
  quantityOk: boolean | null;
  goldHasAmount: boolean;
  oursHasAmount: boolean;
  unitOk: boolean | null;
  goldUnit: string;
  oursUnit: string;
  goldTokens: string[];
  oursTokens: string[];
}

class Counter {
  private readonly counts = new Map<string, { n: number; example: string }>();
  add(key: string, example: string): void {
    const c = this.counts.get(key);
    if (c) c.n++;
    else this.counts.set(key, { n: 1, example });
  }
  top(n: number): [string, number, string][] {
    return [...this.counts].sort((a, b) => b[1].n - a[1].n || (a[0] < b[0] ? -1 : 1)).slice(0, n).map(([k, v]) => [k, v.n, v.example]);
  }
}

function difference(a: string[], b: string[]): string[] {
  const left = new Map<string, number>();
  for (const t of b) left.set(t, (left.get(t) ?? 0) + 1);
  const out: string[] = [];
  for (const t of a) {
    const c = left.get(t) ?? 0;
    if (c > 0) left.set(t, c - 1);
    else out.push(t);
  }
  return out;
}

/** Markdown listing of the error classes, largest first. */
export function confusionListing(rows: ConfusionRow[], top = 25): string {
  const quantity = new Counter();
  const unit = new Counter();
  const extra = new Counter();
  const missing = new Counter();
  for (const r of rows) {
    const example = `${r.source}: ${r.input}`;
    if (r.quantityOk === false) {
      const kind = !r.oursHasAmount ? 'no amount read' : !r.goldHasAmount ? 'amount read, label has none' : 'another value';
      quantity.add(kind, example);
    }
    if (r.unitOk === false) unit.add(`${r.goldUnit || '(none)'} → ${r.oursUnit || '(none)'}`, example);
    for (const t of new Set(difference(r.oursTokens, r.goldTokens))) extra.add(t, example);
    for (const t of new Set(difference(r.goldTokens, r.oursTokens))) missing.add(t, example);
  }
  const section = (title: string, c: Counter): string[] => [
    `#### ${title}`, '', '| class | rows | first example |', '|---|---:|---|',
    ...c.top(top).map(([k, n, ex]) => `| ${k} | ${n} | ${ex.replace(/\|/gu, '\\|')} |`), '',
  ];
  return [
    '### Error classes (ours), largest first', '',
    ...section('Quantity misses', quantity),
    ...section('Unit confusions (label → ours)', unit),
    ...section('Name tokens ours adds', extra),
    ...section('Name tokens ours drops', missing),
  ].join('\n');
}
