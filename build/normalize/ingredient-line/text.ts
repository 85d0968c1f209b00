/** Turns a published ingredient line into the `display` text: entities decoded, tags stripped, spaces collapsed. */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', frac12: '½', frac14: '¼',
  frac34: '¾', frac13: '⅓', frac23: '⅔', frac18: '⅛', deg: '°', eacute: 'é', egrave: 'è', agrave: 'à',
  auml: 'ä', ouml: 'ö', uuml: 'ü', Auml: 'Ä', Ouml: 'Ö', Uuml: 'Ü', szlig: 'ß', aring: 'å', Aring: 'Å',
  ccedil: 'ç', ntilde: 'ñ', reg: '®', trade: '™', copy: '©', times: '×', rsquo: '’', lsquo: '‘', rdquo: '”',
  ldquo: '“', hellip: '…', frasl: '⁄',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/giu, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body] ?? whole;
  });
}

export function cleanLine(line: unknown): string {
  const raw = typeof line === 'string' ? line : line == null ? '' : String(line);
  // Escapes an exporter wrote out as text ("minced\n", "ginger\tsyrup") are whitespace, not letters.
  const unescaped = raw.replace(/\\[ntr]/gu, ' ');
  // Decode twice: scraped data often holds "&amp;frac12;".
  const decoded = decodeEntities(decodeEntities(unescaped.replace(/<[^>]*>/gu, ' ')));
  // UTF-8 read as Latin-1 ("1Â¼ cups", "CrÃ¨me"), then 'Â' before a space, a no-break space so decoded ("1/3Â cupsÂ flour").
  return fixMojibake(decoded.replace(/<[^>]*>/gu, ' ')).replace(/Â(?=[\s\u00a0])/gu, '').replace(/[\s\u00a0\u3000]+/gu, ' ').trim();
}

/**
 * Two-byte UTF-8 sequences for U+0080–U+00FF read as Latin-1 ("Â¼" for "¼", "Ã©" for "é"): decoded back. Only
 * the lead bytes 0xC2/0xC3 ('Â', 'Ã') before a continuation byte (U+0080–U+00BF), a pair no language writes.
 */
export function fixMojibake(text: string): string {
  return text.replace(/([\u00c2\u00c3])([\u0080-\u00bf])/gu, (_m, lead: string, cont: string) =>
    String.fromCharCode(((lead.charCodeAt(0) & 0x1f) << 6) | (cont.charCodeAt(0) & 0x3f)));
}
