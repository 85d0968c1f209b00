/**
 * The indexed keyword matcher (infer-labels.ts keywordLabels) against the plain one it replaced:
 * every keyword tried on the whole text, one by one. Texts are built from the rules' own keywords,
 * exclusions, suffix compounds, other words, punctuation and Chinese characters, in every language
 * the rules name.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import rules from '../../../../dataset/vocab/label-rules.json' with { type: 'json' };
import { keywordLabels } from '../../../../build/normalize/vocab/infer-labels.ts';
import { normalizeText } from '../../../../runtime/format/text/normalize.ts';

type Field = 'courses' | 'cuisines';
const RULES = rules as unknown as { compounding: string[] } & Record<Field, { title: Record<string, Record<string, string[]>>; exclude: string[] }>;
const fold = (s: string): string => normalizeText(s).split(/[^\p{L}\p{M}\p{N}]+/u).filter((w) => w !== '').join(' ');
const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/** The plain matcher: each keyword of '*' and of the language, searched for in the padded text. */
function plain(field: Field, raw: string, language: string): Set<string> {
  let text = ` ${fold(raw)} `;
  for (const x of RULES[field].exclude.map(fold)) text = text.split(` ${x} `).join(' | ');
  const out = new Set<string>();
  for (const [label, languages] of Object.entries(RULES[field].title)) {
    for (const [lang, words] of Object.entries(languages)) {
      if (lang !== '*' && lang !== language) continue;
      for (const w of words) {
        const phrase = fold(w);
        const suffix = RULES.compounding.includes(lang) && !phrase.includes(' ') && phrase.length >= 4;
        let hit: boolean;
        if (SPACELESS.test(phrase)) hit = text.includes(phrase);
        else if (text.includes(` ${phrase} `)) hit = true;
        else if (!suffix) hit = false;
        else {
          const at = text.indexOf(`${phrase} `);
          hit = at > 0 && text[at - 1] !== ' ';
        }
        if (hit) out.add(label);
      }
    }
  }
  return out;
}

const fields: Field[] = ['courses', 'cuisines'];
const keywords = fields.flatMap((f) => Object.values(RULES[f].title).flatMap((byLang) => Object.values(byLang).flat()));
const excludes = fields.flatMap((f) => RULES[f].exclude);
const languages = ['en', 'zh', ...new Set(fields.flatMap((f) => Object.values(RULES[f].title).flatMap((byLang) => Object.keys(byLang))))].filter((l) => l !== '*');
const piece = fc.oneof(
  fc.constantFrom(...keywords),
  fc.constantFrom(...excludes),
  fc.constantFrom(...keywords).map((k) => `Schokoladen${k}`),
  fc.constantFrom(...keywords).map((k) => `${k}s`),
  fc.constantFrom('with', 'and', 'the', 'Rezept', 'Toast', 'Cake', '&', '-', ',', '(', '炒', '鸡', 'ÉCLAIR', '  ', ''),
  fc.string({ maxLength: 6 }),
);

describe('the keyword matcher', () => {
  it('gives the labels the plain keyword-by-keyword search gives, for any text and language', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fields), fc.array(piece, { maxLength: 8 }), fc.constantFrom(...languages), fc.constantFrom(' ', '', '-'), (field, parts, language, sep) => {
        const raw = parts.join(sep);
        expect([...keywordLabels(field, raw, language)].sort()).toEqual([...plain(field, raw, language)].sort());
      }),
      { numRuns: 3000 },
    );
  });
});
