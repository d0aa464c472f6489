import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import { workspaceMembers, workspaces } from './workspaces.tables.ts';

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspacePatch = Partial<Omit<typeof workspaces.$inferInsert, 'id' | 'slug' | 'createdBy' | 'createdAt'>>;

export function createWorkspacesRepo(db: Db) {
  return {
    /** Creates the workspace and its owner membership atomically; null when the slug is taken. */
    async insertWithOwner(row: typeof workspaces.$inferInsert, ownerId: string): Promise<WorkspaceRow | null> {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(workspaces).values(row).onConflictDoNothing({ target: workspaces.slug }).returning();
        if (!created) return null;
        await tx.insert(workspaceMembers).values({ workspaceId: created.id, userId: ownerId, role: 'owner', createdAt: row.createdAt });
        return created;
      });
    },

    async listForUser(userId: string) {
      return db
        .select({ workspace: workspaces, role: workspaceMembers.role })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(eq(workspaceMembers.userId, userId))
        .orderBy(asc(workspaces.createdAt), asc(workspaces.id));
    },

    async byId(id: string) {
      const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
      return row ?? null;
    },

    async membershipBySlug(slug: string, userId: string) {
      const [row] = await db
        .select({ id: workspaces.id, slug: workspaces.slug, role: workspaceMembers.role })
        .from(workspaces)
        .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)))
        .where(eq(workspaces.slug, slug));
      return row ?? null;
    },

    async idBySlug(slug: string) {
      const [row] = await db.select({ id: workspaces.id, slug: workspaces.slug }).from(workspaces).where(eq(workspaces.slug, slug));
      return row ?? null;
    },

    async update(id: string, patch: WorkspacePatch) {
      const [row] = await db.update(workspaces).set(patch).where(eq(workspaces.id, id)).returning();
      return row ?? null;
    },

    /** Read-modify-write of one workspace under its row lock, so concurrent edits serialise. */
    async modify(id: string, change: (row: WorkspaceRow) => WorkspacePatch) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, id)).for('update');
        if (!row) return null;
        const patch = change(row);
        const [updated] = await tx.update(workspaces).set(patch).where(eq(workspaces.id, id)).returning();
        return updated ?? null;
      });
    },
  };
}
export type WorkspacesRepo = ReturnType<typeof createWorkspacesRepo>;
