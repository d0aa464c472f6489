import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { rowsMarkSql, textArray, type Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { WorkspaceRow } from '../workspaces/workspaces.service.ts';
import { categoryProblems, cleanCategory, type CategoryInput } from './categories.fns.ts';
import { apportion, templatesFor, templateSet, type Category, type Intent, type Language, type TemplateInput } from './prompts.fns.ts';
import { promptCategories, prompts } from './prompts.tables.ts';

export type PromptRow = typeof prompts.$inferSelect;
export interface PromptInput {
  intent: Intent;
  text: string;
  language: Language;
  region?: string | null;
  active?: boolean;
}

export const promptView = (p: PromptRow) => ({
  id: p.id, intent: p.intent, text: p.text, language: p.language, region: p.region, active: p.active, source: p.source,
  createdAt: p.createdAt.toISOString(), updatedAt: p.updatedAt.toISOString(),
});

export type Categories = Partial<Record<Language, Category>>;
export type CategoryRow = typeof promptCategories.$inferSelect;
export const categoryView = (c: CategoryRow) => ({
  language: c.language, singular: c.singular, plural: c.plural, gender: c.gender ?? null, audience: c.audience ?? null, source: c.source, updatedAt: c.updatedAt.toISOString(),
});

/** The workspace fields the templates read. */
export type TemplateWorkspace = Pick<WorkspaceRow, 'id' | 'displayName' | 'competitors' | 'languages' | 'regions' | 'productsServices' | 'activeSetSize' | 'quotas'>;

/** What the templates need of a workspace; `categories` are its confirmed categories (prompts.categoriesOf). */
export function templateInputOf(
  ws: Pick<WorkspaceRow, 'displayName' | 'competitors' | 'languages' | 'regions' | 'productsServices'>, categories: Categories,
  extra: { audiences?: Partial<Record<Language, string | null>>; year?: number } = {},
): TemplateInput {
  return {
    brand: ws.displayName, competitors: ws.competitors.map((c) => c.name), categories, ...extra,
    products: (ws.productsServices ?? []).map((p) => p.name), languages: ws.languages as Language[], regions: ws.regions,
  };
}

const stripStem = <T extends { stem: string }>(list: T[]) => list.map(({ stem: _stem, ...p }) => p);

export interface PromptsDeps {
  db: Db; clock: Clock;
  /**
   * Of `ids`, the prompts with a history — a stored answer, or a place in a run not yet ended —
   * read through `tx` (the replacing transaction). Handed in at startup: the runs module builds on
   * this one.
   */
  withHistory(tx: Db, workspaceId: string, ids: string[]): Promise<Set<string>>;
}

export function createPromptsService(deps: PromptsDeps) {
  const { db, clock } = deps;
  const rowsFor = (workspaceId: string, list: Array<{ intent: string; text: string; language: string; region: string | null }>, source: PromptRow['source']) => {
    const now = clock.now();
    return list.map((p) => ({ id: newId('prm'), workspaceId, ...p, active: true, source, createdAt: now, updatedAt: now }));
  };

  async function byId(ws: WorkspaceContext, id: string) {
    const [row] = await db.select().from(prompts).where(and(eq(prompts.workspaceId, ws.id), eq(prompts.id, id)));
    if (!row) throw notFound('Prompt');
    return row;
  }

  const service = {
    /** The free starting set of a new workspace, inside the transaction creating it (no category confirmed yet). */
    async seedTemplates(tx: Db, ws: WorkspaceRow) {
      // No category yet: only the questions naming the brand and its competitors (docs/prompts.md).
      const set = stripStem(templateSet(templateInputOf(ws, {}, { year: clock.now().getUTCFullYear() }), ws.activeSetSize, ws.quotas));
      if (set.length) await tx.insert(prompts).values(rowsFor(ws.id, set, 'template'));
    },

    /** Replaced prompts (inactive) are left out unless `active` asks for them or `includeInactive` is set. */
    async list(ws: WorkspaceContext, filter: { active?: boolean; includeInactive?: boolean; intent?: string; limit: number; offset: number }) {
      const active = filter.active ?? (filter.includeInactive ? undefined : true);
      const where = and(
        eq(prompts.workspaceId, ws.id),
        active === undefined ? undefined : eq(prompts.active, active),
        filter.intent ? eq(prompts.intent, filter.intent) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(prompts).where(where).orderBy(asc(prompts.createdAt), asc(prompts.id)).limit(filter.limit).offset(filter.offset),
        db.select({ n: count() }).from(prompts).where(where),
      ]);
      return { prompts: rows.map(promptView), total: total!.n, limit: filter.limit, offset: filter.offset };
    },

    async create(ws: WorkspaceContext, input: PromptInput) {
      const now = clock.now();
      const [row] = await db.insert(prompts).values({
        id: newId('prm'), workspaceId: ws.id, intent: input.intent, text: input.text.trim(), language: input.language,
        region: input.region ?? null, active: input.active ?? true, source: 'user', createdAt: now, updatedAt: now,
      }).returning();
      return promptView(row!);
    },

    async update(ws: WorkspaceContext, id: string, patch: Partial<PromptInput>) {
      await byId(ws, id);
      const [row] = await db.update(prompts).set({ ...patch, ...(patch.text ? { text: patch.text.trim() } : {}), updatedAt: clock.now() })
        .where(and(eq(prompts.workspaceId, ws.id), eq(prompts.id, id))).returning();
      return promptView(row!);
    },

    async remove(ws: WorkspaceContext, id: string) {
      await byId(ws, id);
      await db.delete(prompts).where(and(eq(prompts.workspaceId, ws.id), eq(prompts.id, id)));
    },

    /** The active prompts a run asks, oldest first. */
    active: (workspaceId: string, limit: number) =>
      db.select().from(prompts).where(and(eq(prompts.workspaceId, workspaceId), eq(prompts.active, true))).orderBy(asc(prompts.createdAt), asc(prompts.id)).limit(limit),

    countActive: async (workspaceId: string) =>
      (await db.select({ n: count() }).from(prompts).where(and(eq(prompts.workspaceId, workspaceId), eq(prompts.active, true))))[0]!.n,

    /**
     * What a generation must make: the active set is refilled to `activeSetSize`, in proportion
     * to the quotas. The user's own active prompts stay and count; generated ones are replaced.
     */
    async deficits(ws: Pick<WorkspaceRow, 'id' | 'activeSetSize' | 'quotas'>) {
      const users = await db.select({ intent: prompts.intent, n: count() }).from(prompts)
        .where(and(eq(prompts.workspaceId, ws.id), eq(prompts.active, true), eq(prompts.source, 'user'))).groupBy(prompts.intent);
      const target = apportion(ws.activeSetSize, ws.quotas);
      const have = new Map(users.map((u) => [u.intent, u.n]));
      return Object.fromEntries(Object.entries(target).map(([intent, n]) => [intent, Math.max(0, n - (have.get(intent) ?? 0))])) as Record<Intent, number>;
    },

    /**
     * Swaps the generated part of the active set for `fresh` in one transaction. A replaced prompt
     * with a history (answers, or a run still asking it) stays, inactive, so its answers keep
     * their question; one never asked is deleted: kept, it would only be a row no one can tell
     * from the set (docs/prompts.md, "Replaced prompts").
     */
    async replaceGenerated(workspaceId: string, fresh: Array<{ intent: string; text: string; language: string; region: string | null }>, source: 'template' | 'model') {
      return db.transaction(async (tx) => {
        const replaced = await tx.update(prompts).set({ active: false, updatedAt: clock.now() })
          .where(and(eq(prompts.workspaceId, workspaceId), eq(prompts.active, true), ne(prompts.source, 'user'))).returning({ id: prompts.id });
        const ids = replaced.map((r) => r.id);
        const kept = await deps.withHistory(tx, workspaceId, ids);
        const unasked = ids.filter((id) => !kept.has(id));
        if (unasked.length) await tx.delete(prompts).where(and(eq(prompts.workspaceId, workspaceId), inArray(prompts.id, unasked)));
        if (fresh.length) await tx.insert(prompts).values(rowsFor(workspaceId, fresh, source));
        return { deactivated: kept.size, deleted: unasked.length };
      });
    },

    categoryRows: (workspaceId: string) => db.select().from(promptCategories).where(eq(promptCategories.workspaceId, workspaceId)).orderBy(asc(promptCategories.language)),

    /** The workspace's confirmed categories by language (what templates are built on). */
    async categoriesOf(workspaceId: string): Promise<Categories> {
      const rows = await db.select().from(promptCategories).where(eq(promptCategories.workspaceId, workspaceId));
      return Object.fromEntries(rows.map((r) => [r.language, { singular: r.singular, plural: r.plural, gender: r.gender ?? null }]));
    },

    /** The template input of a workspace: its categories, audiences and this year. */
    async templateInput(ws: TemplateWorkspace) {
      const rows = await db.select().from(promptCategories).where(eq(promptCategories.workspaceId, ws.id));
      return templateInputOf(ws, Object.fromEntries(rows.map((r) => [r.language, { singular: r.singular, plural: r.plural, gender: r.gender ?? null }])), {
        audiences: Object.fromEntries(rows.map((r) => [r.language, r.audience])), year: clock.now().getUTCFullYear(),
      });
    },

    /**
     * Confirms or edits the category (and audience) of one language; 400 naming each field that
     * is wrong. When the generated part of the active set came from the templates, it is
     * rewritten on the new category at once (free); a set the model wrote is left to regenerate.
     */
    async setCategory(ws: WorkspaceContext, row: TemplateWorkspace, input: CategoryInput) {
      const problems = categoryProblems(input, row.languages);
      if (problems.length) throw invalid(problems.map((p) => p.message).join('; '), { fields: problems });
      const values = { ...cleanCategory(input), audience: input.audience?.trim().replace(/\s+/g, ' ') || null, source: 'user' as const, updatedAt: clock.now() };
      const [stored] = await db.insert(promptCategories).values({ workspaceId: ws.id, language: input.language, ...values })
        .onConflictDoUpdate({ target: [promptCategories.workspaceId, promptCategories.language], set: values }).returning();
      const fromModel = await db.select({ n: count() }).from(prompts)
        .where(and(eq(prompts.workspaceId, ws.id), eq(prompts.active, true), eq(prompts.source, 'model')));
      let rewritten = false;
      if (fromModel[0]!.n === 0) {
        const fresh = templatesFor(await service.templateInput(row), await service.deficits(row));
        await service.replaceGenerated(ws.id, stripStem(fresh.prompts), 'template');
        rewritten = true;
      }
      return { ...categoryView(stored!), rewritten };
    },

    /** An expression whose value changes whenever one of the workspace's prompts is written, added or removed (a stored figure's mark: scores/stored-reads.ts). */
    mark: (workspaceId: string) => rowsMarkSql(prompts, eq(prompts.workspaceId, workspaceId)),
    /** Each prompt's intent (a stamp's prompts: hundreds of ids, sent as one parameter). */
    intents: async (workspaceId: string, ids: string[]) => (ids.length
      ? db.select({ id: prompts.id, intent: prompts.intent }).from(prompts).where(and(eq(prompts.workspaceId, workspaceId), sql`${prompts.id} = any(${textArray(ids)})`))
      : []),
    byIds: (workspaceId: string, ids: string[]) => (ids.length ? db.select().from(prompts).where(and(eq(prompts.workspaceId, workspaceId), inArray(prompts.id, ids))) : Promise.resolve([])),
  };
  return service;
}
export type PromptsService = ReturnType<typeof createPromptsService>;
