/**
 * The chunk walk of firstOfIntersections(), shared by both implementations: each supplies the
 * chunk range of the a_i and, per pair and chunk, the first values of a_i ∩ b_i there.
 */

/**
 * The first `limit` values, ascending, of the union of a_i ∩ b_i over disjoint a_i, each with
 * the index i of its pair, walking chunks first..last. `chunkValues(i, c, want)`: undefined when
 * a_i holds nothing in chunk c, else the first `want` (or fewer) values of a_i ∩ b_i in it,
 * ascending. Stops after `maxChunks` chunks where some a_i holds values.
 */
export function walkIntersections(
  pairs: number,
  first: number,
  last: number,
  limit: number,
  maxChunks: number,
  chunkValues: (i: number, c: number, want: number) => ArrayLike<number> | undefined,
): { values: number[]; pair: number[]; complete: boolean } {
  const values: number[] = [];
  const pair: number[] = [];
  let c = first;
  for (let read = 0; c <= last && values.length < limit && read < maxChunks; c++) {
    const found: [number, number][] = [];
    const want = limit - values.length; // from each pair: its values in this chunk are ascending
    let holds = false;
    for (let i = 0; i < pairs; i++) {
      const got = chunkValues(i, c, want);
      if (got === undefined) continue;
      holds = true;
      for (let j = 0; j < got.length; j++) found.push([got[j]!, i]);
    }
    if (!holds) continue;
    read++;
    found.sort((x, y) => x[0] - y[0]);
    for (const [v, i] of found.slice(0, want)) {
      values.push(v);
      pair.push(i);
    }
  }
  return { values, pair, complete: values.length === limit || c > last };
}
