/**
 * A Python list literal of strings as `repr()` writes it (`['a', "b's", 'c\\'d']`) → string[].
 * Only strings are supported (that is all the Epicurious data holds); anything else throws.
 */
export function parsePythonStringList(text: string): string[] {
  const s = text.trim();
  if (!s.startsWith('[') || !s.endsWith(']')) throw new Error(`not a Python list: ${s.slice(0, 40)}`);
  const out: string[] = [];
  let i = 1;
  const skipSpace = (): void => {
    while (i < s.length && /[\s,]/.test(s[i] ?? '')) i++;
  };
  skipSpace();
  while (i < s.length - 1) {
    const quote = s[i];
    if (quote !== "'" && quote !== '"') throw new Error(`unexpected ${quote} at ${i} in Python list`);
    i++;
    let value = '';
    while (i < s.length && s[i] !== quote) {
      if (s[i] === '\\') {
        const next = s[i + 1] ?? '';
        value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
        i += 2;
      } else value += s[i++];
    }
    i++;
    out.push(value);
    skipSpace();
  }
  return out;
}
