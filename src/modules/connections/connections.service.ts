import type { ProviderName } from '../engines/provider-name.ts';
import type { ProviderConfig } from '../engines/catalogue.ts';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { seal, unseal } from '../../lib/crypto.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { CONNECTOR_NAMES, CONNECTORS, isKeyOf, maskValue, shapeProblem, type Connector } from './connections.fns.ts';
import { probeProvider, type ProbeResult } from './connections.probe.ts';
import { credentialsRepo, type CredentialRow } from './connections.repo.ts';

export interface CredentialInput {
  connector: Connector;
  key: string;
  value: string;
  rotate?: boolean;
}

export function createConnectionsService(deps: {
  db: Db; clock: Clock; credentialsKey: Buffer; providers: Record<ProviderName, ProviderConfig>; workspaces: WorkspacesService;
}) {
  const { db, clock } = deps;
  const aad = (workspaceId: string, connector: string, key: string) => `credential:${workspaceId}:${connector}:${key}`;

  function checkSlot(connector: Connector, key: string) {
    if (!isKeyOf(connector, key)) throw invalid(`body.key must be one of: ${CONNECTORS[connector].keys.join(', ')} for connector ${connector}`);
  }

  const view = (ws: WorkspaceContext, row: CredentialRow) => ({
    workspace: ws.slug, connector: row.connector, key: row.key, maskedValue: row.maskedValue,
    createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
  });

  const decrypt = (row: CredentialRow) => unseal(deps.credentialsKey, row.ciphertext, aad(row.workspaceId, row.connector, row.key));
  const unreadable = () => new AppError('invalid_state', 'The stored credential no longer decrypts (CREDENTIALS_KEY changed since it was stored); store it again with "rotate": true.');

  /** The workspace's stored credential, else the server's environment key, else nothing. */
  async function resolve(ws: WorkspaceContext, connector: Connector) {
    const key = CONNECTORS[connector].keys[0];
    const row = await credentialsRepo.get(db, ws.id, connector, key);
    if (row) return { source: 'workspace' as const, row };
    const envKey = deps.providers[connector as ProviderName].apiKey;
    return envKey ? { source: 'environment' as const, value: envKey } : null;
  }

  async function status(ws: WorkspaceContext) {
    const rows = await credentialsRepo.list(db, ws.id);
    const stored = (connector: Connector) => rows.find((r) => r.connector === connector);
    const google = stored('google');
    return {
      workspace: ws.slug,
      google: {
        ...(await deps.workspaces.getProperties(ws)),
        credential: google ? view(ws, google) : null,
      },
      engines: CONNECTOR_NAMES.filter((c) => CONNECTORS[c].engine).map((connector) => ({
        engine: CONNECTORS[connector].engine!,
        connector,
        source: (stored(connector) ? 'workspace' : deps.providers[connector as ProviderName].apiKey ? 'environment' : 'simulated') as 'workspace' | 'environment' | 'simulated',
      })),
      credentials: rows.map((row) => view(ws, row)),
    };
  }

  return {
    /** `rotate: false` only creates (409 `credential_exists` when set); `rotate: true` replaces, or creates. */
    async setCredential(ws: WorkspaceContext, userId: string, input: CredentialInput) {
      checkSlot(input.connector, input.key);
      const problem = shapeProblem(input.key, input.value);
      if (problem) throw invalid(`body.value: ${problem}`);
      const now = clock.now();
      const sealed = { ciphertext: seal(deps.credentialsKey, input.value, aad(ws.id, input.connector, input.key)), maskedValue: maskValue(input.value), updatedAt: now, updatedBy: userId };
      return db.transaction(async (tx) => {
        const existing = await credentialsRepo.get(tx, ws.id, input.connector, input.key, true);
        if (existing && !input.rotate) {
          throw new AppError('credential_exists', `A ${input.connector} ${input.key} is already stored; send "rotate": true to replace it.`);
        }
        if (existing) return { created: false, credential: view(ws, await credentialsRepo.replace(tx, existing.id, sealed)) };
        const row = await credentialsRepo.insert(tx, { id: newId('cred'), workspaceId: ws.id, connector: input.connector, key: input.key, createdAt: now, ...sealed });
        if (!row) throw new AppError('credential_exists', 'The credential was stored by a concurrent request; retry with "rotate": true.');
        return { created: true, credential: view(ws, row) };
      });
    },

    async reveal(ws: WorkspaceContext, slot: { connector: Connector; key: string }) {
      checkSlot(slot.connector, slot.key);
      const row = await credentialsRepo.get(db, ws.id, slot.connector, slot.key);
      if (!row) throw notFound('Credential');
      let value: string;
      try {
        value = decrypt(row);
      } catch {
        throw unreadable();
      }
      return { ...view(ws, row), value };
    },

    status,

    /** The key an engine of this workspace uses: its stored credential, else the server's, else null. */
    async resolveKey(workspaceId: string, connector: Connector): Promise<string | null> {
      const found = await resolve({ id: workspaceId, slug: '', role: null }, connector);
      if (!found) return null;
      if (found.source === 'environment') return found.value;
      try {
        return decrypt(found.row);
      } catch {
        return null; // unreadable after a key change: the engine runs simulated, and `test` says why
      }
    },

    async configure(ws: WorkspaceContext, properties: { gscProperty?: string; ga4Property?: string }) {
      await deps.workspaces.setProperties(ws, properties);
      return status(ws);
    },

    async test(ws: WorkspaceContext, connector: Connector) {
      const checks: Array<{ name: string } & ProbeResult> = [];
      // `ok` means confirmed: a check that could not be made (a skipped provider probe) is not a
      // pass, so the answer is `ok: false` with that check's message as the reason.
      const finish = () => {
        const unconfirmed = checks.find((c) => c.status !== 'passed');
        return { connector, ok: !unconfirmed, reason: unconfirmed?.message ?? null, testedAt: clock.now().toISOString(), checks };
      };
      const found = await resolve(ws, connector);
      if (!found) {
        checks.push({ name: 'stored', status: 'failed', message: `No ${connector} credential is stored for this workspace or configured on the server.` });
        return finish();
      }
      checks.push({ name: 'stored', status: 'passed', message: found.source === 'workspace' ? 'Stored for this workspace.' : 'Configured on the server.' });
      let value: string;
      if (found.source === 'workspace') {
        try {
          value = decrypt(found.row);
          checks.push({ name: 'decrypts', status: 'passed', message: 'Decrypts with the current CREDENTIALS_KEY.' });
        } catch {
          checks.push({ name: 'decrypts', status: 'failed', message: 'Does not decrypt: CREDENTIALS_KEY changed since it was stored; store it again.' });
          return finish();
        }
      } else {
        value = found.value;
      }
      const problem = shapeProblem(CONNECTORS[connector].keys[0], value);
      checks.push(problem ? { name: 'shape', status: 'failed', message: problem } : { name: 'shape', status: 'passed', message: 'Well formed.' });
      if (problem) return finish();
      checks.push({ name: 'provider', ...(await probeProvider(connector, value, deps.providers[connector as ProviderName], clock.now())) });
      return finish();
    },
  };
}
export type ConnectionsService = ReturnType<typeof createConnectionsService>;
