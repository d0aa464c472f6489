import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, workspaceBody, type TestContext } from '../../../test/helpers/app.ts';

// A competitor named "\t=HYPERLINK(…)" would become a CSV cell a spreadsheet runs.
// Names, aliases and prompt texts with control characters are refused at the schema, naming the
// field; nothing is written.

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'ctl');
});
afterAll(() => ctx.close());

const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) => ctx.app.inject({ method, url, headers: { cookie }, payload });
const rival = (name: string, aliases = ['Rival']) => ({ name, domains: ['rival.com'], aliases, ambiguous: false });
const TRIGGERS = [['TAB', '\t'], ['CR', '\r'], ['LF', '\n'], ['ESC', '\u001b'], ['DEL', '\u007f'], ['C1 NEL', '\u0085']] as const;

function expectRefused(res: { statusCode: number; json(): { error: { code: string; message: string } } }, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json().error.code).toBe('invalid_request');
  expect(res.json().error.message).toContain(`${field} must be text without control characters`);
}

describe('control characters in names and prompts', () => {
  it.each(TRIGGERS)('a leading %s in a competitor name, an alias or the brand name is refused at creation', async (_label, c) => {
    const second = workspaceBody('x').competitors[1];
    expectRefused(await send('POST', '/api/v1/workspaces', workspaceBody('ctl-a', { competitors: [rival(`${c}=1+1`), second] })), 'body.competitors[0].name');
    expectRefused(await send('POST', '/api/v1/workspaces', workspaceBody('ctl-b', { competitors: [rival('Rival', [`${c}@SUM(A1)`]), second] })), 'body.competitors[0].aliases[0]');
    expectRefused(await send('POST', '/api/v1/workspaces', workspaceBody('ctl-c', { displayName: `${c}Acme` })), 'body.displayName');
    expect((await ctx.app.inject({ url: '/api/v1/workspaces/ctl-a', headers: { cookie } })).statusCode).toBe(404);
  });

  it('a control character inside a name is refused too, on every route that writes names', async () => {
    expectRefused(await send('POST', '/api/v1/workspaces/ctl/competitors', rival('Ri\tval')), 'body.name');
    expectRefused(await send('PUT', '/api/v1/workspaces/ctl/competitors', { index: 0, ...rival('\rRival') }), 'body.name');
    expectRefused(await send('PATCH', '/api/v1/workspaces/ctl/profile', { displayName: 'Acme\u0007' }), 'body.displayName');
    const before = (await ctx.app.inject({ url: '/api/v1/workspaces/ctl/competitors', headers: { cookie } })).json();
    expect(JSON.stringify(before)).not.toMatch(/\\[trnu]/);
  });

  it.each(TRIGGERS)('a prompt text with %s is refused', async (_label, c) => {
    expectRefused(await send('POST', '/api/v1/workspaces/ctl/prompts', { intent: 'discovery', text: `${c}best analytics tools`, language: 'en' }), 'body.text');
  });

  it('ordinary names and prompts, accents and punctuation included, are accepted', async () => {
    expect((await send('POST', '/api/v1/workspaces/ctl/competitors', rival('Rivál & Co. — “Pro”'))).statusCode).toBe(200);
    const prompt = await send('POST', '/api/v1/workspaces/ctl/prompts', { intent: 'discovery', text: '¿Qué herramienta de analítica es mejor?', language: 'es' });
    expect(prompt.statusCode, prompt.payload).toBe(201);
  });
});
