/**
 * One text folding for names and search (FORMAT.md § 13; issue 18): the filters compare
 * normalizeName keys, search compares the words of normalizeText, and the two must agree, so that
 * a name the filters match is also found by search and the other way round. On text of letters,
 * separators, apostrophes and invisible characters, a name's key is exactly its search words
 * joined by hyphens, and every spelling of a letter that search folds (ø/o, æ/ae, œ/oe, ß/ss,
 * ł/l, accents, a soft hyphen inside a word) gives the same key and the same words.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { CatalogReader } from '../../../runtime/format/catalog-file.ts';
import { bufferSource } from '../../../runtime/format/shard.ts';
import { PATHS } from '../../../runtime/format/constants.ts';
import { normalizeName, spellingKey } from '../../../runtime/format/normalize-name.ts';
import { normalizeText } from '../../../runtime/format/text/normalize.ts';
import { MAX_WORD_LENGTH, tokenize } from '../../../runtime/format/text/tokenize.ts';

/** The words search indexes and queries for a text (before stemming). */
const searchWords = (s: string) => tokenize(normalizeText(s)).map((t) => t.text);

/** Each letter search folds, with spellings that must all fold alike (case, decomposition, the ASCII form). */
const SPELLINGS: string[][] = [
  ['ß', 'ss', 'SS', 'ẞ'],
  ['æ', 'Æ', 'ae', 'AE'],
  ['œ', 'Œ', 'oe'],
  ['ø', 'Ø', 'o'],
  ['ł', 'Ł', 'l'],
  ['đ', 'Đ', 'd'],
  ['ı', 'i', 'I'],
  ['þ', 'Þ', 'th'],
  ['ð', 'Ð', 'd'],
  ['é', 'e\u0301', 'É', 'e'],
  ['ü', 'u\u0308', 'Ü', 'u'],
  ['ñ', 'n\u0303', 'n'],
  ['ﬁ', 'fi'],
  ['ｏ', 'o'],
];
const PLAIN = [...'abkrstz019'].map((c) => [c, c.toUpperCase()]);
const INVISIBLE = ['\u00ad', '\u200b', '\u2060', '\ufeff'];
const APOSTROPHES = ["'", '\u2019', '`'];
const SEPARATORS = [' ', '-', '_', '  ', ' - ', '\u00a0', '\u2013'];

/** A name as a list of letter classes and separators; `spell` picks one spelling of each. */
type Piece = { letters: number[] } | { separator: string };
const LETTERS = [...SPELLINGS, ...PLAIN];
const piece: fc.Arbitrary<Piece> = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.nat(LETTERS.length - 1), { minLength: 1, maxLength: 4 }).map((letters) => ({ letters })) },
  { weight: 1, arbitrary: fc.constantFrom(...SEPARATORS).map((separator) => ({ separator })) },
);
const name = fc.array(piece, { minLength: 1, maxLength: 5 });
/** One spelling of a name: per letter a spelling, and inside words an invisible character or apostrophe now and then. */
const spelling = (pieces: Piece[]) =>
  fc.array(fc.nat(1000), { minLength: 64, maxLength: 64 }).map((r) => {
    let i = 0;
    const pick = () => r[i++ % r.length]!;
    return pieces
      .map((p) => {
        if ('separator' in p) return p.separator;
        return p.letters
          .map((l, j) => {
            const spellings = LETTERS[l]!;
            const extra = j > 0 && pick() % 5 === 0 ? [...INVISIBLE, ...APOSTROPHES][pick() % 7]! : '';
            return extra + spellings[pick() % spellings.length]!;
          })
          .join('');
      })
      .join('');
  });

describe('one text folding for names and search', () => {
  it('gives a name the key of its search words joined by hyphens', () => {
    fc.assert(
      fc.property(name.chain(spelling), (s) => {
        expect(normalizeName(s)).toBe(searchWords(s).join('-'));
      }),
      { numRuns: 2000 },
    );
  });

  it('matches every spelling of a name alike in the filters and in search', () => {
    fc.assert(
      fc.property(name.chain((n) => fc.tuple(spelling(n), spelling(n))), ([a, b]) => {
        expect(normalizeName(a), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(normalizeName(b));
        expect(searchWords(a)).toEqual(searchWords(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('folds the letters search folds in names too: bœuf = boeuf, løg = log, Smørrebrød = smorrebrod, Peter\u00adsilie = petersilie', () => {
    expect(normalizeName('Bœuf')).toBe(normalizeName('boeuf'));
    expect(normalizeName('løg')).toBe('log');
    expect(normalizeName('Smørrebrød')).toBe('smorrebrod');
    expect(normalizeName('Peter\u00adsilie')).toBe('petersilie');
    expect(searchWords('Peter\u00adsilie')).toEqual(['petersilie']);
    expect(normalizeName('Łosoś wędzony')).toBe('losos-wedzony');
  });

  it('keys every catalog name as search reads it; every key of the name table is its own name key, or a spelling key whose name key is there too', () => {
    const dir = inject('realDataDir');
    const reader = new CatalogReader(bufferSource(fs.readFileSync(path.join(dir, PATHS.catalog))), PATHS.catalog);
    const catalog = { entries: reader.entriesAt(0, reader.entryCount), names: reader.names() };
    // Names of letters, digits, separators and apostrophes only; other punctuation ("Ei (L)"), CJK
    // (indexed as character n-grams) and words search drops as too long follow rules of their own.
    const wordy = /^[\p{L}\p{M}\p{N}\s\-_'\u2019\u00ad\u200b]+$/u;
    const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
    let checked = 0;
    for (const entry of catalog.entries) {
      for (const n of Object.values(entry.names).flat()) {
        if (!wordy.test(n) || cjk.test(n) || n.split(/[\s\-_]/).some((w) => [...w].length > MAX_WORD_LENGTH)) continue;
        checked++;
        expect(normalizeName(n), `${entry.id}: ${n}`).toBe(searchWords(n).join('-'));
      }
    }
    expect(checked).toBeGreaterThan(10_000);
    const keys = new Set(catalog.names.map(([key]) => key));
    let spellings = 0;
    for (const key of keys) {
      if (normalizeName(key) === key) continue;
      spellings++;
      expect(spellingKey(key), key).toBe(key);
      expect(keys.has(normalizeName(key)), key).toBe(true);
    }
    expect(spellings).toBeGreaterThan(0);
  });
});
