import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { fetcherFromConfig } from './safe-fetch.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'geo-config-'));
const production = { GEO_ENV: 'production', SESSION_SECRET: 's'.repeat(32), KEY_HASH_SECRET: 'k'.repeat(32), CREDENTIALS_KEY: 'ab'.repeat(32) };

describe('fetch and SEO configuration', () => {
  it('GEO_FETCH_ALLOW_PRIVATE=1 lifts the address rule locally and is refused in production', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).fetch).toEqual({ allowPrivate: false, allowOrigins: [] });
    const local = loadConfig({ DATA_DIR: tmp(), GEO_FETCH_ALLOW_PRIVATE: '1' });
    expect(local.fetch?.allowPrivate).toBe(true);
    expect(fetcherFromConfig(local).checkUrl('http://127.0.0.1:9/').hostname).toBe('127.0.0.1');
    expect(() => fetcherFromConfig(loadConfig({ DATA_DIR: tmp() })).checkUrl('http://127.0.0.1:9/')).toThrow(/loopback/);
    expect(() => loadConfig({ ...production, DATA_DIR: tmp(), GEO_FETCH_ALLOW_PRIVATE: '1' })).toThrow(/GEO_FETCH_ALLOW_PRIVATE=1 is refused in production/);
    expect(() => loadConfig({ DATA_DIR: tmp(), GEO_FETCH_ALLOW_PRIVATE: 'yes' })).toThrow(ConfigError);
  });

  it('reads the SEO settings and refuses bad ones', () => {
    const config = loadConfig({ DATA_DIR: tmp(), CHROME_PATH: '/opt/chrome', GEO_SEO_SAMPLE_PAGES: '2', GOOGLE_API_ROOT_URL: 'http://127.0.0.1:9' });
    expect(config.seo).toMatchObject({ chromePath: '/opt/chrome', samplePages: 2, googleApiRootUrl: 'http://127.0.0.1:9/', pagePriceMicrousd: 20_000 });
    expect(loadConfig({ DATA_DIR: tmp() }).seo).toMatchObject({ chromePath: '/usr/bin/chromium', samplePages: 4, googleApiRootUrl: null });
    expect(() => loadConfig({ DATA_DIR: tmp(), GEO_SEO_SAMPLE_PAGES: '21' })).toThrow(/GEO_SEO_SAMPLE_PAGES/);
    expect(() => loadConfig({ DATA_DIR: tmp(), GOOGLE_API_ROOT_URL: 'ftp://x' })).toThrow(/GOOGLE_API_ROOT_URL/);
  });
});
