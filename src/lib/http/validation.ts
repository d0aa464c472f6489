import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { Stream } from 'node:stream';
import { invalid } from '../errors.ts';

// Two ajv instances: bodies are validated exactly as sent (no type coercion: "5" is not an
// integer, and unknown fields stay to be rejected), while query strings, params and headers
// arrive as text and are coerced to the declared types.
// `allErrors`: a form is corrected in one round trip, so every failure is reported at once.
// `verbose`: each error carries its schema, whose `x-expected` says in words what a pattern means.
function makeAjv(coerceTypes: boolean | 'array') {
  const ajv = new Ajv({ removeAdditional: false, useDefaults: true, coerceTypes, allErrors: true, verbose: true, strict: false });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv('array');

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object) as never;

/** Schema keyword holding, in words, what a `pattern` or `format` accepts (shown instead of the regex). */
export const EXPECTED = 'x-expected';

/** Spreads `x-expected` into a TypeBox string schema: `Type.String({ pattern, ...expected('…') })`. */
export const expected = (words: string) => ({ [EXPECTED]: words });

const FORMAT_WORDS: Record<string, string> = {
  'date-time': 'a date and time such as 2026-01-31T09:30:00Z',
  date: 'a calendar date such as 2026-01-31',
  time: 'a time such as 09:30:00Z',
  email: 'an email address such as ana@example.com',
  uri: 'an absolute URL such as https://example.com/page',
  url: 'an absolute URL such as https://example.com/page',
  uuid: 'a UUID',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
};

function said(error: ErrorObject, keyword: string): string | undefined {
  const value = (error.parentSchema as Record<string, unknown> | undefined)?.[keyword];
  return typeof value === 'string' ? value : undefined;
}

/** Words for a failed pattern: `x-expected`, else the field's description, never the regex itself. */
function patternWords(error: ErrorObject): string {
  const expectedWords = said(error, EXPECTED);
  if (expectedWords) return `must be ${expectedWords}`;
  const description = said(error, 'description');
  return description ? `is not in the expected form (${description.replace(/\.$/, '')})` : 'is not in the expected form';
}

/** "body.competitors[1].domains[0] must be …": the message names the field that failed. */
export function describeValidationError(error: ErrorObject, context: string): string {
  const where = fieldPath(context, error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${where}.${String(params.additionalProperty)} is not an allowed field`;
    case 'required':
      return `${where}.${String(params.missingProperty)} is required`;
    case 'enum':
      return `${where} must be one of: ${(params.allowedValues as unknown[]).map((v) => (v === null ? 'null' : String(v))).join(', ')}`;
    case 'type': {
      // A nullable field has two types (schema-helpers.ts `Nullable`): "must be string or null".
      const types = Array.isArray(params.type) ? params.type : String(params.type).split(',');
      return `${where} must be ${types.join(' or ')}`;
    }
    case 'pattern':
      return `${where} ${patternWords(error)}`;
    case 'format': {
      const format = String(params.format);
      return `${where} must be ${said(error, EXPECTED) ?? FORMAT_WORDS[format] ?? `a valid ${format}`}`;
    }
    case 'minProperties':
      return `${where} must contain at least ${String(params.limit)} field(s)`;
    default:
      return `${where} ${error.message ?? 'is invalid'}`;
  }
}

export interface FieldError {
  /** `body.competitors[1].domains[0]`, `query.limit`: the same naming as the message. */
  field: string;
  /** The failed JSON Schema keyword (`pattern`, `required`, `maxLength`, …). */
  keyword: string;
  message: string;
}

/**
 * Every failure of one request, deduplicated, most specific first. An `anyOf`/`oneOf` summary is
 * dropped when one of its branches already explains the failure at the same field.
 */
export function describeValidationErrors(errors: ErrorObject[], context: string): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  const summary = (e: ErrorObject) => e.keyword === 'anyOf' || e.keyword === 'oneOf';
  const explained = new Set(errors.filter((e) => !summary(e)).map((e) => e.instancePath));
  // A nullable string with a bad pattern also fails its `null` branch: that `type` error is noise.
  const specific = new Set(errors.filter((e) => !summary(e) && e.keyword !== 'type').map((e) => e.instancePath));
  for (const error of errors) {
    if (summary(error) && explained.has(error.instancePath)) continue;
    if (error.keyword === 'type' && specific.has(error.instancePath)) continue;
    const message = describeValidationError(error, context);
    if (seen.has(message)) continue;
    seen.add(message);
    out.push({ field: fieldPath(context, error.instancePath), keyword: error.keyword, message });
  }
  return out;
}

/** One 400 for a list of failures: every message in `message`, each field in `details.errors`. */
export function invalidFields(errors: FieldError[]) {
  return invalid(errors.map((e) => e.message).join('; '), { errors });
}

function fieldPath(context: string, instancePath: string): string {
  const segments = instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return segments.reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : `${acc}.${s}`), context || 'request');
}

/** The path of the first string holding U+0000 (PostgreSQL text cannot store it), or null. */
export function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // A raw body (an upload's request stream, a Buffer) is not parsed data to check, and walking a
  // stream's socket and server graph 32 levels deep held the event loop for minutes.
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value) || value instanceof Stream) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulPath(inner, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}
