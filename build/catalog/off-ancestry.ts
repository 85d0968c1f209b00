/**
 * Ancestor walks over the OFF parent DAG: nearest inherited value and "is below one of these roots".
 */
import type { OffNode, TriState } from './off-reader.ts';

/** Ancestors of `id` (itself included) in breadth-first order, each once. */
export function ancestors(nodes: Map<string, OffNode>, id: string): string[] {
  const seen = new Set<string>([id]);
  const order = [id];
  for (let i = 0; i < order.length; i++) {
    for (const p of nodes.get(order[i] ?? '')?.parents ?? []) {
      if (!seen.has(p)) {
        seen.add(p);
        order.push(p);
      }
    }
  }
  return order;
}

export function isUnder(nodes: Map<string, OffNode>, id: string, roots: Set<string>): boolean {
  return ancestors(nodes, id).some((a) => roots.has(a));
}

/**
 * OFF's rule: a node without an explicit value takes the one of its nearest ancestor that has one.
 * When ancestors at the same distance disagree the most restrictive wins (no < maybe < yes).
 */
export function inheritedTriState(nodes: Map<string, OffNode>, id: string, key: 'vegan' | 'vegetarian'): TriState | undefined {
  let level = [id];
  const seen = new Set(level);
  while (level.length > 0) {
    const values = level.map((n) => nodes.get(n)?.[key]).filter((v): v is TriState => v !== undefined);
    if (values.includes('no')) return 'no';
    if (values.includes('maybe')) return 'maybe';
    if (values.includes('yes')) return 'yes';
    const next: string[] = [];
    for (const n of level) for (const p of nodes.get(n)?.parents ?? []) if (!seen.has(p)) { seen.add(p); next.push(p); }
    level = next;
  }
  return undefined;
}
