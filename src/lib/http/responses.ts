import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { AppError, ERROR_STATUS, type ErrorCode } from '../errors.ts';
import { StringEnum } from './schema-helpers.ts';
import type { SessionPrincipal, WorkspaceContext } from './types.ts';

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: StringEnum(Object.keys(ERROR_STATUS) as ErrorCode[], { description: 'One of the error codes (lib/errors.ts); the HTTP status follows from it' }),
      message: Type.String(),
      requestId: Type.String(),
      details: Type.Optional(Type.Object({}, { additionalProperties: true })),
    }),
  },
  { description: 'Error envelope' },
);

/** The workspace resolved by the guard; routes with `{workspace}` in their path always have one. */
export function workspaceOf(request: FastifyRequest): WorkspaceContext {
  if (!request.workspace) throw new AppError('internal_error', 'Route has no resolved workspace.');
  return request.workspace;
}

/** The session principal of a `session` route (the guard already refused anything else). */
export function sessionOf(request: FastifyRequest): SessionPrincipal {
  if (request.principal?.kind !== 'session') throw new AppError('session_required', 'This action needs a browser session.');
  return request.principal;
}

/** Who acts, for the record: the signed-in user, or null for an API key. */
export function actorOf(request: FastifyRequest): string | null {
  return request.principal?.kind === 'session' ? request.principal.userId : null;
}
