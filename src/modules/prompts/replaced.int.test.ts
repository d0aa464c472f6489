import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, TEST_CATEGORIES, type TestContext } from '../../../test/helpers/app.ts';
import { seedRun } from '../../../test/helpers/runs-seed.ts';
import { ended } from '../../../test/helpers/wait.ts';
import { newId } from '../../lib/ids.ts';
import { createWorkspacesRepo } from '../workspaces/workspaces.repo.ts';

// Prompts replaced when the set is rewritten (a category confirmed, a generation): one never
// asked is deleted, one with answers — or in a run still asking it — stays, inactive, so that its
// answers keep their question (docs/prompts.md, "Replaced prompts").

let ctx: TestContext;
let cookie: string;
type Prompt = { id: string; text: string; active: boolean; source: string };

const list = async (slug: string, query: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/${slug}/prompts?limit=500&${query}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { prompts: Prompt[]; total: number };
};

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
});
afterAll(() => ctx.close());

describe('replaced prompts', () => {
  it('a workspace that confirms its category at creation keeps no replaced rows: none was ever asked', async () => {
    const { slug } = await createWorkspace(ctx.app, cookie, 'replaced-fresh');
    const all = await list(slug, 'includeInactive=true');
    expect(all.total).toBeGreaterThan(0);
    expect(all.prompts.filter((p) => !p.active)).toEqual([]);
    expect(all.total).toBe((await list(slug, '')).total);
  });

  it('keeps, inactive, the replaced prompts with answers or in a run still asking them, and deletes the rest', async () => {
    const { slug } = await createWorkspace(ctx.app, cookie, 'replaced-history', {}, { category: false });
    const before = (await list(slug, '')).prompts;
    expect(before.length).toBeGreaterThan(4);
    const [a, b, c, d] = before as [Prompt, Prompt, Prompt, Prompt];
    const workspaceId = (await createWorkspacesRepo(ctx.database.db).idBySlug(slug))!.id;
    await seedRun(ctx.database.db, workspaceId, { finishedAt: new Date(), results: [a, b, c].map((p) => ({ engine: 'chatgpt', promptId: p.id, prompt: p.text, brandMentioned: false })) });
    // A measurement run still running, planned on `d`: enqueued already, so no worker of this app picks it up.
    await ctx.database.db.execute(sql`insert into jobs (id, workspace_id, kind, concurrency_group, status, pid, log_path, started_at, enqueued_at, completed_calls, total_calls, progress_source, last_lines, params)
      values (${newId('run')}, ${workspaceId}, 'measurement', 'measurement', 'running', 1, '/dev/null', now(), now(), 0, 1, 'calls', '[]'::jsonb, ${JSON.stringify({ promptIds: [d.id] })}::jsonb)`);

    const put = await ctx.app.inject({ method: 'PUT', url: `/api/v1/workspaces/${slug}/prompts/categories`, headers: { cookie }, payload: { language: 'en', ...TEST_CATEGORIES.en } });
    expect(put.statusCode).toBe(200);
    expect(put.json().rewritten).toBe(true);

    const inactive = (await list(slug, 'active=false')).prompts;
    expect(inactive.map((p) => [p.id, p.text]).sort()).toEqual([a, b, c, d].map((p) => [p.id, p.text]).sort());
    const active = (await list(slug, '')).prompts;
    expect((await list(slug, 'includeInactive=true')).total).toBe(active.length + 4);
    // The others of the first set are gone, not hidden.
    const kept = new Set([...active, ...inactive].map((p) => p.id));
    expect(before.filter((p) => !kept.has(p.id)).length).toBe(before.length - 4);
  });

  it('a generation from the templates replaces the same way: only what was asked stays', async () => {
    const { slug } = await createWorkspace(ctx.app, cookie, 'replaced-generate');
    const first = (await list(slug, '')).prompts;
    const workspaceId = (await createWorkspacesRepo(ctx.database.db).idBySlug(slug))!.id;
    await seedRun(ctx.database.db, workspaceId, { finishedAt: new Date(), results: [{ engine: 'chatgpt', promptId: first[0]!.id, brandMentioned: true }] });
    const started = await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/prompts/generate`, headers: { cookie }, payload: {} });
    expect(started.statusCode).toBe(202);
    const jobUrl = `/api/v1/workspaces/${slug}/jobs/${started.json().id}`;
    const done = await ended(async () => (await ctx.app.inject({ method: 'GET', url: jobUrl, headers: { cookie } })).json() as { status: string }, 'the prompt generation');
    expect(done.status).toBe('succeeded');
    expect((await list(slug, 'active=false')).prompts.map((p) => p.id)).toEqual([first[0]!.id]);
  });
});
