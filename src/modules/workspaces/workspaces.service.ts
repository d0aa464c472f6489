import { AppError, invalid, notFound, workspaceNotFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { readerLanguage } from '../../lib/format/format.ts';
import { modelName } from '../../lib/format/models.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import type { Principal, WorkspaceContext } from '../../lib/http/types.ts';
import type { Static } from 'typebox';
import { COMPETITORS_MAX, COMPETITORS_MIN, quotaSumError } from './workspaces.fns.ts';
import type { WorkspaceRow, WorkspacesRepo } from './workspaces.repo.ts';
import { notKept, type KeptScope } from '../../lib/reads-cache.ts';
export type { WorkspaceRow } from './workspaces.repo.ts';
import type { Competitor, EmailProvisioning, FreeCreditView, WorkspaceCreate, WorkspaceUpdate } from './workspaces.schemas.ts';

/** Role a workspace list shows for an API key: it acts through its scopes, not a membership. */
export const KEY_ROLE = 'api_key';

export interface WorkspaceHooks {
  /** Runs inside the transaction that creates the workspace (e.g. the free credit grant), so both happen or neither. */
  onCreate?(tx: Db, workspace: WorkspaceRow, createdBy: string): Promise<{ freeCredit: FreeCreditView }>;
  /**
   * Whether the workspace's model can be called (the engines' model resolver, handed in at
   * startup): the same decision the chat obeys, so Settings says what the chat does.
   */
  modelStatus?(workspaceId: string, row: { model: string | null }): Promise<{ usable: boolean; reason: 'no_key' | 'unknown_provider' | null }>;
  /**
   * An edit of the workspace's settings (its names, competitors) begins; the function it answers
   * is called once the edit has committed or failed. What was read with the old settings (kept
   * reads, src/lib/reads-cache.ts) is not served in between, and dropped after.
   */
  onModify?(workspaceId: string): () => void;
}

/**
 * The workspace's inbox, provisioned after it is created (the email module provides it; named
 * here by shape so that workspaces, which every module reads, depend on none of them).
 */
export interface InboxProvisioner {
  provisionInbox(workspace: WorkspaceRow): Promise<Static<typeof EmailProvisioning>>;
}

const NO_FREE_CREDIT: FreeCreditView = { status: 'not_eligible', amountMicrousd: 0, message: 'This server grants no free credit.' };

/**
 * `kept`: where a workspace's id is kept by its slug for API keys' requests (a slug never changes;
 * a deleted workspace's entry is dropped by the deletion).
 */
export function createWorkspacesService(deps: { repo: WorkspacesRepo; email: InboxProvisioner; clock: Clock; defaultModel: string; hooks?: WorkspaceHooks; kept?: KeptScope }) {
  const { repo, email, clock } = deps;
  const kept = deps.kept ?? notKept;

  const competitorsView = (list: Competitor[]) => list.map((c, index) => ({ index, ...c }));
  /** The model in use and whether it can be called; without a status hook (tests), usable is unknown and said as not usable. */
  const modelView = async (row: WorkspaceRow) => {
    const status = deps.hooks?.modelStatus ? await deps.hooks.modelStatus(row.id, row) : { usable: false, reason: 'no_key' as const };
    const model = row.model ?? deps.defaultModel;
    return { model, name: modelName(model), language: readerLanguage(row.languages), isDefault: row.model === null, usable: status.usable, reason: status.reason };
  };

  function settingsView(row: WorkspaceRow) {
    return {
      slug: row.slug, brand: row.slug, displayName: row.displayName, domains: row.domains, languages: row.languages,
      regions: row.regions, competitors: competitorsView(row.competitors), gscProperty: row.gscProperty,
      ga4Property: row.ga4Property, activeSetSize: row.activeSetSize, complianceProfile: row.complianceProfile,
      quotas: row.quotas, plan: row.plan, model: row.model ?? deps.defaultModel, about: row.about, industry: row.industry,
      email: row.email, brandColors: row.brandColors, brandMeta: row.brandMeta, socials: row.socials,
      productsServices: row.productsServices, designMd: row.designMd,
      createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function load(ws: WorkspaceContext) {
    const row = await repo.byId(ws.id);
    if (!row) throw workspaceNotFound();
    return row;
  }

  async function modify(ws: WorkspaceContext, change: (row: WorkspaceRow) => Partial<WorkspaceRow>) {
    const done = deps.hooks?.onModify?.(ws.id);
    const row = await repo.modify(ws.id, (current) => ({ ...change(current), updatedAt: clock.now() })).finally(() => done?.());
    if (!row) throw workspaceNotFound();
    return row;
  }

  function competitorAt(row: WorkspaceRow, index: number) {
    const current = row.competitors[index];
    if (!current) throw notFound(`Competitor at index ${index} (the workspace has ${row.competitors.length})`);
    return current;
  }

  return {
    async create(userId: string, body: WorkspaceCreate) {
      const quotaError = quotaSumError(body.quotas);
      if (quotaError) throw invalid(quotaError);
      const now = clock.now();
      let freeCredit = NO_FREE_CREDIT;
      const row = await repo.insertWithOwner(
        { id: newId('ws'), slug: body.brand, ...body, createdBy: userId, createdAt: now, updatedAt: now }, userId,
        deps.hooks?.onCreate && (async (tx, created) => {
          freeCredit = (await deps.hooks!.onCreate!(tx, created, userId)).freeCredit;
        }),
      );
      if (!row) throw new AppError('slug_taken', `The brand "${body.brand}" is already used as a workspace slug; choose another.`);
      const emailProvisioning = await email.provisionInbox(row);
      return { slug: row.slug, emailProvisioning, freeCredit };
    },

    /**
     * The person's demo workspace (docs/demo.md), owned by them: no creation hook runs (no free
     * credit, no template prompts: the demo writes its own) and no inbox is provisioned. Null when
     * the person has a demo already (workspaces_one_demo_idx) or the slug is taken.
     */
    async createDemo(userId: string, body: WorkspaceCreate): Promise<WorkspaceContext | null> {
      const now = clock.now();
      const row = await repo.insertWithOwner({ id: newId('ws'), slug: body.brand, ...body, createdBy: userId, createdAt: now, updatedAt: now, demo: true }, userId);
      return row && { id: row.id, slug: row.slug, role: 'owner' };
    },

    async list(principal: Principal) {
      if (principal.kind === 'key') {
        const row = await repo.byId(principal.workspaceId);
        return row ? [{ id: row.slug, displayName: row.displayName, plan: row.plan, role: KEY_ROLE, domains: row.domains }] : [];
      }
      const rows = await repo.listForUser(principal.userId);
      return rows.map(({ workspace: w, role }) => ({ id: w.slug, displayName: w.displayName, plan: w.plan, role, domains: w.domains }));
    },

    /** The workspace guard: a slug is reachable only through a membership or the key bound to it. */
    async findForPrincipal(slug: string, principal: Principal): Promise<WorkspaceContext | null> {
      // Kept (issue 47): a slug never changes, a membership changes by the role edits below, and a
      // deletion drops both.
      if (principal.kind === 'session') return kept.found(`member|${slug}|${principal.userId}`, () => repo.membershipBySlug(slug, principal.userId));
      const row = await kept.found(`slug|${slug}`, () => repo.idBySlug(slug));
      return row && row.id === principal.workspaceId ? { ...row, role: null } : null;
    },

    getSettings: async (ws: WorkspaceContext) => settingsView(await load(ws)),
    /** An expression whose value changes whenever the workspace's row does (a stored figure's mark: scores/stored-reads.ts). */
    mark: (workspaceId: string) => repo.mark(workspaceId),
    /** The stored row, for modules that compute from the whole workspace (prompts, runs). */
    getRow: (ws: Pick<WorkspaceContext, 'id'>) => load(ws as WorkspaceContext),
    /** The same inside the caller's transaction (a run's reports are made in the one that ends it). */
    async getRowIn(tx: Db, ws: Pick<WorkspaceContext, 'id'>) {
      const row = await repo.byId(ws.id, tx);
      if (!row) throw workspaceNotFound();
      return row;
    },

    updateSettings: async (ws: WorkspaceContext, patch: WorkspaceUpdate) =>
      settingsView(await modify(ws, () => patch as Partial<WorkspaceRow>)),

    async contextById(id: string): Promise<WorkspaceContext> {
      const row = await repo.byId(id);
      if (!row) throw workspaceNotFound();
      return { id: row.id, slug: row.slug, role: null };
    },

    /** Every workspace a person is a member of, oldest first, as contexts (the agency portfolio). */
    contextsForUser: async (userId: string): Promise<WorkspaceContext[]> =>
      (await repo.listForUser(userId)).map(({ workspace: w, role }) => ({ id: w.id, slug: w.slug, role })),

    /** Contexts of many workspaces in one query (the schedules tick); unknown ids are left out. */
    async contextsByIds(ids: string[]): Promise<Map<string, WorkspaceContext>> {
      const rows = await repo.slugsByIds(ids);
      return new Map(rows.map((r) => [r.id, { id: r.id, slug: r.slug, role: null }]));
    },

    /** The person's demo workspace (at most one), or null. */
    async demoOf(userId: string) {
      const row = await repo.demoOf(userId);
      return row && { context: { id: row.id, slug: row.slug, role: 'owner' } as WorkspaceContext, row };
    },

    /**
     * Deletes the workspace and everything stored for it (its runs, answers, reports, credits);
     * owners only. Unspent credit goes with it.
     */
    async remove(ws: WorkspaceContext) {
      if (ws.role !== 'owner') throw new AppError('forbidden', 'Only an owner of the workspace can delete it.');
      // Its API keys go with it (a cascade): the kept keys and slugs are dropped once it has.
      const done = kept.writing();
      try {
        if (!(await repo.remove(ws.id))) throw workspaceNotFound();
      } finally {
        done();
      }
      return { slug: ws.slug, deleted: true as const };
    },

    /** The earliest workspace (not a demo) this user created and still belongs to, seen from `tx`. */
    firstCreatedBy: (tx: Db, userId: string) => repo.firstCreatedBy(tx, userId),

    listMembers: (ws: WorkspaceContext) => repo.listMembers(ws.id),
    /** False when already a member. `tx` lets a caller add the membership inside its own transaction. */
    addMember: (ws: WorkspaceContext, userId: string, role: string, tx?: Db) => repo.addMember(ws.id, userId, role, clock.now(), tx),
    /** Role change, or removal with `null`; 409 `last_owner` when it would leave no owner. */
    async setMemberRole(ws: WorkspaceContext, userId: string, role: string | null) {
      const done = kept.writing();
      try {
        return await repo.setMemberRole(ws.id, userId, role);
      } finally {
        done();
      }
    },

    async getProperties(ws: WorkspaceContext) {
      const row = await load(ws);
      return { gscProperty: row.gscProperty, ga4Property: row.ga4Property };
    },

    async setProperties(ws: WorkspaceContext, properties: { gscProperty?: string; ga4Property?: string }) {
      const row = await modify(ws, () => properties);
      return { gscProperty: row.gscProperty, ga4Property: row.ga4Property };
    },

    getModel: async (ws: WorkspaceContext) => modelView(await load(ws)),

    async setModel(ws: WorkspaceContext, model: string) {
      return modelView(await modify(ws, () => ({ model })));
    },

    listCompetitors: async (ws: WorkspaceContext) => ({ competitors: competitorsView((await load(ws)).competitors) }),

    async addCompetitor(ws: WorkspaceContext, competitor: Competitor) {
      const row = await modify(ws, (current) => {
        if (current.competitors.length >= COMPETITORS_MAX) throw invalid(`A workspace has at most ${COMPETITORS_MAX} competitors; remove one first.`);
        return { competitors: [...current.competitors, competitor] };
      });
      return { competitors: competitorsView(row.competitors) };
    },

    async replaceCompetitor(ws: WorkspaceContext, body: Omit<Competitor, 'ambiguous'> & { index: number; ambiguous?: boolean }) {
      const { index, ...fields } = body;
      const row = await modify(ws, (current) => {
        const existing = competitorAt(current, index);
        const next: Competitor = { name: fields.name, domains: fields.domains, aliases: fields.aliases, ambiguous: fields.ambiguous ?? existing.ambiguous };
        return { competitors: current.competitors.map((c, i) => (i === index ? next : c)) };
      });
      return { competitors: competitorsView(row.competitors) };
    },

    async deleteCompetitor(ws: WorkspaceContext, index: number) {
      const row = await modify(ws, (current) => {
        competitorAt(current, index);
        if (current.competitors.length <= COMPETITORS_MIN) throw invalid(`A workspace needs at least ${COMPETITORS_MIN} competitors; add another before removing this one.`);
        return { competitors: current.competitors.filter((_, i) => i !== index) };
      });
      return { competitors: competitorsView(row.competitors) };
    },
  };
}
export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
