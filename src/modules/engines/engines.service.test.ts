import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { testConfig } from '../../../test/helpers/app.ts';
import { createEngines } from './engines.service.ts';

const profile = { brand: { name: 'Acme', aliases: [], domains: ['acme.com'], ambiguous: false }, competitors: [] };
const keys = (connectors: string[]) => async (_ws: string, connector: string) => (connectors.includes(connector) ? 'sk-test-key' : null);

describe('engine gating by GEO_SIMULATION', () => {
  it('simulation on (local and test): engines without a key run simulated', async () => {
    const engines = createEngines({ config: testConfig(), clock: manualClock(new Date()), resolveKey: keys(['openai']) });
    const availability = await engines.availability('ws_1', ['chatgpt', 'claude']);
    expect(availability).toEqual([
      { id: 'chatgpt', provider: true, enabled: true, simulated: false, surface: 'api', optional: false, reason: null, enableWith: [] },
      { id: 'claude', provider: false, enabled: true, simulated: true, surface: 'api', optional: false, reason: null, enableWith: [] },
    ]);
    const [claude] = await engines.forWorkspace('ws_1', profile, ['claude']);
    expect(claude).toMatchObject({ simulated: true });
    expect((await claude!.call({ text: 'best analytics tool', language: 'en' }, new AbortController().signal)).text.length).toBeGreaterThan(0);
  });

  it('simulation off (production’s default): engines without a key are off, say why, and fail their calls', async () => {
    const engines = createEngines({ config: testConfig({ simulation: 'disabled' }), clock: manualClock(new Date()), resolveKey: keys(['openai']) });
    const [chatgpt, claude] = await engines.availability('ws_1', ['chatgpt', 'claude']);
    expect(chatgpt).toMatchObject({ enabled: true, simulated: false });
    expect(claude).toMatchObject({ enabled: false, simulated: false, reason: expect.stringMatching(/no anthropic key .* GEO_SIMULATION=enabled/) });
    const [off] = await engines.forWorkspace('ws_1', profile, ['claude']);
    expect(off).toMatchObject({ id: 'claude', simulated: false, off: true });
    await expect(off!.call({ text: 'x', language: 'en' }, new AbortController().signal)).rejects.toThrow(/simulation is off/);
  });

  it('an optional engine runs only when GEO_OPTIONAL_ENGINES lists it: a SerpAPI key alone does not add google-ai-mode to runs', async () => {
    const unlisted = createEngines({ config: testConfig(), clock: manualClock(new Date()), resolveKey: keys(['serpapi']) });
    expect(await unlisted.configuredOptional('ws_1')).toEqual([]);
    const [mode] = await unlisted.availability('ws_1', ['google-ai-mode']);
    expect(mode).toMatchObject({ enabled: false, simulated: false, optional: true, enableWith: ['GEO_OPTIONAL_ENGINES (add google-ai-mode)'] });
    expect(await unlisted.forWorkspace('ws_1', profile, ['google-ai-mode'])).toMatchObject([{ id: 'google-ai-mode', off: true }]);

    const listed = createEngines({ config: testConfig({ optionalEngines: ['google-ai-mode', 'grok'] }), clock: manualClock(new Date()), resolveKey: keys(['serpapi']) });
    expect(await listed.configuredOptional('ws_1')).toEqual(['google-ai-mode']);
    const [on, grok] = await listed.availability('ws_1', ['google-ai-mode', 'grok']);
    expect(on).toMatchObject({ enabled: true, provider: true, simulated: false });
    expect(grok).toMatchObject({ enabled: false, simulated: false, enableWith: [expect.stringMatching(/^XAI_API_KEY/)] });
  });

  it('listed DataForSEO and Copilot engines without their credentials are off and name the variables to set', async () => {
    const engines = createEngines({ config: testConfig({ optionalEngines: ['copilot', 'dataforseo-ai-mode', 'dataforseo-chatgpt'] }), clock: manualClock(new Date()), resolveKey: keys(['serpapi']) });
    expect(await engines.configuredOptional('ws_1')).toEqual(['copilot']);
    const [copilot, mode, chatgpt] = await engines.availability('ws_1', ['copilot', 'dataforseo-ai-mode', 'dataforseo-chatgpt']);
    expect(copilot).toMatchObject({ enabled: true, surface: 'product' });
    for (const off of [mode, chatgpt]) {
      expect(off).toMatchObject({ enabled: false, simulated: false, optional: true, surface: 'product', enableWith: ["DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD (or the workspace's dataforseo credential)"] });
      expect(off!.reason).toMatch(/DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD/);
    }
    const unlisted = await engines.availability('ws_1', ['dataforseo-gemini']);
    expect(unlisted[0]!.enableWith).toEqual(['GEO_OPTIONAL_ENGINES (add dataforseo-gemini)', "DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD (or the workspace's dataforseo credential)"]);
  });
});

describe('the service\'s own engines (canary prompts)', () => {
  it('never read a workspace\'s credential: without a server key they are simulated, or off when simulation is', () => {
    const asked: string[] = [];
    const resolveKey = async (ws: string, connector: string) => (asked.push(`${ws}:${connector}`), 'sk-workspace-key');
    const simulated = createEngines({ config: testConfig(), clock: manualClock(new Date()), resolveKey }).forService(profile, ['chatgpt', 'claude']);
    expect(simulated.map((e) => [e.id, e.simulated, e.off ?? false])).toEqual([['chatgpt', true, false], ['claude', true, false]]);
    const off = createEngines({ config: testConfig({ simulation: 'disabled' }), clock: manualClock(new Date()), resolveKey }).forService(profile, ['chatgpt']);
    expect(off[0]).toMatchObject({ off: true });
    expect(asked).toEqual([]);
  });
});

describe('the simulated engines\' day', () => {
  const ask = async (config: ReturnType<typeof testConfig>, day: string) => {
    const engines = createEngines({ config, clock: manualClock(new Date(`${day}T12:00:00Z`)), resolveKey: keys([]) });
    const [claude] = await engines.forWorkspace('ws_1', profile, ['claude']);
    return (await claude!.call({ text: 'best analytics tool for a small team', language: 'en' }, new AbortController().signal)).text;
  };

  it('follows the clock, unless a test pins it (GEO_SIMULATED_DAY): then every calendar day answers alike', async () => {
    const base = testConfig();
    const days = ['2026-11-20', '2026-12-01', '2027-01-01', '2028-02-29'];
    const byClock = await Promise.all(days.map((day) => ask(base, day)));
    expect(new Set(byClock).size).toBeGreaterThan(1);
    const pinned = { ...base, pipeline: { ...base.pipeline, simulatedDay: '2026-11-20' } };
    expect(await Promise.all(days.map((day) => ask(pinned, day)))).toEqual(days.map(() => byClock[0]));
  });

  it('leaves its marker file at the first simulated answer, for CI\'s date sweep', async () => {
    const marker = path.join(mkdtempSync(path.join(os.tmpdir(), 'geo-marker-')), 'file');
    const base = testConfig();
    await ask({ ...base, pipeline: { ...base.pipeline, simulatedDay: '2026-11-20', simulatedDayLog: marker } }, '2027-03-01');
    expect(readFileSync(marker, 'utf8')).toBe('2026-11-20\n');
  });
});
