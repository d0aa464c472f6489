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
      { id: 'chatgpt', provider: true, enabled: true, simulated: false, reason: null },
      { id: 'claude', provider: false, enabled: true, simulated: true, reason: null },
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
});
