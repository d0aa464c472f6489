import { describe, expect, it } from 'vitest';
import { redactUrl } from './log.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/v1/device-authorizations/abc123/token', '/api/v1/device-authorizations/[redacted]/token'],
    ['/api/v1/device-authorizations/BCDF-GHJK', '/api/v1/device-authorizations/[redacted]'],
    ['/device?code=BCDF-GHJK', '/device?code=[redacted]'],
    ['/x?a=1&token=secret&b=2', '/x?a=1&token=[redacted]&b=2'],
    ['/api/v1/device-authorizations', '/api/v1/device-authorizations'],
    ['/api/v1/workspaces/acme/settings', '/api/v1/workspaces/acme/settings'],
  ])('%s', (url, out) => expect(redactUrl(url)).toBe(out));
});
