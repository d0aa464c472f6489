import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { createChatService } from './chat.service.ts';
import { chatRoutes } from './chat.routes.ts';

/** Chat over the workspace's data, its tools carried out by the other modules' services. */
export function chatModule(needs: Parameters<typeof createChatService>[0]) {
  const chat = createChatService(needs);
  return {
    name: 'chat', chat,
    http(app: FastifyInstance) {
      chatRoutes(app, { chat });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
