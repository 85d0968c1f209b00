/**
 * Just enough Markdown for the fixed recipe templates of howtocook and public-domain-recipes:
 * front matter is left to the caller, `##` headings split sections, list items are read with
 * their continuation lines. Not a general Markdown parser.
 */

export interface MarkdownDoc {
  /** The first `# ` heading, without the marker. */
  title: string;
  /** Lines before the first `## ` heading (title line excluded). */
  preamble: string[];
  /** `## ` sections in order; `### ` sub-headings stay inside as lines. */
  sections: { heading: string; lines: string[] }[];
}

export function parseMarkdown(markdown: string): MarkdownDoc {
  const doc: MarkdownDoc = { title: '', preamble: [], sections: [] };
  let current: string[] = doc.preamble;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const h1 = /^#\s+(.*)$/.exec(line);
    if (h1 && !doc.title && doc.sections.length === 0) {
      doc.title = (h1[1] ?? '').trim();
      continue;
    }
    const h2 = /^##\s+(.*?)\s*#*\s*$/.exec(line);
    if (h2) {
      current = [];
      doc.sections.push({ heading: (h2[1] ?? '').trim(), lines: current });
      continue;
    }
    current.push(line);
  }
  return doc;
}

/** Lines of the first section whose heading matches. */
export function section(doc: MarkdownDoc, heading: RegExp): string[] | undefined {
  return doc.sections.find((s) => heading.test(s.heading))?.lines;
}

const ITEM = /^\s*(?:[-*+]|\d+[.)、])\s+(.*)$/;

/**
 * List items (bullets or numbered) with indented continuation lines joined by a space. Nested
 * items count as items of their own; `###` headings and paragraphs outside a list end an item.
 */
export function listItems(lines: string[]): string[] {
  const items: string[] = [];
  let open = false;
  for (const line of lines) {
    const m = ITEM.exec(line);
    if (m) {
      items.push((m[1] ?? '').trim());
      open = true;
    } else if (open && /^\s{2,}\S/.test(line) && items.length > 0) {
      items[items.length - 1] = `${items[items.length - 1]} ${line.trim()}`;
    } else if (line.trim() !== '') {
      open = false;
    }
  }
  return items.filter((item) => item.length > 0);
}

/** Paragraph text (non-list, non-heading, non-image lines) joined by newlines. */
export function paragraphs(lines: string[]): string[] {
  return lines
    .filter((l) => l.trim() !== '' && !ITEM.test(l) && !/^\s*#/.test(l) && !/^\s*!\[[^\]]*\]\([^)]*\)\s*$/.test(l))
    .map((l) => l.trim());
}

/** Image targets of `![alt](target)` in the order they appear. */
export function imageTargets(lines: string[]): string[] {
  return [...lines.join('\n').matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '').filter(Boolean);
}

/** `[text](url)` → text, bold and code marks dropped (single `*` kept: howtocook writes "× 份数" as `*`). */
export function stripLinks(text: string): string {
  return text.replace(/!\[[^\]]*\]\([^)]*\)/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/`([^`]+)`/g, '$1');
}
