import { Type } from 'typebox';
import { Closed, Nullable, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { expected } from '../../lib/http/validation.ts';
import { DOMAIN_PATTERN, GA4_WORDS, GSC_WORDS } from '../workspaces/workspaces.schemas.ts';
import { CONNECTOR_NAMES, CREDENTIAL_KEYS } from './connections.fns.ts';

const ConnectorName = StringEnum(CONNECTOR_NAMES as [string, ...string[]], { description: 'openai, perplexity, gemini, anthropic, serpapi, xai, openai-compatible, dataforseo (API keys of the engines; dataforseo\'s is "login:password") or google (service account for Search Console and GA4).' });
const CredentialKey = StringEnum(CREDENTIAL_KEYS as [string, ...string[]], { description: '`api_key` for the engine connectors, `service_account_json` for google.' });

export const CredentialBody = Closed({
  connector: ConnectorName,
  key: CredentialKey,
  value: Type.String({ minLength: 1, maxLength: 20_000 }),
  rotate: Type.Boolean({ default: false, description: 'false: create only (409 `credential_exists` when one is stored); true: replace it (or create).' }),
});

export const CredentialSlot = Closed({ connector: ConnectorName, key: CredentialKey });

export const StoredCredential = Type.Object({
  workspace: Type.String(), connector: Type.String(), key: Type.String(), maskedValue: Type.String(),
  createdAt: Timestamp, updatedAt: Timestamp,
});
export const RevealedCredential = Type.Object({ ...StoredCredential.properties, value: Type.String() });

export const ConfigureBody = Closed({
  gscProperty: Type.Optional(Type.String({ pattern: `^sc-domain:${DOMAIN_PATTERN.slice(1)}`, maxLength: 263, ...expected(GSC_WORDS) })),
  ga4Property: Type.Optional(Type.String({ pattern: '^[0-9]{6,12}$', ...expected(GA4_WORDS) })),
}, { minProperties: 1 });

export const ConnectionStatus = Type.Object({
  workspace: Type.String(),
  google: Type.Object({ gscProperty: Type.String(), ga4Property: Type.String(), credential: Nullable(StoredCredential) }),
  engines: Type.Array(Type.Object({
    engine: Type.String(), connector: Type.String(),
    source: StringEnum(['workspace', 'environment', 'simulated'] as const, { description: 'Where the engine’s key comes from; `simulated` when there is none.' }),
  })),
  credentials: Type.Array(StoredCredential),
});

export const TestBody = Closed({ connector: ConnectorName });
export const TestResult = Type.Object({
  connector: Type.String(),
  ok: Type.Boolean({ description: 'Every check passed. A check that could not be made (`skipped`, e.g. Perplexity, which has no free endpoint to confirm a key) makes it false.' }),
  reason: Nullable(Type.String({ description: 'Why `ok` is false: the message of the first check that failed or could not be made; null when ok.' })),
  testedAt: Timestamp,
  checks: Type.Array(Type.Object({
    name: Type.String({ description: '`stored`, `decrypts`, `shape`, `provider`' }),
    status: StringEnum(['passed', 'failed', 'skipped'] as const),
    message: Type.String(),
  })),
});
