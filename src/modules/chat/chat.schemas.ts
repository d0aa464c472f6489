import { Type } from 'typebox';
import { Closed, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { expected } from '../../lib/http/validation.ts';
import { LIMITS } from './chat.fns.ts';

const Slug = Type.String({ maxLength: 100, description: 'Workspace slug; guarded like a `{workspace}` path segment (404 `workspace_not_found`)' });
export const ThreadId = Type.String({ minLength: 1, maxLength: 100, description: 'Thread id (`thr_…`)' });

const Part = Type.Object({ type: Type.String({ minLength: 1, maxLength: 100 }) }, {
  additionalProperties: true,
  description: 'A UI message part. A new user message takes text parts only: `{type: "text", text}`.',
});
export const PostedMessage = Closed({
  id: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,100}$', ...expected('1 to 100 letters, digits, _, ., : or -'), description: 'Client-made message id; ids this thread already stores are skipped' }),
  role: StringEnum(['user', 'assistant'] as const),
  parts: Type.Array(Part, { minItems: 1, maxItems: LIMITS.partsPerMessage }),
  metadata: Type.Optional(Type.Object({}, { additionalProperties: true })),
});

export const ChatBody = Closed({
  workspace: Slug,
  threadId: ThreadId,
  messages: Type.Array(PostedMessage, { minItems: 1, maxItems: LIMITS.postedMessages, description: 'The new user message last; earlier ones may repeat the history' }),
});
export const ChatHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.idempotencyKeyChars, description: 'Replays the stored answer of the same turn without a new charge; generated (and returned in the response header) when absent' })),
});

const Title = Type.String({ minLength: 1, maxLength: LIMITS.titleChars });
export const WorkspaceQuery = Closed({ workspace: Slug });
export const CreateThreadBody = Closed({ workspace: Slug, title: Type.Optional(Title) });
export const UpdateThreadBody = Closed({ workspace: Slug, title: Type.Optional(Title), pinned: Type.Optional(Type.Boolean()) }, { minProperties: 2 });

const MessageView = Type.Object({
  id: Type.String(),
  role: StringEnum(['user', 'assistant'] as const),
  parts: Type.Array(Type.Object({ type: Type.String() }, { additionalProperties: true })),
  metadata: Type.Object({}, { additionalProperties: true, description: 'Assistant messages: model, simulated, usage {promptTokens, completionTokens}, finishReason, steps, creditsMicrousd' }),
});
export const ThreadView = Type.Object({
  id: Type.String(), workspace: Type.String(), title: Type.String(), createdAt: Timestamp, updatedAt: Timestamp,
  messageCount: Type.Integer({ minimum: 0 }), pinned: Type.Boolean(),
});
export const ThreadWithMessages = Type.Object({ ...ThreadView.properties, messages: Type.Array(MessageView) });
