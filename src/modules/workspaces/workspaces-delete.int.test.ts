import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { ended } from '../../../test/helpers/wait.ts';

// Deleting a workspace: an owner's session only; everything stored for it goes (a measured
// workspace has rows in most tables: credits, runs, answers, snapshots, reports), and its slug is
// free again.

let ctx: TestContext;
let owner: { cookie: string };
let member: { cookie: string };
const as = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signup(ctx.app, 'owner@gone.example');
  member = await signup(ctx.app, 'member@gone.example');
  await createWorkspace(ctx.app, owner.cookie, 'gone');
  await as(owner.cookie, 'POST', '/api/v1/workspaces/gone/members', { email: 'member@gone.example', role: 'member' });
  const token = /token is (\S+)/.exec(ctx.mails.at(-1)!.text)![1]!;
  expect((await as(member.cookie, 'POST', '/api/v1/invitations/accept', { token })).statusCode).toBe(200);
  const run = await as(owner.cookie, 'POST', '/api/v1/workspaces/gone/runs', { preset: 'smoke' });
  expect(run.statusCode, run.body).toBe(202);
  const done = await ended(async () => (await as(owner.cookie, 'GET', `/api/v1/workspaces/gone/runs/${run.json().id}`)).json(), 'the smoke run');
  expect(done.status).toBe('succeeded');
}, 120_000);
afterAll(async () => ctx?.close());

describe('DELETE /api/v1/workspaces/{workspace}', () => {
  it('a member who is not an owner is refused', async () => {
    const res = await as(member.cookie, 'DELETE', '/api/v1/workspaces/gone');
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'forbidden']);
    expect((await as(owner.cookie, 'GET', '/api/v1/workspaces/gone/settings')).statusCode).toBe(200);
  });

  it('the owner deletes a measured workspace: it is gone for everyone and its slug is free', async () => {
    const res = await as(owner.cookie, 'DELETE', '/api/v1/workspaces/gone');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ slug: 'gone', deleted: true });
    for (const cookie of [owner.cookie, member.cookie]) {
      expect((await as(cookie, 'GET', '/api/v1/workspaces/gone/settings')).json().error.code).toBe('workspace_not_found');
      expect((await as(cookie, 'GET', '/api/v1/workspaces')).json()).toEqual([]);
    }
    expect((await as(owner.cookie, 'DELETE', '/api/v1/workspaces/gone')).statusCode).toBe(404);
    await createWorkspace(ctx.app, owner.cookie, 'gone');
  });
});
