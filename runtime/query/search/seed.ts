/**
 * Seeding (README.md § Seeding): before the pass, the docs of the strongest list's best blocks
 * (and, with several words, docs that hold every word) are scored in full, so that θ starts high
 * and the pruning rules bite from the first doc.
 */
import { lowerBound, bestBlocks, distinctSorted, kthSmallest } from './arrays.ts';
import { saturation } from './bm25.ts';
import { tfAt } from './block-cache.ts';
import type { Cursor } from './cursor.ts';
import { denseX, type DenseForms } from './dense.ts';
import { SEED_BLOCKS, SEED_DOCS, SEED_MATCH_BEST, SEED_MATCH_BLOCKS, SEED_MATCH_POOL, SEED_MATCHED, SEED_TESTS } from './knobs.ts';
import type { Postings } from './postings.ts';
import { SeedScorer } from './seed-scores.ts';

/** The seed docs (ascending) and their word scores (W per doc). */
export interface Seeds {
  docs: Uint32Array;
  scores: Float64Array;
}

/** A list's exact score at a doc of a language (0 when the list does not hold the doc). */
type Probe = (d: number, lang: number) => number;

export class Seeder {
  readonly #postings: Postings;
  readonly #dense: DenseForms;
  readonly #scorer: SeedScorer;

  constructor(postings: Postings, dense: DenseForms) {
    this.#postings = postings;
    this.#dense = dense;
    this.#scorer = new SeedScorer(postings, dense);
  }

