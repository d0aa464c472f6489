import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { Closed, Nullable, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { sessionOf, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import { ROLES, type TeamService } from './team.service.ts';

const tags = ['team'];
const Role = StringEnum(ROLES, { description: '`owner` manages the team; `member` uses the workspace.' });
const Member = Type.Object({ userId: Type.String(), email: Nullable(Type.String()), name: Nullable(Type.String()), role: Type.String(), joinedAt: Timestamp });
const Invitation = Type.Object({ invitationId: Type.String(), email: Type.String(), role: Type.String(), createdAt: Timestamp, expiresAt: Timestamp });
const MemberParams = workspaceParamsWith('userId');
const InvitationParams = workspaceParamsWith('invitationId');

export function teamRoutes(app: FastifyInstance, deps: { team: TeamService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { team } = deps;

  r.get('/api/v1/workspaces/:workspace/members', {
    config: { credential: ACCESS.team.read },
    schema: {
      operationId: 'listMembers', tags, summary: 'Members and open invitations', params: WorkspaceParams,
      response: { 200: Type.Object({ members: Type.Array(Member), invitations: Type.Array(Invitation) }) },
    },
  }, async (request) => team.list(workspaceOf(request)));

  r.post('/api/v1/workspaces/:workspace/members', {
    config: { credential: ACCESS.team.write },
    schema: {
      operationId: 'inviteMember', tags, summary: 'Invite someone by email (owners only)', params: WorkspaceParams,
      description: 'Mails a single-use token valid for 7 days, accepted with `POST /api/v1/invitations/accept`. 409 `already_member` when the address is a member.',
      body: Closed({ email: Type.String({ format: 'email', maxLength: 254 }), role: Role }), response: { 201: Invitation },
    },
  }, async (request, reply) => reply.status(201).send(await team.invite(workspaceOf(request), sessionOf(request).userId, request.body)));

  r.patch('/api/v1/workspaces/:workspace/members/:userId', {
    config: { credential: ACCESS.team.write },
    schema: {
      operationId: 'changeMemberRole', tags, summary: 'Change a member’s role (owners only)', params: MemberParams,
      description: '409 `last_owner` when it would leave the workspace without an owner.',
      body: Closed({ role: Role }), response: { 200: Member },
    },
  }, async (request) => team.changeRole(workspaceOf(request), request.params.userId, request.body.role));

  r.delete('/api/v1/workspaces/:workspace/members/:userId', {
    config: { credential: ACCESS.team.write },
    schema: {
      operationId: 'removeMember', tags, summary: 'Remove a member (owners), or leave (yourself)', params: MemberParams,
      description: 'The last owner cannot leave or be removed (409 `last_owner`).', response: { 204: Type.Null() },
    },
  }, async (request, reply) => {
    await team.remove(workspaceOf(request), sessionOf(request).userId, request.params.userId);
    return reply.status(204).send(null);
  });

  r.delete('/api/v1/workspaces/:workspace/members/invitations/:invitationId', {
    config: { credential: ACCESS.team.write },
    schema: { operationId: 'revokeInvitation', tags, summary: 'Withdraw an open invitation (owners only)', params: InvitationParams, response: { 204: Type.Null() } },
  }, async (request, reply) => {
    await team.revokeInvitation(workspaceOf(request), request.params.invitationId);
    return reply.status(204).send(null);
  });

  r.post('/api/v1/invitations/accept', {
    config: { credential: ACCESS.account },
    schema: {
      operationId: 'acceptInvitation', tags, summary: 'Join a workspace with a mailed invitation token',
      description: 'The signed-in account’s email must be the invited one (403 `forbidden`); a bad token is 400 `invalid_token`.',
      body: Closed({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
      response: { 200: Type.Object({ workspace: Type.String(), role: Type.String() }) },
    },
  }, async (request) => team.accept(sessionOf(request).userId, request.body.token));
}
