import { describe, expect, it } from 'vitest';
import { disclosesAffiliation, finalDraft, posesAsIndependent, simulatedDraft } from './drafts.fns.ts';

const input = { brand: 'Acme Analytics', threadUrl: 'https://reddit.com/r/analytics/comments/abc/best_tool', prompts: ['Best analytics tool for startups?'], competitors: ['Globex'] };

describe('reply drafts disclose affiliation', () => {
  it('the simulated draft opens with the disclosure and names the brand', () => {
    const text = simulatedDraft(input);
    expect(disclosesAffiliation(text, 'Acme Analytics')).toBe(true);
    expect(posesAsIndependent(text)).toBe(false);
    expect(finalDraft(text, 'Acme Analytics')).toBe(text);
  });

  it.each([
    ['a draft without disclosure gets it prepended', 'Try Acme Analytics, it fits small teams.', 'Disclosure: I work for Acme Analytics'],
    ['a draft that already discloses is kept', 'I work at Acme Analytics. Try our free tier.', 'I work at Acme Analytics.'],
  ])('%s', (_name, text, start) => {
    expect(finalDraft(text, 'Acme Analytics')!.startsWith(start)).toBe(true);
  });

  it.each([
    ['I am just a happy customer of Acme Analytics and love it.'],
    ["I'm a regular user, not affiliated with them."],
    ["I don't work for Acme but it is great."],
  ])('posing as an independent user is refused: %s', (text) => {
    expect(finalDraft(text, 'Acme Analytics')).toBeNull();
  });

  it('a disclosure naming another company does not count', () => {
    expect(disclosesAffiliation('Disclosure: I work for Globex.\nAcme is fine.', 'Acme Analytics')).toBe(false);
  });
});

describe('drafts through the workspace model', async () => {
  const { MockLanguageModelV3 } = await import('ai/test');
  const { writeDraft } = await import('./drafts.ts');
  const model = (text: string) => ({
    name: 'openai:test',
    model: new MockLanguageModelV3({
      doGenerate: async () => ({ content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }, warnings: [] }),
    } as never),
  });
  const rec = { evidence: { facts: { threadUrl: input.threadUrl }, urls: [], prompts: [{ text: 'Best tool?' }] } } as never;

  it('a model draft without disclosure is stored with it first', async () => {
    expect(await writeDraft(rec, 'Acme Analytics', [], model('Acme Analytics has a free tier that fits.'))).toBe("Disclosure: I work for Acme Analytics, so I'm not a neutral voice here.\n\nAcme Analytics has a free tier that fits.");
  });
  it('a model draft posing as an independent user is refused (502 upstream_error)', async () => {
    await expect(writeDraft(rec, 'Acme Analytics', [], model('As a happy customer... I am just a happy customer of Acme Analytics.'))).rejects.toMatchObject({ code: 'upstream_error', statusCode: 502 });
  });
});
