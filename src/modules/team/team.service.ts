import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { Mailer } from '../email/email.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { workspaceInvitations } from './team.tables.ts';

export const ROLES = ['owner', 'member'] as const;
export type Role = (typeof ROLES)[number];
const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

const ownersOnly = (ws: WorkspaceContext) => {
  if (ws.role !== 'owner') throw new AppError('forbidden', 'Only owners of the workspace manage its team.');
};

export function createTeamService(deps: { db: Db; clock: Clock; mailer: Mailer; accounts: AccountsService; workspaces: WorkspacesService; publicBaseUrl: string }) {
  const { db, clock, accounts, workspaces } = deps;
  type InvitationRow = typeof workspaceInvitations.$inferSelect;
  const invitationView = (row: InvitationRow) => ({
    invitationId: row.id, email: row.email, role: row.role, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString(),
  });
  const open = (now: Date) => and(isNull(workspaceInvitations.acceptedAt), isNull(workspaceInvitations.revokedAt), gt(workspaceInvitations.expiresAt, now));

  async function members(ws: WorkspaceContext) {
    const rows = await workspaces.listMembers(ws);
    const users = new Map((await accounts.usersByIds(rows.map((r) => r.userId))).map((u) => [u.id, u]));
    return rows.map((m) => ({
      userId: m.userId, email: users.get(m.userId)?.email ?? null, name: users.get(m.userId)?.name ?? null,
      role: m.role, joinedAt: m.createdAt.toISOString(),
    }));
  }

  return {
    async list(ws: WorkspaceContext) {
      const invitations = await db.select().from(workspaceInvitations)
        .where(and(eq(workspaceInvitations.workspaceId, ws.id), open(clock.now()))).orderBy(asc(workspaceInvitations.createdAt));
      return { members: await members(ws), invitations: invitations.map(invitationView) };
    },

    async invite(ws: WorkspaceContext, invitedBy: string, input: { email: string; role: Role }) {
      ownersOnly(ws);
      const email = input.email.toLowerCase();
      const existing = await accounts.userByEmail(email);
      if (existing && (await workspaces.listMembers(ws)).some((m) => m.userId === existing.id)) {
        throw new AppError('already_member', `${email} is already a member of this workspace.`);
      }
      const now = clock.now();
      const token = randomToken(32);
      // A new invitation replaces any open one for the same address. Invitations to one address
      // are serialised by an advisory lock; a partial unique index backs the rule up.
      const row = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invite:${ws.id}:${email}`}))`);
        await tx.update(workspaceInvitations).set({ revokedAt: now })
          .where(and(eq(workspaceInvitations.workspaceId, ws.id), eq(workspaceInvitations.email, email), isNull(workspaceInvitations.acceptedAt), isNull(workspaceInvitations.revokedAt)));
        const [created] = await tx.insert(workspaceInvitations).values({
          id: newId('inv'), workspaceId: ws.id, email, role: input.role, tokenHash: sha256(token), invitedBy, createdAt: now,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        }).returning();
        return created!;
      });
      await deps.mailer.send({
        to: email,
        subject: `You are invited to the ${ws.slug} workspace`,
        // A person follows the link; the token rides in its fragment, which browsers never send
        // to a server or put in a Referer. An agent posts the token itself.
        text: [
          `You are invited to join the ${ws.slug} workspace on GEO visibility as ${input.role === 'owner' ? 'an owner' : 'a member'}.`, '',
          `Join it here (sign in or create an account with ${email}; the link works for 7 days):`,
          `${deps.publicBaseUrl}/invite#token=${token}`, '',
          `Through the API instead: your invitation token is ${token} — send {"token": "…"} to POST /api/v1/invitations/accept.`,
        ].join('\n'),
      });
      return invitationView(row);
    },

    async revokeInvitation(ws: WorkspaceContext, invitationId: string) {
      ownersOnly(ws);
      const rows = await db.update(workspaceInvitations).set({ revokedAt: clock.now() })
        .where(and(eq(workspaceInvitations.workspaceId, ws.id), eq(workspaceInvitations.id, invitationId), open(clock.now()))).returning();
      if (!rows.length) throw notFound('Invitation');
    },

    /** One transaction: the token is spent and the membership added together, or neither. */
    async accept(userId: string, token: string) {
      const [user] = await accounts.usersByIds([userId]);
      const now = clock.now();
      const [found] = await db.select().from(workspaceInvitations).where(and(eq(workspaceInvitations.tokenHash, sha256(token)), open(now)));
      if (!found) throw new AppError('invalid_token', 'The invitation is unknown, used, revoked or expired.');
      if (found.email !== user?.email) throw new AppError('forbidden', 'This invitation is for another email address.');
      const ws = await workspaces.contextById(found.workspaceId);
      return db.transaction(async (tx) => {
        const [spent] = await tx.update(workspaceInvitations).set({ acceptedAt: now })
          .where(and(eq(workspaceInvitations.id, found.id), open(now))).returning();
        if (!spent) throw new AppError('invalid_token', 'The invitation is unknown, used, revoked or expired.');
        if (!(await workspaces.addMember(ws, userId, spent.role, tx))) {
          throw new AppError('already_member', 'You are already a member of this workspace.');
        }
        return { workspace: ws.slug, role: spent.role };
      });
    },

    async changeRole(ws: WorkspaceContext, userId: string, role: Role) {
      ownersOnly(ws);
      const updated = await workspaces.setMemberRole(ws, userId, role);
      if (!updated) throw notFound('Member');
      return (await members(ws)).find((m) => m.userId === userId)!;
    },

    /** Owners remove anyone; any member may remove themselves (leave). */
    async remove(ws: WorkspaceContext, actingUserId: string, userId: string) {
      if (actingUserId !== userId) ownersOnly(ws);
      const removed = await workspaces.setMemberRole(ws, userId, null);
      if (!removed) throw notFound('Member');
    },
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
