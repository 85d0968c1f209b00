/**
 * Validates real response bodies against the served OpenAPI 3.1 document (JSON Schema 2020-12
 * dialect) with Ajv, so the document and the responses cannot drift apart.
 */
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { OPENAPI } from '../../runtime/http/openapi/index.ts';

const Ajv2020 = (Ajv2020Module as unknown as { default: typeof Ajv2020Module }).default ?? Ajv2020Module;
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule }).default ?? addFormatsModule;

const ajv = new (Ajv2020 as any)({ strict: false, allErrors: true });
(addFormats as any)(ajv);
ajv.addSchema(JSON.parse(JSON.stringify(OPENAPI)), 'openapi');

/** The documented response of GET `path` for `status`, $ref resolved. */
function documentedResponse(path: string, status: number): any {
  const doc = OPENAPI as any;
  const op = doc.paths[path]?.get;
  if (!op) throw new Error(`OpenAPI documents no GET ${path}`);
  const response = op.responses[String(status)];
  if (!response) throw new Error(`OpenAPI documents no ${status} for GET ${path}`);
  return response.$ref ? doc.components.responses[response.$ref.split('/').pop()] : response;
}

/** Throws when a header documented for GET `path` and `status` is missing from `headers`. */
export function assertHeadersMatchOpenApi(path: string, status: number, headers: Headers): void {
  for (const name of Object.keys(documentedResponse(path, status).headers ?? {})) {
    if (!headers.has(name)) throw new Error(`GET ${path} ${status} lacks the documented header ${name}`);
  }
}

/** Throws when `body` does not match the response schema of `path` (an OpenAPI path key) and `status`. */
export function assertMatchesOpenApi(path: string, status: number, body: unknown): void {
  assertMatchesResponse(documentedResponse(path, status), body, `GET ${path} ${status}`);
}

/** Throws when `body` does not match the JSON schema of an OpenAPI response object (`$ref` resolved). */
export function assertMatchesResponse(response: any, body: unknown, what: string): void {
  if (response.$ref) response = (OPENAPI as any).components.responses[response.$ref.split('/').pop()];
  const schema = response.content?.['application/json']?.schema;
  if (!schema) throw new Error(`OpenAPI has no JSON schema for ${what}`);
  const ref = schema.$ref ? `openapi${schema.$ref}` : undefined;
  const validate = ref ? ajv.getSchema(ref) : ajv.compile(schema);
  if (!validate) throw new Error(`cannot resolve ${schema.$ref}`);
  if (!validate(body)) throw new Error(`${what} does not match OpenAPI: ${ajv.errorsText(validate.errors)}`);
}
