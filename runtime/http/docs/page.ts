/**
 * The HTML of GET /docs: Swagger UI over /openapi.json, from files this server serves itself
 * (runtime/http/docs/assets.ts). No inline script, so the page's Content-Security-Policy can
 * refuse every other host: the browser itself guarantees that the page loads nothing from a CDN
 * and that try-it sends the key to this server only.
 */

/** Swagger UI's inline styles need 'unsafe-inline' for styles; scripts come from /docs/ only. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Recipe Database Service: API reference</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
</head>
<body>
<noscript><p>This reference needs JavaScript. The machine-readable contract is <a href="openapi.json">/openapi.json</a> (OpenAPI 3.1).</p></noscript>
<div id="swagger-ui"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/start.js"></script>
</body>
</html>
`;

/**
 * Served as /docs/start.js. Relative URLs, so the page also works behind a path prefix.
 * - validatorUrl null: no badge fetched from validator.swagger.io;
 * - tryItOutEnabled: every operation opens ready to send, its parameters filled from the
 *   documented example request; "Authorize" takes the key and try-it sends it as a bearer token
 *   (kept for the tab only: persistAuthorization off, so the key is never written to storage).
 */
export const START_SCRIPT = `'use strict';
window.ui = SwaggerUIBundle({
  url: new URL('openapi.json', document.baseURI).href,
  dom_id: '#swagger-ui',
  validatorUrl: null,
  deepLinking: true,
  tryItOutEnabled: true,
  persistAuthorization: false,
  displayRequestDuration: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  syntaxHighlight: { activated: true, theme: 'agate' },
});
`;
