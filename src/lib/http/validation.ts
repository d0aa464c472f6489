import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// Two ajv instances: bodies are validated exactly as sent (no type coercion: "5" is not an
// integer, and unknown fields stay to be rejected), while query strings, params and headers
// arrive as text and are coerced to the declared types.
function makeAjv(coerceTypes: boolean | 'array') {
  const ajv = new Ajv({ removeAdditional: false, useDefaults: true, coerceTypes, allErrors: false, strict: false });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv('array');

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object) as never;

/** "body.competitors[1].domains[0] must match …": the message names the field that failed. */
export function describeValidationError(error: ErrorObject, context: string): string {
  const where = fieldPath(context, error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${where}.${String(params.additionalProperty)} is not an allowed field`;
    case 'required':
      return `${where}.${String(params.missingProperty)} is required`;
    case 'enum':
      return `${where} must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'pattern':
      return `${where} must match ${String(params.pattern)}`;
    case 'minProperties':
      return `${where} must contain at least ${String(params.limit)} field(s)`;
    default:
      return `${where} ${error.message ?? 'is invalid'}`;
  }
}

function fieldPath(context: string, instancePath: string): string {
  const segments = instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return segments.reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : `${acc}.${s}`), context || 'request');
}

/** The path of the first string holding U+0000 (PostgreSQL text cannot store it), or null. */
export function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulPath(inner, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}
