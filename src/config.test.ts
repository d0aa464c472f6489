import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isCalendarDay, loadConfig } from './config.ts';
import { simulationEnabled } from './modules/engines/catalogue.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'geo-config-'));
const secrets = { SESSION_SECRET: 's'.repeat(32), KEY_HASH_SECRET: 'k'.repeat(32), CREDENTIALS_KEY: 'ab'.repeat(32) };

describe('loadConfig', () => {
  it('defaults to local mode on 127.0.0.1:3000 with ./data', () => {
    const config = loadConfig({ DATA_DIR: tmp() });
    expect(config).toMatchObject({ env: 'local', host: '127.0.0.1', port: 3000, databaseUrl: undefined, publicBaseUrl: 'http://127.0.0.1:3000' });
    expect(loadConfig({}).dataDir).toBe(path.resolve('./data'));
  });

  it('generates missing secrets once under DATA_DIR (mode 0600) and reuses them', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir, GEO_ENV: 'test' });
    expect(second.secrets).toEqual(first.secrets);
    expect(first.secrets.credentialsKey).toHaveLength(32);
    expect(statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: tmp() }).secrets.sessionSecret).not.toBe(first.secrets.sessionSecret);
  });

  it.each([
    [{}, []],
    [{ GEO_ENV: 'test' }, null],
    [{ TRAFFIC_DNS: 'off' }, null],
    [{ GEO_ENV: 'test', TRAFFIC_DNS: 'system' }, []],
    [{ TRAFFIC_DNS: '127.0.0.1:5353, 9.9.9.9,[::1]:53,[2001:db8::1]' }, ['127.0.0.1:5353', '9.9.9.9', '[::1]:53', '[2001:db8::1]']],
  ])('reads TRAFFIC_DNS %j as %j (the system resolvers by default, none under GEO_ENV=test)', (env, servers) => {
    expect(loadConfig({ DATA_DIR: tmp(), ...env }).trafficDns).toEqual(servers);
  });

  it('reads TRUST_PROXY as a list of addresses and ranges', () => {
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
  });

  it('lets the environment override a generated secret', () => {
    const config = loadConfig({ DATA_DIR: tmp(), SESSION_SECRET: 'x'.repeat(40) });
    expect(config.secrets.sessionSecret).toBe('x'.repeat(40));
  });

  it('refuses to start production without its three secrets, naming each', () => {
    try {
      loadConfig({ GEO_ENV: 'production', DATA_DIR: tmp() });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(/SESSION_SECRET.*\n.*KEY_HASH_SECRET.*\n.*CREDENTIALS_KEY/);
    }
  });

  it('starts production with its secrets given and writes nothing', () => {
    const dir = path.join(tmp(), 'never-created');
    const config = loadConfig({ GEO_ENV: 'production', DATA_DIR: dir, ...secrets });
    expect(config.secrets.credentialsKey).toEqual(Buffer.from('ab'.repeat(32), 'hex'));
    expect(() => statSync(dir)).toThrow();
  });

  it.each([
    [{ GEO_ENV: 'staging' }, /GEO_ENV/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: 'abc' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'postgres://h/db?pgbouncer=true', DATABASE_LISTEN_URL: 'mysql://x' }, /DATABASE_LISTEN_URL must start/],
    [{ DATABASE_LISTEN_URL: 'postgres://h/db' }, /DATABASE_LISTEN_URL needs DATABASE_URL/],
    [{ PUBLIC_BASE_URL: 'ftp://x' }, /PUBLIC_BASE_URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ EMAIL_PROVIDER: 'smtp' }, /EMAIL_PROVIDER/],
    [{ CREDENTIALS_KEY: 'short' }, /CREDENTIALS_KEY/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY/],
    [{ TRAFFIC_DNS: 'dns.google' }, /TRAFFIC_DNS/],
    [{ TRAFFIC_DNS: '1.1.1.1:99999' }, /TRAFFIC_DNS/],
    [{ TRAFFIC_DNS: '2001:db8::1:53' }, /TRAFFIC_DNS/],
    [{ TRAFFIC_DNS: ' , ' }, /TRAFFIC_DNS/],
  ])('rejects %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(message);
  });
});

describe('GEO_SIMULATION', () => {
  it.each([
    ['local', undefined, 'enabled'],
    ['test', undefined, 'enabled'],
    ['production', undefined, 'disabled'],
    ['production', 'enabled', 'enabled'],
    ['local', 'disabled', 'disabled'],
  ] as const)('%s with GEO_SIMULATION=%s is %s', (geoEnv, value, expected) => {
    const config = loadConfig({ GEO_ENV: geoEnv, DATA_DIR: tmp(), ...secrets, ...(value ? { GEO_SIMULATION: value } : {}) });
    expect(config.simulation).toBe(expected);
    expect(simulationEnabled(config)).toBe(expected === 'enabled');
  });

  it('refuses other values; a hand-built config without it follows its environment', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), GEO_SIMULATION: 'yes' })).toThrow(/GEO_SIMULATION must be enabled or disabled/);
    expect(simulationEnabled({ env: 'test' })).toBe(true);
    expect(simulationEnabled({ env: 'production' })).toBe(false);
  });
});

