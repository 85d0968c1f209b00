/**
 * dataset/FORMAT.md stays true to the code that cites it: its sections are numbered in order, and
 * every "FORMAT.md § N Title" in the sources names a section that exists under that number and
 * title (issue 18: citations had drifted to sections that were never written).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FORMAT = readFileSync(join(ROOT, 'dataset/FORMAT.md'), 'utf8');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.(ts|mjs|md)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Section number → heading text ("4" → "Container", "15.2" → "Terms"). */
const SECTIONS = new Map([...FORMAT.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? (.+)$/gm)].map((m) => [m[1]!, m[2]!]));

describe('FORMAT.md', () => {
  it('numbers its sections in order, the changelog last', () => {
    const numbers = [...SECTIONS.keys()];
    const sorted = [...numbers].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    expect(numbers).toEqual(sorted);
    const top = numbers.filter((n) => !n.includes('.'));
    expect(top).toEqual(top.map((_, i) => String(i + 1)));
    expect(SECTIONS.get(top.at(-1)!)).toBe('Compatibility and changelog');
  });

  it('lists the changelog versions in order', () => {
    const changelog = FORMAT.slice(FORMAT.indexOf('Compatibility and changelog'));
    const versions = [...changelog.matchAll(/^- v(\d+)\b/gm)].map((m) => Number(m[1]));
    expect(versions.length).toBeGreaterThan(2);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  it('has every section that a source file cites, under the cited title', () => {
    const self = fileURLToPath(import.meta.url);
    const files = [...['build', 'runtime', 'test'].flatMap((d) => filesUnder(join(ROOT, d))), join(ROOT, 'README.md')].filter((f) => f !== self);
    let citations = 0;
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/FORMAT(?:\.md)? § ?(\d+(?:\.\d+)?|[A-Za-z]+)([ \w]*)/g)) {
        citations++;
        const [, number, rest] = m;
        const title = SECTIONS.get(number!);
        expect(title, `${file}: FORMAT.md § ${number}`).toBeDefined();
        // A capitalised title after the number must be how the section's heading begins.
        const cited = rest!.trim();
        if (/^[A-Z]/.test(cited)) expect(title!.startsWith(cited), `${file}: FORMAT.md § ${number} ${cited}`).toBe(true);
      }
    }
    expect(citations).toBeGreaterThan(20);
  });

  it('names the test that proves determinism by a path that exists', () => {
    const cited = FORMAT.match(/`(test\/[^`]+\.test\.ts)` proves it/)?.[1];
    expect(cited).toBeDefined();
    expect(() => readFileSync(join(ROOT, cited!))).not.toThrow();
  });
});
