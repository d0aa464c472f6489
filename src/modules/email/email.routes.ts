import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { Nullable, StringEnum } from '../../lib/http/schema-helpers.ts';
import { sessionOf, workspaceOf } from '../../lib/http/responses.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import type { EmailService } from './email.service.ts';

const tags = ['email'];
const Provisioning = Type.Object({
  workspace: Type.String(),
  status: StringEnum(['provisioned', 'unconfigured', 'failed', 'username_conflict'] as const),
  email: Nullable(Type.String({ format: 'email' })),
  inboxId: Nullable(Type.String()),
  attempts: Type.Integer({ minimum: 0, description: 'Every attempt ever made for this workspace, backfills included.' }),
  message: Type.String(),
}, { description: 'The workspace inbox, as in the workspace created response (spec 2.4).' });
const Backfilled = Type.Intersect([Provisioning, Type.Object({ changed: Type.Boolean({ description: 'Whether this backfill changed the status.' }) })]);

export function emailRoutes(app: FastifyInstance, deps: { email: EmailService; workspaces: WorkspacesService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { email, workspaces } = deps;

  const target = async (ws: { id: string; slug: string }) => ({ ...ws, displayName: (await workspaces.getRow(ws)).displayName });

  r.get('/api/v1/workspaces/:workspace/email', {
    config: { credential: ACCESS.email.read },
    schema: {
      operationId: 'getWorkspaceInbox', tags, summary: 'The workspace inbox and its provisioning status', params: WorkspaceParams,
      description: '404 `not_found` for a workspace made before inboxes were recorded; the backfill creates the record.',
      response: { 200: Provisioning },
    },
  }, async (request) => {
    const found = await email.getProvisioning(workspaceOf(request));
    if (!found) throw notFound('Inbox record');
    return found;
  });

  r.post('/api/v1/workspaces/:workspace/email/backfill', {
    config: { credential: ACCESS.email.backfill },
    schema: {
      operationId: 'backfillWorkspaceInbox', tags, summary: 'Try again to provision the inbox of a workspace left unconfigured or failed (session only)',
      description: 'Owners only (403 `forbidden`). A workspace whose inbox is `unconfigured` or `failed` (or was never recorded) is provisioned again through the configured provider, with the usual 3 attempts; `provisioned` and `username_conflict` are returned unchanged.',
      params: WorkspaceParams, response: { 200: Backfilled },
    },
  }, async (request) => {
    const ws = workspaceOf(request);
    if (ws.role !== 'owner') throw new AppError('forbidden', 'Only owners of the workspace backfill its inbox.');
    return email.backfill(await target(ws));
  });

  r.post('/api/v1/email/backfill', {
    config: { credential: ACCESS.email.backfill },
    schema: {
      operationId: 'backfillInboxes', tags, summary: 'Backfill the inboxes of every workspace you own (session only)',
      description: 'The per-workspace backfill over each workspace where the signed-in user is an owner, one after another.',
      response: { 200: Type.Object({ results: Type.Array(Backfilled) }) },
    },
  }, async (request) => {
    const principal = sessionOf(request);
    const results = [];
    for (const item of await workspaces.list(principal)) {
      if (item.role !== 'owner') continue;
      const ws = await workspaces.findForPrincipal(item.id, principal);
      if (ws) results.push(await email.backfill(await target(ws)));
    }
    return { results };
  });
}
