/** GET /docs (an HTML page rendered from the OpenAPI document) and GET /openapi.json. */
import type { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { OPENAPI } from '../openapi/index.ts';
import { DOCS_CACHE_CONTROL } from '../response-headers.ts';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

interface DocOperation {
  summary: string;
  parameters: readonly { name: string; in: string; description?: string }[];
}

function renderDocs(): string {
  const sections = Object.entries(OPENAPI.paths).map(([path, item]) => {
    const op = (item as { get: DocOperation }).get;
    const params = op.parameters.length === 0
      ? '<p>No parameters.</p>'
      : `<table><tr><th>Parameter</th><th>In</th><th>Rules</th></tr>${op.parameters
          .map((p) => `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${escapeHtml(p.description ?? '')}</td></tr>`)
          .join('')}</table>`;
    return `<section><h2><code>GET ${escapeHtml(path)}</code></h2><p>${escapeHtml(op.summary)}</p>${params}</section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(OPENAPI.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}</style>
</head><body><h1>${escapeHtml(OPENAPI.info.title)}</h1><p>${escapeHtml(OPENAPI.info.description)}</p>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
${sections.join('\n')}
</body></html>`;
}

export function registerDocs(app: Hono<AppEnv>): void {
  const html = renderDocs();
  const doc = JSON.stringify(OPENAPI);
  app.get('/docs', (c) => c.html(html, 200, { 'Cache-Control': DOCS_CACHE_CONTROL }));
  app.get('/openapi.json', (c) => c.body(doc, 200, { 'Content-Type': 'application/json', 'Cache-Control': DOCS_CACHE_CONTROL }));
}
