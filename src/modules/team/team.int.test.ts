import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';

let ctx: TestContext;
let owner: { cookie: string; user: { id: string } };
let alice: { cookie: string; user: { id: string }; email: string };
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signup(ctx.app, 'owner@team.example');
  alice = await signup(ctx.app, 'alice@team.example');
  await createWorkspace(ctx.app, owner.cookie, 'team');
});
afterAll(() => ctx.close());

const url = '/api/v1/workspaces/team/members';
const as = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown) =>
  ctx.app.inject({ method, url: path, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
/** The cookie of whoever owns the workspace now (the parallel demotion test leaves one of two). */
const currentOwner = async () => {
  const members = (await as(owner.cookie, 'GET', url)).json().members as Array<{ userId: string; role: string }>;
  return members.find((m) => m.role === 'owner')!.userId === owner.user.id ? owner.cookie : alice.cookie;
};
const tokenFromMail = () => /token is (\S+)/.exec(ctx.mails.at(-1)!.text)![1]!;

describe('team', () => {
  it('the creator is the only owner at first', async () => {
    const res = await as(owner.cookie, 'GET', url);
    expect(res.json()).toEqual({ members: [{ userId: owner.user.id, email: 'owner@team.example', name: null, role: 'owner', joinedAt: expect.any(String) }], invitations: [] });
  });

  it('invite -> mail -> accept by the invited account makes a member who then sees the workspace', async () => {
    const invite = await as(owner.cookie, 'POST', url, { email: 'Alice@Team.example', role: 'member' });
    expect(invite.statusCode).toBe(201);
    expect(invite.json()).toMatchObject({ email: 'alice@team.example', role: 'member' });
    expect(ctx.mails.at(-1)!.to).toBe('alice@team.example');
    const token = tokenFromMail();

    const stranger = await signup(ctx.app);
    expect((await as(stranger.cookie, 'POST', '/api/v1/invitations/accept', { token })).json().error.code).toBe('forbidden');
    const accepted = await as(alice.cookie, 'POST', '/api/v1/invitations/accept', { token });
    expect(accepted.json()).toEqual({ workspace: 'team', role: 'member' });
    expect((await as(alice.cookie, 'POST', '/api/v1/invitations/accept', { token })).json().error.code).toBe('invalid_token');

    const list = await as(alice.cookie, 'GET', '/api/v1/workspaces');
    expect(list.json()).toEqual([expect.objectContaining({ id: 'team', role: 'member' })]);
    expect((await as(owner.cookie, 'POST', url, { email: 'alice@team.example', role: 'owner' })).json().error.code).toBe('already_member');
  });

  it('only owners invite, change roles or remove others', async () => {
    for (const [method, path, body] of [
      ['POST', url, { email: 'x@team.example', role: 'member' }],
      ['PATCH', `${url}/${owner.user.id}`, { role: 'member' }],
      ['DELETE', `${url}/${owner.user.id}`, undefined],
    ] as const) {
      const res = await as(alice.cookie, method, path, body);
      expect([res.statusCode, res.json().error.code]).toEqual([403, 'forbidden']);
    }
  });

  it('the last owner can neither be demoted nor leave; with two owners one may go', async () => {
    const demote = await as(owner.cookie, 'PATCH', `${url}/${owner.user.id}`, { role: 'member' });
    expect([demote.statusCode, demote.json().error.code]).toEqual([409, 'last_owner']);
    expect((await as(owner.cookie, 'DELETE', `${url}/${owner.user.id}`)).statusCode).toBe(409);

    const promoted = await as(owner.cookie, 'PATCH', `${url}/${alice.user.id}`, { role: 'owner' });
    expect(promoted.json()).toMatchObject({ userId: alice.user.id, role: 'owner' });
    // Both owners demote each other at once: the workspace keeps one.
    const [a, b] = await Promise.all([
      as(owner.cookie, 'PATCH', `${url}/${alice.user.id}`, { role: 'member' }),
      as(alice.cookie, 'PATCH', `${url}/${owner.user.id}`, { role: 'member' }),
    ]);
    // One wins; the other is refused as last owner (409), or as no longer an owner (403) when it arrives after.
    const codes = [a!.statusCode, b!.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const owners = (await as(owner.cookie, 'GET', '/api/v1/workspaces/team/members')).json().members.filter((m: { role: string }) => m.role === 'owner');
    expect(owners).toHaveLength(1);
  });

  it('a member may leave; then the workspace is unreachable for them', async () => {
    const bob = await signup(ctx.app, 'bob@team.example');
    const ownerCookie = await currentOwner();
    expect((await as(ownerCookie, 'POST', url, { email: 'bob@team.example', role: 'member' })).statusCode).toBe(201);
    await as(bob.cookie, 'POST', '/api/v1/invitations/accept', { token: tokenFromMail() });
    expect((await as(bob.cookie, 'GET', '/api/v1/workspaces/team/settings')).statusCode).toBe(200);
    expect((await as(bob.cookie, 'DELETE', `${url}/${bob.user.id}`)).statusCode).toBe(204);
    expect((await as(bob.cookie, 'GET', '/api/v1/workspaces/team/settings')).json().error.code).toBe('workspace_not_found');
  });

  it('invitations can be withdrawn; a new one replaces the open one', async () => {
    const ownerCookie = await currentOwner();
    await as(ownerCookie, 'POST', url, { email: 'carol@team.example', role: 'member' });
    const first = tokenFromMail();
    await as(ownerCookie, 'POST', url, { email: 'carol@team.example', role: 'member' });
    const open = (await as(ownerCookie, 'GET', url)).json().invitations.filter((i: { email: string }) => i.email === 'carol@team.example');
    expect(open).toHaveLength(1);
    const carol = await signup(ctx.app, 'carol@team.example');
    expect((await as(carol.cookie, 'POST', '/api/v1/invitations/accept', { token: first })).json().error.code).toBe('invalid_token');
    expect((await as(ownerCookie, 'DELETE', `${url}/invitations/${open[0].invitationId}`)).statusCode).toBe(204);
    expect((await as(carol.cookie, 'POST', '/api/v1/invitations/accept', { token: tokenFromMail() })).json().error.code).toBe('invalid_token');
    expect((await as(ownerCookie, 'DELETE', `${url}/invitations/${open[0].invitationId}`)).statusCode).toBe(404);
  });

  it('parallel invitations to one address leave exactly one open; accepting as a member already is 409 and spends nothing', async () => {
    const ownerCookie = await currentOwner();
    const results = await Promise.all(Array.from({ length: 4 }, () => as(ownerCookie, 'POST', url, { email: 'dave@team.example', role: 'member' })));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const open = (await as(ownerCookie, 'GET', url)).json().invitations.filter((i: { email: string }) => i.email === 'dave@team.example');
    expect(open).toHaveLength(1);

    const dave = await signup(ctx.app, 'erin@team.example');
    await as(ownerCookie, 'POST', url, { email: 'erin@team.example', role: 'member' });
    const first = tokenFromMail();
    await as(dave.cookie, 'POST', '/api/v1/invitations/accept', { token: first });
    await as(ownerCookie, 'POST', url, { email: 'erin@team.example', role: 'owner' }).then((r) => expect(r.json().error.code).toBe('already_member'));
  });

  it('a key with workspace:read lists members; writes need a session', async () => {
    const key = await activeKey(ctx.app, await currentOwner(), 'team');
    expect((await ctx.app.inject({ url, headers: key.bearer })).statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'POST', url, headers: key.bearer, payload: { email: 'z@team.example', role: 'member' } });
    expect(res.json().error.code).toBe('session_required');
  });

  it.each([[{ email: 'nope', role: 'member' }], [{ email: 'a@b.co', role: 'admin' }], [{ email: 'a@b.co' }]])('invite 400 for %j', async (body) => {
    expect((await as(owner.cookie, 'POST', url, body)).statusCode).toBe(400);
  });
});