  /** The seeds of a query whose lists are `order` (by bound ascending), or null when there are none to score. */
  seeds(order: readonly Cursor[], W: number, allowed: Uint8Array | undefined, limit: number, slack: number): Seeds | null {
    const strongest = order.at(-1);
    if (!strongest || strongest.max.length <= 1) return null;
    const maxes = strongest.max;
    // Without a mask: the best block (the first on ties). With one, the best block may hold few
    // allowed docs (e.g. a language filter over a block of mostly other languages) and θ would
    // start low and stay low for most of the pass, so the best blocks (bound descending) are
    // read until SEED_DOCS allowed docs (or SEED_BLOCKS blocks) and their allowed docs seeded.
    const blocks = !allowed ? bestBlocks(maxes, 1) : bestBlocks(maxes, SEED_BLOCKS);
    let seed: number[] = [];
    const runs: number[] = []; // per block read: its number and where its docs start in seed
    for (let k = 0; k < blocks.length && seed.length < SEED_DOCS; k++) {
      // The blocks of one list hold distinct docs.
      runs.push(blocks[k]!, seed.length);
      for (const d of this.#postings.read(strongest.term, blocks[k]!).docs) if (!allowed || allowed[d] !== 0) seed.push(d);
    }
    if (runs.length > 2) {
      // The blocks' docs in block order: ascending (distinctSorted then sorts only the others).
      const byBlock: number[] = [];
      for (let r = 0; r < runs.length; r += 2) byBlock.push(r);
      byBlock.sort((a, b) => runs[a]! - runs[b]!);
      const ordered: number[] = [];
      for (const r of byBlock) for (let i = runs[r + 1]!, end = r + 2 < runs.length ? runs[r + 3]! : seed.length; i < end; i++) ordered.push(seed[i]!);
      seed = ordered;
    }
    // With several words the top docs usually hold every word, so docs of the strongest list
    // that hold every other word are seeded too (#matched). With a mask and a short strongest
    // list, from the whole list: without them θ can start just below the final one, where a dense
    // completion stays essential for the whole pass. Unfiltered, from its SEED_MATCH_BEST best
    // blocks (reading the whole list would only add work): the best block's docs alone can start
    // θ well below the final one, and each candidate scanned below it costs a probe.
    const matchBlocks = !allowed ? Math.min(maxes.length, SEED_MATCH_BEST) : maxes.length <= SEED_MATCH_BLOCKS ? maxes.length : 0;
    if (W > 1 && matchBlocks > 0) for (const d of this.#matched(strongest, order, W, allowed, matchBlocks)) seed.push(d);
    // Ascending, each doc once.
    const docs = distinctSorted(seed);
    return { docs, scores: this.#scorer.scores(docs, order, W, limit, slack) };
  }

  /**
   * Seeds for several words: the (allowed) docs of the strongest list's best blocks (best first,
   * at most `blocks`) that hold every other word through one of its SEED_TESTS strongest lists
   * (those of them with a dense form when the strongest has one), ranked by a lower bound of their
   * score (the strongest list's score plus each other word's best among those lists): the
   * SEED_MATCHED best of the first SEED_MATCH_POOL found. The first found hold every word but
   * often weakly; the best-ranked start θ nearer the final one.
   */
  #matched(strongest: Cursor, order: readonly Cursor[], W: number, allowed: Uint8Array | undefined, blocks: number): number[] {
    const { norms, fieldCount: F, docLanguage } = this.#postings;
    // Per other word, its strongest lists (strongest first) and their probes.
    const lists: Cursor[][] = [];
    const probes: Probe[][] = [];
    const wordBits: Uint32Array[] = []; // per other word (to wordBitsEnd[w]), its lists' bitsets when all are dense
    const wordBitsEnd: number[] = [];
    for (let w = 0; w < W; w++) {
      if (w === strongest.word) continue;
      let own = order.filter((c) => c.word === w).slice(-SEED_TESTS).reverse();
      if (own.length === 0) continue;
      // When the strongest has a dense form (built if need be: the pass's bounds use it too), only
      // the leading lists with one already (a dense form is not built for seeds alone): a search of
      // a list's block per doc costs more than the docs it adds are worth.
      const lead = own[0]!;
      if ((lead.dense === undefined ? (lead.dense = this.#dense.get(lead.term)) : lead.dense) !== null) {
        let k = 1;
        while (k < own.length && (own[k]!.dense ?? this.#dense.cached(own[k]!.term))) k++;
        own = own.slice(0, k);
      }
      lists.push(own);
      probes.push(own.map((c) => this.#probe(c)));
      // A word whose lists all have dense forms: a doc none of their bitsets holds is passed over
      // first, on bit tests alone (most docs, for a word in few of them).
      const dense = own.map((c) => c.dense ?? this.#dense.cached(c.term));
      if (dense.every((f) => f)) for (const f of dense) wordBits.push(f!.bits);
      wordBitsEnd.push(wordBits.length);
    }
    const poolDocs: number[] = [];
    const poolScores: number[] = [];
    for (const j of bestBlocks(strongest.max, blocks)) {
      const b = this.#postings.read(strongest.term, j);
      const docs = b.docs;
      for (let i = 0; i < docs.length; i++) {
        const d = docs[i]!;
        if (allowed && allowed[d] === 0) continue;
        let held = true;
        for (let w = 0, r = 0; w < wordBitsEnd.length && held; w++) {
          const end = wordBitsEnd[w]!;
          if (r === end) continue; // (not all dense)
          held = false;
          for (; r < end; r++) if ((wordBits[r]![d >>> 5]! & (1 << (d & 31))) !== 0) held = true;
        }
        if (!held) continue;
        const lang = docLanguage[d]!;
        let lb = saturation(strongest.scaleFor(lang), tfAt(docs, b.tfs, b.xs, i, norms, F));
        for (let w = 0; w < lists.length && lb > 0; w++) {
          const own = lists[w]!;
          let best = 0;
          for (let k = 0; k < own.length && own[k]!.ub > best; k++) {
            const s = probes[w]![k]!(d, lang);
            if (s > best) best = s;
          }
          lb = best > 0 ? lb + best : 0;
        }
        if (lb > 0) {
          poolDocs.push(d);
          poolScores.push(lb);
        }
      }
      if (poolDocs.length >= SEED_MATCH_POOL) break;
    }
    // The SEED_MATCHED best: the pool's scores above the k-th largest, then ties to it in pool order.
    if (poolDocs.length <= SEED_MATCHED) return poolDocs;
    const kth = kthSmallest(new Float64Array(poolScores), poolScores.length, poolScores.length - SEED_MATCHED);
    const out: number[] = [];
    for (let k = 0; k < poolDocs.length; k++) if (poolScores[k]! > kth) out.push(poolDocs[k]!);
    for (let k = 0; k < poolDocs.length && out.length < SEED_MATCHED; k++) if (poolScores[k] === kth) out.push(poolDocs[k]!);
    return out;
  }

  /**
   * A list's exact score at a doc (0 when it does not hold it): through its dense form when one is
   * built, else a search of the (cached) block that may hold the doc.
   */
  #probe(c: Cursor): Probe {
    const { scale, uniform } = c;
    const dense = c.dense ?? this.#dense.cached(c.term);
    if (dense) {
      const { bits, rank, xs } = dense;
      return (d, lang) => {
        if ((bits[d >>> 5]! & (1 << (d & 31))) === 0) return 0;
        return saturation(uniform >= 0 ? uniform : scale[lang]!, denseX(bits, rank, xs, d));
      };
    }
    const { norms, fieldCount: F } = this.#postings;
    const last = c.last;
    return (d, lang) => {
      const j = lowerBound(last, d, 0, last.length);
      if (j === last.length) return 0;
      const b = this.#postings.read(c.term, j);
      const i = lowerBound(b.docs, d, 0, b.docs.length);
      if (b.docs[i] !== d) return 0;
      return saturation(uniform >= 0 ? uniform : scale[lang]!, tfAt(b.docs, b.tfs, b.xs, i, norms, F));
    };
  }
}
