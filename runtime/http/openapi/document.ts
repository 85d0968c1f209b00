/**
 * The OpenAPI 3.1 document served at GET /openapi.json (and rendered by GET /docs), assembled from
 * its parts: parameters.ts, schemas.ts, responses.ts, paths.ts, and examples.ts (an example request
 * and its real answer for every route and error). test/runtime/http/openapi.test.ts
 * checks that every route and every parameter the parsers accept appears here.
 */
import { withOperationExamples, withResponseExamples } from './examples.ts';
import { PATHS } from './paths.ts';
import { HEADERS, RESPONSES } from './responses.ts';
import { SCHEMAS } from './schemas.ts';
import { security } from './shared.ts';

export const OPENAPI = {
  openapi: '3.1.0',
  info: {
    title: 'Recipe Database Service',
    version: '1.0.0',
    description:
      'A read-only JSON API over a recipe dataset. Every API request may carry `Authorization: Bearer <API key>` (required when the deployment requires keys). The free allowance is a number of requests per UTC day per account, shared by its keys; every authenticated request to an API route counts, including 4xx answers, except 401s. Errors use one envelope: {"error": {"message", "code"}}. Browsers may call from any origin (CORS; `RECIPES_CORS_ORIGINS` narrows it): a preflight `OPTIONS` is answered 204 without a key and uses no allowance; scripts may read `RateLimit`, `RateLimit-Policy`, `Retry-After`, `ETag` and `X-Request-Id`. Every 200 of an API route carries a strong `ETag` (send it back as `If-None-Match` for a 304) and `Cache-Control: private, max-age=300`; errors are `no-store`; every answer carries `X-Content-Type-Options: nosniff`.',
  },
  servers: [{ url: '/' }],
  security,
  paths: withOperationExamples(PATHS),
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', description: 'API key (`rdb_live_...`) as `Authorization: Bearer <key>`.' },
    },
    headers: HEADERS,
    schemas: SCHEMAS,
    responses: withResponseExamples(RESPONSES),
  },
};
