import pg from 'pg';

// Messages between the processes that share one PostgreSQL database (LISTEN/NOTIFY): how a write
// in one process (a run committed by a worker) drops what another (the API) keeps. Sending is a
// statement like any other (`pg_notify`, through the pool, a pooler included); listening needs a
// session of its own on the server itself, which a transaction-mode pooler does not give — hence
// its own address (DATABASE_LISTEN_URL, else DATABASE_URL when it is not behind a pooler).

export interface Listening {
  stop(): Promise<void>;
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * Listens on `channel` on a connection of its own, for as long as it is not stopped: a lost
 * connection is made again (backing off to 30 s). `onState(false)` is told when the connection
 * is lost (messages may be missed from then on) and `onState(true)` each time LISTEN holds again.
 */
export function listenPostgres(connectionString: string, channel: string, onMessage: (payload: string) => void, onState: (listening: boolean) => void): Listening {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RETRY_FIRST_MS;

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    c.end().catch(() => {});
    if (stopped) return;
    onState(false);
    retry = setTimeout(connect, delay);
    retry.unref();
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  };
  async function connect() {
    if (stopped) return;
    const c = new pg.Client({ connectionString });
    client = c;
    c.on('notification', (m) => { if (m.channel === channel && m.payload !== undefined) onMessage(m.payload); });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.Client.prototype.escapeIdentifier(channel)}`);
      if (client !== c) return;
      delay = RETRY_FIRST_MS;
      onState(true);
    } catch {
      lost(c);
    }
  }
  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
