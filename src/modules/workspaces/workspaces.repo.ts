import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { rowsMarkSql, type Db } from '../../lib/db.ts';
import { workspaceMembers, workspaces } from './workspaces.tables.ts';

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspacePatch = Partial<Omit<typeof workspaces.$inferInsert, 'id' | 'slug' | 'createdBy' | 'createdAt'>>;

export function createWorkspacesRepo(db: Db) {
  return {
    /** Creates the workspace and its owner membership atomically; null when the slug is taken. */
    async insertWithOwner(row: typeof workspaces.$inferInsert, ownerId: string, alsoInTransaction?: (tx: Db, created: WorkspaceRow) => Promise<void>): Promise<WorkspaceRow | null> {
      return db.transaction(async (tx) => {
        // A demo's conflict is on the slug or on its creator's one demo (workspaces_one_demo_idx): either way, none made.
        const [created] = row.demo
          ? await tx.insert(workspaces).values(row).onConflictDoNothing().returning()
          : await tx.insert(workspaces).values(row).onConflictDoNothing({ target: workspaces.slug }).returning();
        if (!created) return null;
        await tx.insert(workspaceMembers).values({ workspaceId: created.id, userId: ownerId, role: 'owner', createdAt: row.createdAt });
        await alsoInTransaction?.(tx, created);
        return created;
      });
    },

    async firstCreatedBy(tx: Db, userId: string): Promise<{ id: string } | null> {
      const [row] = await tx.select({ id: workspaces.id }).from(workspaces)
        .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)))
        // A demo is never the first workspace: the free grant waits for a real one.
        .where(and(eq(workspaces.createdBy, userId), eq(workspaces.demo, false)))
        .orderBy(asc(workspaces.createdAt), asc(workspaces.id)).limit(1);
      return row ?? null;
    },

    /** The person's demo workspace, if they have one. */
    async demoOf(userId: string) {
      const [row] = await db.select().from(workspaces).where(and(eq(workspaces.createdBy, userId), eq(workspaces.demo, true)));
      return row ?? null;
    },

    /** Deletes the workspace; every row that names it goes with it (foreign keys cascade). */
    async remove(id: string) {
      const rows = await db.delete(workspaces).where(eq(workspaces.id, id)).returning({ id: workspaces.id });
      return rows.length > 0;
    },

    async listForUser(userId: string) {
      return db
        .select({ workspace: workspaces, role: workspaceMembers.role })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(eq(workspaceMembers.userId, userId))
        .orderBy(asc(workspaces.createdAt), asc(workspaces.id));
    },

    /** The row's mark (lib/db.ts `rowsMarkSql`): changes with every edit of its settings or competitors. */
    mark: (id: string) => rowsMarkSql(workspaces, eq(workspaces.id, id)),

    /** `tx`: read inside the caller's transaction (on the embedded database a read beside an open transaction waits for it). */
    async byId(id: string, tx: Db = db) {
      const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, id));
      return row ?? null;
    },

    async slugsByIds(ids: string[]) {
      if (!ids.length) return [];
      return db.select({ id: workspaces.id, slug: workspaces.slug }).from(workspaces).where(inArray(workspaces.id, ids));
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

    listMembers(workspaceId: string) {
      return db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId))
        .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
    },

    /** Adds a membership; false when the user already is a member. */
    async addMember(workspaceId: string, userId: string, role: string, now: Date, tx: Db = db) {
      const rows = await tx.insert(workspaceMembers).values({ workspaceId, userId, role, createdAt: now }).onConflictDoNothing().returning();
      return rows.length > 0;
    },

    /**
     * Changes or removes a membership (role null) under the workspace's row lock, so two owners
     * demoting each other at once cannot leave the workspace without one.
     */
    async setMemberRole(workspaceId: string, userId: string, role: string | null) {
      return db.transaction(async (tx) => {
        await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
        const [member] = await tx.select().from(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
        if (!member) return null;
        if (member.role === 'owner' && role !== 'owner') {
          const [{ owners }] = (await tx.select({ owners: sql<number>`count(*)::int` }).from(workspaceMembers)
            .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))) as [{ owners: number }];
          if (owners <= 1) throw new AppError('last_owner', 'A workspace keeps at least one owner: make another member owner first.');
        }
        if (role === null) {
          await tx.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
          return { ...member, role: null };
        }
        const [updated] = await tx.update(workspaceMembers).set({ role }).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId))).returning();
        return updated!;
      });
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
