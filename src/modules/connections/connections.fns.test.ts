import { describe, expect, it } from 'vitest';
import { maskValue, shapeProblem } from './connections.fns.ts';

describe('maskValue', () => {
  it.each([
    ['sk-1234567890abcdef', '****cdef'],
    ['0123456789abcdef', '****cdef'],
    ['0123456789abcde', '****'],
    ['x', '****'],
  ])('%s → %s', (value, masked) => expect(maskValue(value)).toBe(masked));
});

describe('shapeProblem', () => {
  const sa = (over: Record<string, unknown> = {}) => JSON.stringify({ type: 'service_account', client_email: 'a@b.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----\n…', ...over });
  it.each([
    ['api_key', 'sk-proj-abcdefgh', null],
    ['api_key', 'sk abc defgh', /white space/],
    ['api_key', 'short', /too short/],
    ['service_account_json', sa(), null],
    ['service_account_json', '{', /not JSON/],
    ['service_account_json', 'null', /not a service account/],
    ['service_account_json', sa({ type: 'authorized_user' }), /not a service account/],
    ['service_account_json', sa({ client_email: 5 }), /client_email/],
    ['service_account_json', sa({ private_key: undefined }), /private_key/],
  ])('%s %s', (key, value, problem) => {
    const result = shapeProblem(key, value);
    if (problem === null) expect(result).toBeNull();
    else expect(result).toMatch(problem);
  });
});
