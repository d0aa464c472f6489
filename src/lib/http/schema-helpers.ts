import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { expected } from './validation.ts';

// Small builders over TypeBox for shapes the routes repeat.

/** A string enum as `{type: 'string', enum}`: ajv then reports "must be equal to one of the allowed values". */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/**
 * A value or null. A schema of one JSON type takes `null` as a second type (`type: [t, 'null']`,
 * OpenAPI 3.1): the response serializer writes it behind a type check, where `anyOf` makes it
 * compile an ajv validator on the first response that reaches the field and run it on every one
 * after (the first load of a page after a start spent some 90 ms compiling them, issue 47).
 * Anything else (a union, a reference) stays `anyOf [schema, null]`.
 * What the serializer checks of such a field is its JSON type only, as for every other field: a
 * value outside its enum or format is written, not refused (docs/api.md). For bodies and
 * responses: on a query string or path parameter an empty value would no longer become null
 * (ajv coerces to the first type that fits), and a nullable object's inner `default`s are filled.
 */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const { type, enum: values, const: constant } = schema as { type?: unknown; enum?: unknown[]; const?: unknown };
  if (typeof type === 'string' && type !== 'null' && constant === undefined) {
    return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'], ...(values ? { enum: [...values, null] } : {}) });
  }
  return Type.Unsafe<Static<T> | null>(Type.Union([schema, Type.Null()]));
}

/** A closed object: unknown fields are a 400, as the spec demands for every body. */
export function Closed<T extends Record<string, TSchema>>(properties: T, options: Record<string, unknown> = {}) {
  return Type.Object(properties, { additionalProperties: false, ...options });
}

export const HttpUrl = Type.String({ maxLength: 2048, format: 'uri', pattern: '^https?://', ...expected('an absolute http:// or https:// URL such as https://example.com/page') });
export const Timestamp = Type.String({ format: 'date-time' });

/**
 * Control characters (C0 and C1: TAB, CR, LF, NUL, ESC…) in a name or a prompt, refused at the
 * schema: a leading TAB or CR in a competitor's name would make a CSV cell a spreadsheet
 * runs, and none of them belongs in a name a person typed.
 */
export const NO_CONTROL_PATTERN = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$';
export const NO_CONTROL_WORDS = 'text without control characters (no tab, carriage return, line feed or other C0/C1 control character)';

/** A one-line text field (a name, an alias, a prompt): length bounds and no control characters. */
export const PlainText = (options: { minLength?: number; maxLength: number; description?: string }) =>
  Type.String({ ...options, pattern: NO_CONTROL_PATTERN, ...expected(NO_CONTROL_WORDS) });