describe('GEO_FIGURES_AFTER_RUN', () => {
  it.each([
    ['local', undefined, true],
    ['production', undefined, true],
    ['test', undefined, false],
    ['test', 'on', true],
    ['production', 'off', false],
  ] as const)('%s with GEO_FIGURES_AFTER_RUN=%s makes the figures after a run: %s', (geoEnv, value, expected) => {
    expect(loadConfig({ GEO_ENV: geoEnv, DATA_DIR: tmp(), ...secrets, ...(value ? { GEO_FIGURES_AFTER_RUN: value } : {}) }).figuresAfterRun).toBe(expected);
  });

  it('refuses other values', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), GEO_FIGURES_AFTER_RUN: 'yes' })).toThrow(/GEO_FIGURES_AFTER_RUN must be on or off \(got "yes"\)/);
  });
});

describe('GEO_SIMULATED_DAY (tests pin the simulated answers to a day)', () => {
  it.each([
    ['2026-11-20', true], ['2028-02-29', true], ['2027-02-29', false], ['2026-13-01', false], ['2026-1-5', false], ['20261120', false], ['2026-11-20T00:00', false],
  ])('%s is a calendar day: %s', (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });

  it('pins the day and names the marker file outside production; refuses both in production and a day that is none', () => {
    const config = loadConfig({ GEO_ENV: 'test', DATA_DIR: tmp(), GEO_SIMULATED_DAY: '2028-02-29', GEO_SIMULATED_DAY_LOG: '/tmp/marker' });
    expect(config.pipeline).toMatchObject({ simulatedDay: '2028-02-29', simulatedDayLog: '/tmp/marker' });
    expect(loadConfig({ DATA_DIR: tmp() }).pipeline.simulatedDay).toBeUndefined();
    expect(() => loadConfig({ GEO_ENV: 'production', DATA_DIR: tmp(), ...secrets, GEO_SIMULATED_DAY: '2026-11-20' })).toThrow(/GEO_SIMULATED_DAY is refused in production/);
    expect(() => loadConfig({ GEO_ENV: 'production', DATA_DIR: tmp(), ...secrets, GEO_SIMULATED_DAY_LOG: '/tmp/x' })).toThrow(/GEO_SIMULATED_DAY_LOG is refused in production/);
    expect(() => loadConfig({ DATA_DIR: tmp(), GEO_SIMULATED_DAY: '2027-02-29' })).toThrow(/GEO_SIMULATED_DAY must be a day as YYYY-MM-DD/);
  });
});

describe('GEO_OPTIONAL_ENGINES', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['google-ai-mode', ['google-ai-mode']],
    [' grok , openai-compatible,grok ', ['grok', 'openai-compatible']],
  ] as const)('%j turns on %j', (value, expected) => {
    expect(loadConfig({ DATA_DIR: tmp(), ...secrets, ...(value === undefined ? {} : { GEO_OPTIONAL_ENGINES: value }) }).optionalEngines).toEqual(expected);
  });

  it('refuses an id that is not an optional engine, naming it', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...secrets, GEO_OPTIONAL_ENGINES: 'grok,chatgpt,bing' })).toThrow(/GEO_OPTIONAL_ENGINES .*got "chatgpt, bing"/);
  });

  it('DataForSEO takes its login and password together, held as "login:password"; one alone is no key', () => {
    expect(loadConfig({ DATA_DIR: tmp(), ...secrets, DATAFORSEO_LOGIN: 'geo@example.com', DATAFORSEO_PASSWORD: 'pw-123456' }).providers.dataforseo)
      .toEqual({ apiKey: 'geo@example.com:pw-123456', baseUrl: 'https://api.dataforseo.com' });
    expect(loadConfig({ DATA_DIR: tmp(), ...secrets, DATAFORSEO_LOGIN: 'geo@example.com' }).providers.dataforseo.apiKey).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tmp(), ...secrets, GEO_OPTIONAL_ENGINES: 'copilot,dataforseo-gemini' }).optionalEngines).toEqual(['copilot', 'dataforseo-gemini']);
  });
});

describe('canary prompts (GEO_CANARIES, GEO_CANARY_PROMPTS, GEO_CANARY_SAMPLES)', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: tmp(), ...secrets, ...env }).canaries!;
  it('are on by default with the built-in set, 2 samples; the operator turns them off or replaces the set', () => {
    expect(load({})).toMatchObject({ enabled: true, samples: 2 });
    expect(load({}).prompts).toHaveLength(3);
    expect(load({ GEO_CANARIES: 'disabled' }).enabled).toBe(false);
    expect(load({ GEO_CANARY_PROMPTS: '[" Best CRM? ", "Best CRM?", "Top VPN for travel?"]', GEO_CANARY_SAMPLES: '1' })).toEqual({ enabled: true, prompts: ['Best CRM?', 'Top VPN for travel?'], samples: 1 });
  });
  it.each([
    [{ GEO_CANARIES: 'on' }, /GEO_CANARIES must be enabled or disabled/],
    [{ GEO_CANARY_PROMPTS: '[]' }, /GEO_CANARY_PROMPTS must be a JSON array of 1-20 prompts/],
    [{ GEO_CANARY_PROMPTS: 'best crm' }, /GEO_CANARY_PROMPTS must be a JSON array/],
    [{ GEO_CANARY_PROMPTS: '[1]' }, /GEO_CANARY_PROMPTS must be a JSON array/],
    [{ GEO_CANARY_SAMPLES: '9' }, /GEO_CANARY_SAMPLES must be an integer 1-5/],
  ])('%j is refused, naming the variable', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });
});
