import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';

// Every log line written while a request is being served carries its request id, including
// lines that services write through the app's logger (which has no request binding). The id
// travels in an AsyncLocalStorage entered when the request starts; the logger's mixin reads it.
// Lines from `request.log` already carry `reqId` as a child binding and are left as they are,
// so no line names it twice.

interface LogContext {
  reqId: string;
}

const storage = new AsyncLocalStorage<LogContext>();
const chindings = pino.symbols.chindingsSym as unknown as string;

/** Pino `mixin`: adds `reqId` from the current request when the logger does not bind it already. */
export function requestIdMixin(_merge: object, _level: number, logger?: unknown): Record<string, string> {
  const context = storage.getStore();
  if (!context) return {};
  const bound = (logger as Record<string, unknown> | undefined)?.[chindings];
  return typeof bound === 'string' && bound.includes('"reqId"') ? {} : { reqId: context.reqId };
}

/** Enters the request's log context for the rest of its handling. */
export function registerLogContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({ reqId: request.id }, done);
  });
}

/** Runs `fn` with `reqId` as the log context (work started outside a request that belongs to one). */
export function withLogContext<T>(reqId: string, fn: () => T): T {
  return storage.run({ reqId }, fn);
}
