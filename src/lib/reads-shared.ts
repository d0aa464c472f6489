import { randomBytes } from 'node:crypto';
import type { ReadsCache } from './reads-cache.ts';

// The kept reads of one process, told of the writes of the others that share its database
// (src/lib/db-listen.ts): every `settled` and `changed` here is published, and a scope another
// process published is dropped here as its own write would drop it. While the listener is not
// listening (before it starts, or after its connection was lost, when messages may have been
// missed) nothing is served from the cache: every read computes. So a figure kept here is never
// older than a commit elsewhere by more than the notification's delivery (milliseconds), where the
// time-to-live alone bounded it before.

export interface ReadsLink {
  /** Sends a message to every process listening (this one included). */
  publish(message: string): Promise<void>;
  /** Starts listening; `onState` says whether messages are arriving. */
  listen(onMessage: (message: string) => void, onState: (listening: boolean) => void): { stop(): Promise<void> };
}

export function sharedReads(local: ReadsCache, link: ReadsLink): {
  reads: ReadsCache;
  /**
   * Resolves once the listener first listens, or after `ms`, whichever comes first: a process
   * waits for it before its first request, which would otherwise be computed without the cache
   * (every request's credentials read again, no two identical reads shared).
   */
  listening(ms: number): Promise<void>;
  stop(): Promise<void>;
} {
  // This process's own messages come back to it: told apart by a tag of its own.
  const origin = randomBytes(6).toString('hex');
  let listening = false;
  let heard!: () => void;
  const first = new Promise<void>((resolve) => (heard = resolve));
  const publish = (scope: string) => void link.publish(`${origin}|${scope}`).catch(() => {
    // Not sent (the database is unreachable): the other processes' listeners have lost it too,
    // and serve nothing kept until they listen again.
  });
  const listener = link.listen((message) => {
    const bar = message.indexOf('|');
    if (bar > 0 && message.slice(0, bar) !== origin) local.changed(message.slice(bar + 1));
  }, (now) => {
    listening = now;
    local.dropAll();
    if (now) heard();
  });
  return {
    reads: {
      read: (workspaceId, key, compute, options) => (listening ? local.read(workspaceId, key, compute, options) : compute()),
      writing: (workspaceId) => local.writing(workspaceId),
      settled(workspaceId) {
        local.settled(workspaceId);
        publish(workspaceId);
      },
      changed(workspaceId) {
        local.changed(workspaceId);
        publish(workspaceId);
      },
      dropAll: () => local.dropAll(),
    },
    listening(ms) {
      let timer: NodeJS.Timeout | undefined;
      return Promise.race([first, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() => clearTimeout(timer));
    },
    stop: () => listener.stop(),
  };
}
