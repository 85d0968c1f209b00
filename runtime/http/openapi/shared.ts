/** Small builders shared by the parts of the OpenAPI document. */

/** A reference into `components`: `ref('schemas/Recipe')`. */
export const ref = (name: string) => ({ $ref: `#/components/${name}` });

/** A JSON response content entry with the given schema. */
export const json = (schema: object) => ({ 'application/json': { schema } });

/** The rate-limit headers every counted response carries (runtime/http/quota.ts). */
export const rateHeaders = {
  'RateLimit-Policy': ref('headers/RateLimitPolicy'),
  RateLimit: ref('headers/RateLimit'),
};

/** A key is optional in the current deployment: either the bearer scheme or none. */
export const security = [{ bearer: [] }, {}];
