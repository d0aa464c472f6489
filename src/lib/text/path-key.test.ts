import { describe, expect, it } from 'vitest';
import { pathKey } from './path-key.ts';

describe('pathKey: one key per page, whoever wrote its address', () => {
  it.each([
    ['https://acme.com/pricing/', '/pricing'],
    ['https://acme.com/', '/'],
    ['https://acme.com', '/'],
    ['HTTPS://ACME.COM/Pricing', '/Pricing'],
    ['/blog/a?x=1', '/blog/a'],
    ['https://acme.com/a#top', '/a'],
    ['/', '/'],
    ['', '/'],
    ['/a//?b#c', '/a'],
    ['//', '/'],
    ['/a#x?y', '/a'],
    ['?q', '/'],
    ['es/facturacion', '/es/facturacion'],
    // The pair: the log's and the sitemap's spellings of one page.
    ['/es/facturacion/', '/es/facturacion'],
    ['https://acme.es/es/facturacion?utm_source=chatgpt.com', '/es/facturacion'],
    ['/es/facturaci%C3%B3n/', '/es/facturación'],
    ['https://acme.es/es/facturación', '/es/facturación'],
    ['/es/facturación', '/es/facturación'],
    ['/a%2Fb', '/a%2Fb'],
    ['/a%3Fb', '/a%3Fb'],
    ['/bad%E0%A4%A', '/bad%E0%A4%A'],
    ['/Pricing', '/Pricing'],
  ])('%j → %j', (input, out) => expect(pathKey(input)).toBe(out));

  it('is idempotent', () => {
    for (const p of ['/es/facturacion/', 'https://acme.es/es/factura%C3%A7%C3%A3o/?x', '/a%2Fb/', '//']) expect(pathKey(pathKey(p))).toBe(pathKey(p));
  });
  it('reads 50 000 slashes before a letter in one pass', () => expect(pathKey(`/${'/'.repeat(50_000)}x`)).toBe(`/${'/'.repeat(50_000)}x`));
});
