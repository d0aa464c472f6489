import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { loggerOptions } from '../lib/http/log.ts';

/** The process's logger, shared by its services and its HTTP server: JSON lines (or pretty at a terminal), none when false. */
export function processLogger(config: { logLevel: string; logPretty?: boolean }, logger: FastifyBaseLogger | false | undefined): FastifyBaseLogger {
  if (logger === false) return pino({ enabled: false });
  return logger ?? pino(loggerOptions(config));
}
