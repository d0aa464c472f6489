import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../lib/db.ts';
import { backoffMs, inboxUsername, needsBackfill } from './email.fns.ts';
import type { InboxAttempt } from './agentmail.ts';
import { workspaceInboxes } from './email.tables.ts';

// Outgoing mail and workspace inboxes, each behind an adapter. Mail goes over SMTP when
// SMTP_URL is set (smtp.ts), else to the log (local and test mode). Inboxes come from a hosted
// inbox API (AgentMail, agentmail.ts) when EMAIL_PROVIDER=agentmail, else `unconfigured`.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369, 8058). */
  headers?: Record<string, string>;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createLogMailer(log: FastifyBaseLogger, showContent: boolean): Mailer {
  return {
    async send(message) {
      if (showContent) log.info({ mail: message }, `mail to ${message.to}: ${message.subject}`);
      else log.warn({ to: message.to, subject: message.subject }, 'mail not sent: no email provider is configured');
    },
  };
}

export type InboxResult =
  | { status: 'provisioned'; email: string; inboxId: string }
  | { status: 'username_conflict'; message: string };

/**
 * A provider that creates a mailbox for a workspace (the agent's inbox). Throwing means a
 * transient failure worth another attempt; `PermanentInboxError` means no retry will help.
 */
export interface InboxProvider {
  name: string;
  createInbox(request: { workspace: string; username: string; workspaceId?: string; displayName?: string }): Promise<InboxResult>;
}

export class PermanentInboxError extends Error {}

/** The HTTP adapter's classed attempts as an InboxProvider. */
export function inboxProviderOf(adapter: InboxAttempt): InboxProvider {
  return {
    name: adapter.name,
    async createInbox({ workspace, username, workspaceId, displayName }) {
      const outcome = await adapter.attempt({ workspaceId: workspaceId ?? workspace, username, displayName: displayName ?? workspace });
      switch (outcome.kind) {
        case 'provisioned': return { status: 'provisioned', email: outcome.email, inboxId: outcome.inboxId };
        case 'conflict': return { status: 'username_conflict', message: outcome.message };
        case 'permanent': throw new PermanentInboxError(outcome.message);
        default: throw new Error(outcome.message);
      }
    },
  };
}

export interface EmailProvisioning {
  workspace: string;
  status: 'provisioned' | 'unconfigured' | 'failed' | 'username_conflict';
  email: string | null;
  inboxId: string | null;
  attempts: number;
  message: string;
}

const MAX_ATTEMPTS = 3;

export function createEmailService(deps: { db: Db; inboxProvider: InboxProvider | null; log: FastifyBaseLogger; retryBaseMs?: number }) {
  const { db, inboxProvider, log } = deps;
  const retryBaseMs = deps.retryBaseMs ?? 0;

  async function attemptProvision(slug: string, workspaceId: string, displayName: string, priorAttempts: number): Promise<Omit<EmailProvisioning, 'workspace'>> {
    if (!inboxProvider) {
      return {
        status: 'unconfigured', email: null, inboxId: null, attempts: 0,
        message: 'No email provider is configured (EMAIL_PROVIDER=none), so this workspace has no inbox.',
      };
    }
    // Up to 3 attempts with exponential backoff for transient faults; a conflict or a permanent
    // refusal ends at once. `attempts` counts every attempt ever made for the workspace.
    let lastError = 'unknown error';
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const wait = backoffMs(attempt, retryBaseMs);
      if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        const result = await inboxProvider.createInbox({ workspace: slug, username: inboxUsername(slug), workspaceId, displayName });
        if (result.status === 'provisioned') {
          return { ...result, attempts: priorAttempts + attempt, message: `Inbox created by ${inboxProvider.name}.` };
        }
        return { status: 'username_conflict', email: null, inboxId: null, attempts: priorAttempts + attempt, message: result.message };
      } catch (err) {
        lastError = (err as Error).message;
        if (err instanceof PermanentInboxError) {
          return { status: 'failed', email: null, inboxId: null, attempts: priorAttempts + attempt, message: `${inboxProvider.name}: ${lastError}` };
        }
      }
    }
    return {
      status: 'failed', email: null, inboxId: null, attempts: priorAttempts + MAX_ATTEMPTS,
      message: `${inboxProvider.name} failed ${MAX_ATTEMPTS} times: ${lastError}`,
    };
  }

  const service = {
    /** Called after the workspace is committed: the provider is never called inside a transaction. */
    async provisionInbox(workspace: { id: string; slug: string; displayName?: string }, priorAttempts = 0): Promise<EmailProvisioning> {
      const outcome = await attemptProvision(workspace.slug, workspace.id, workspace.displayName ?? workspace.slug, priorAttempts);
      const row = { workspaceId: workspace.id, ...outcome, updatedAt: new Date() };
      try {
        await db.insert(workspaceInboxes).values(row).onConflictDoUpdate({ target: workspaceInboxes.workspaceId, set: row });
      } catch (err) {
        // The workspace is committed already: report the outcome rather than fail the creation.
        log.error({ err, workspace: workspace.slug }, 'could not record the inbox provisioning outcome');
      }
      return { workspace: workspace.slug, ...outcome };
    },

    async getProvisioning(workspace: { id: string; slug: string }): Promise<EmailProvisioning | null> {
      const [row] = await db.select().from(workspaceInboxes).where(eq(workspaceInboxes.workspaceId, workspace.id));
      if (!row) return null;
      const { status, email, inboxId, attempts, message } = row;
      return { workspace: workspace.slug, status: status as EmailProvisioning['status'], email, inboxId, attempts, message };
    },

    /**
     * Session-only backfill (spec 5.2): a workspace left `unconfigured` (no provider then) or
     * `failed` is tried again; `provisioned` and `username_conflict` are reported as they are.
     * Two backfills at once are harmless: the provider receives the workspace id as `client_id`
     * and returns the same inbox to both.
     */
    async backfill(workspace: { id: string; slug: string; displayName?: string }): Promise<EmailProvisioning & { changed: boolean }> {
      const current = await service.getProvisioning(workspace);
      if (!needsBackfill(current?.status ?? null)) return { ...current!, changed: false };
      if (!inboxProvider) return { ...(current ?? (await service.provisionInbox(workspace))), changed: false };
      const outcome = await service.provisionInbox(workspace, current?.attempts ?? 0);
      return { ...outcome, changed: outcome.status !== current?.status };
    },
  };
  return service;
}
export type EmailService = ReturnType<typeof createEmailService>;
