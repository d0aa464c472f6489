import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { Nullable, StringEnum } from './schema-helpers.ts';
import { describeValidationErrors, nulPath, validatorCompiler } from './validation.ts';

// The NUL guard walks parsed input only. A raw body (an upload's request stream) once reached it:
// walking the stream's socket and server graph, 32 levels deep, held the event loop for minutes.

describe('nulPath', () => {
  const cyclic: Record<string, unknown> = { a: 'x' };
  cyclic.self = cyclic;

  it.each([
    ['a clean object', { a: 'x', b: [1, 'y', { c: null }] }, null],
    ['a string field', { a: 'x\u0000' }, 'body.a'],
    ['inside an array', { list: ['ok', { name: 'n\u0000' }] }, 'body.list[1].name'],
    ['a null-prototype object (query strings)', Object.assign(Object.create(null) as object, { q: '\u0000' }), 'body.q'],
    ['an object whose prototype has a null prototype (path parameters)', Object.assign(Object.create(Object.create(null) as object) as object, { id: 'x\u0000' }), 'body.id'],
    ['a Buffer (not text to check)', Buffer.from('a\u0000b'), null],
    ['a stream (a raw upload body)', Object.assign(new PassThrough(), { note: '\u0000' }), null],
    ['a cycle is cut by the depth limit', cyclic, null],
  ])('%s', (_name, value, expected) => {
    expect(nulPath(value, 'body')).toBe(expected);
  });
});

// A nullable field is one schema of two types (`Nullable`): its failures read as before it was an
// `anyOf` of the field and null, naming the field once and null among what it may be.
describe('nullable fields', () => {
  const schema = Type.Object({
    language: Nullable(StringEnum(['en', 'es'] as const)),
    name: Nullable(Type.String({ maxLength: 3 })),
    when: Nullable(Type.String({ format: 'date-time' })),
    box: Nullable(Type.Object({ n: Type.Integer() }, { additionalProperties: false })),
  });
  const validate = validatorCompiler({ schema, httpPart: 'body', method: 'POST', url: '/' }) as unknown as ((v: unknown) => boolean) & { errors: Parameters<typeof describeValidationErrors>[0] };
  const failures = (body: unknown) => (validate(body) ? [] : describeValidationErrors(validate.errors, 'body').map((e) => e.message));
  const ok = { language: 'en', name: 'abc', when: '2026-12-06T10:00:00Z', box: { n: 1 } };

  it.each<[string, Record<string, unknown>, string[]]>([
    ['values', ok, []],
    ['null everywhere', { language: null, name: null, when: null, box: null }, []],
    ['a value outside the list', { ...ok, language: 'de' }, ['body.language must be one of: en, es, null']],
    ['too long: no word about null', { ...ok, name: 'abcd' }, ['body.name must NOT have more than 3 characters']],
    ['another type', { ...ok, name: 5 }, ['body.name must be string or null']],
    ['not a date-time', { ...ok, when: 'soon' }, ['body.when must be a date and time such as 2026-01-31T09:30:00Z']],
    ['an object field wrong', { ...ok, box: { n: 'x' } }, ['body.box.n must be integer']],
  ])('%s', (_name, body, messages) => expect(failures(body)).toEqual(messages));
});
