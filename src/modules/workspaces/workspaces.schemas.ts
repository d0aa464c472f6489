import { Type, type Static } from 'typebox';
import { Closed, HttpUrl, Nullable, PlainText, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { expected } from '../../lib/http/validation.ts';

// Domain grammar of spec 2.1: dot-separated lowercase labels of [a-z0-9-], no label starting or
// ending with a hyphen, at least two labels, the last alphabetic with two or more letters.
export const DOMAIN_PATTERN = '^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$';
export const DOMAIN_WORDS = 'a lowercase domain name such as example.com: labels of a-z, 0-9 and inner hyphens separated by dots, the last one 2 or more letters';
export const Domain = Type.String({
  pattern: DOMAIN_PATTERN, maxLength: 253, description: 'Lowercase domain name, e.g. example.com',
  ...expected(DOMAIN_WORDS),
});

export const LANGUAGES = ['en', 'es', 'ca', 'fr'] as const;
export const INTENTS = ['discovery', 'problem_solution', 'use_case', 'comparison', 'expert', 'brand_research'] as const;
export const SLUG_PATTERN = '^[a-z0-9-]{2,20}$';
export const SLUG_WORDS = '2 to 20 lowercase letters (a-z), digits or hyphens, such as acme-shoes';
export const GSC_WORDS = '"sc-domain:" followed by a domain, such as sc-domain:example.com';
export const GA4_WORDS = '6 to 12 digits (the GA4 property id), such as 123456789';
export const REGION_WORDS = '2 to 20 lowercase letters (a-z) or hyphens, such as es or latam';

const DisplayName = PlainText({ minLength: 2, maxLength: 60 });
const Domains = Type.Array(Domain, { minItems: 1, maxItems: 8 });
const Languages = Type.Array(StringEnum(LANGUAGES), { minItems: 1 });

export const CompetitorBody = Closed({
  name: PlainText({ minLength: 2, maxLength: 60 }),
  domains: Type.Array(Domain, { minItems: 1, maxItems: 5 }),
  aliases: Type.Array(PlainText({ minLength: 1, maxLength: 60 }), { minItems: 1, maxItems: 8 }),
  ambiguous: Type.Boolean({ description: 'The name is also a common word: mentions count only with supporting context.' }),
});
export type Competitor = Static<typeof CompetitorBody>;

export const Quotas = Closed(
  Object.fromEntries(INTENTS.map((k) => [k, Type.Number({ minimum: 0, maximum: 1 })])) as Record<(typeof INTENTS)[number], ReturnType<typeof Type.Number>>,
  { required: [...INTENTS], description: 'Share of prompts per intent; the six values sum to 1.0 within 0.0001.' },
);
export type Quotas = Record<(typeof INTENTS)[number], number>;

export const WorkspaceCreateBody = Closed({
  brand: Type.String({ pattern: SLUG_PATTERN, description: 'Becomes the workspace slug.', ...expected(SLUG_WORDS) }),
  displayName: DisplayName,
  domains: Domains,
  languages: Languages,
  regions: Type.Array(Type.String({ pattern: '^[a-z-]{2,20}$', ...expected(REGION_WORDS) }), { maxItems: 8 }),
  competitors: Type.Array(CompetitorBody, { minItems: 2, maxItems: 12 }),
  gscProperty: Type.String({ pattern: `^sc-domain:${DOMAIN_PATTERN.slice(1)}`, maxLength: 263, ...expected(GSC_WORDS) }),
  ga4Property: Type.String({ pattern: '^[0-9]{6,12}$', ...expected(GA4_WORDS) }),
  activeSetSize: Type.Integer({ minimum: 20, maximum: 300 }),
  complianceProfile: StringEnum(['none', 'eu_medical'] as const),
  quotas: Quotas,
});
export type WorkspaceCreate = Static<typeof WorkspaceCreateBody>;

export const EmailProvisioning = Type.Object({
  workspace: Type.String(),
  status: StringEnum(['provisioned', 'unconfigured', 'failed', 'username_conflict'] as const),
  email: Nullable(Type.String({ format: 'email' })),
  inboxId: Nullable(Type.String()),
  attempts: Type.Integer({ minimum: 0 }),
  message: Type.String(),
});

export const FreeCredit = Type.Object({
  status: StringEnum(['granted', 'awaiting_email_verification', 'not_eligible'] as const, {
    description: '`granted`: this workspace received the free credit now. `awaiting_email_verification` (production only): it receives it when the creator verifies their email. `not_eligible`: the creator’s one free grant went, or will go, to another workspace.',
  }),
  amountMicrousd: Type.Integer({ minimum: 0, description: 'Free credit granted now or on verification; 0 when not eligible.' }),
  message: Type.String(),
}, { description: 'The free credit grant: once per user, to the first workspace they create; in production only once their email is verified.' });
export type FreeCreditView = Static<typeof FreeCredit>;

export const WorkspaceCreated = Type.Object({ slug: Type.String(), emailProvisioning: EmailProvisioning, freeCredit: FreeCredit });

export const WorkspaceListItem = Type.Object({
  id: Type.String({ description: 'The workspace slug.' }),
  displayName: Type.String(),
  plan: Type.String(),
  role: Type.String({ description: '`owner` or `member` for a session; `api_key` for a key.' }),
  domains: Type.Array(Type.String()),
});

const Color = Type.String({ minLength: 1, maxLength: 64 });
export const BrandColors = Closed({
  primary: Type.Optional(Color), secondary: Type.Optional(Color), accent: Type.Optional(Color),
  background: Type.Optional(Color), text: Type.Optional(Color),
});
export type BrandColors = Static<typeof BrandColors>;
export const BrandMeta = Closed({
  faviconUrl: Type.Optional(HttpUrl),
  logoUrl: Type.Optional(HttpUrl),
  fontNames: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 20 })),
});
export type BrandMeta = Static<typeof BrandMeta>;
// Written out by hand: a TypeBox Record with a key pattern lets keys outside the pattern through.
export const Socials = Type.Unsafe<Record<string, string>>({
  type: 'object', propertyNames: { pattern: '^[a-z0-9_-]{1,32}$', ...expected('a network name of 1 to 32 lowercase letters, digits, _ or -') }, additionalProperties: HttpUrl, maxProperties: 20,
  description: 'Network name (lowercase) to profile URL, e.g. {"linkedin": "https://…"}.',
});
export const ProductService = Closed({
  name: PlainText({ minLength: 1, maxLength: 120 }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  url: Type.Optional(HttpUrl),
});
export type ProductService = Static<typeof ProductService>;

export const WorkspaceUpdateBody = Closed(
  {
    displayName: Type.Optional(DisplayName),
    domains: Type.Optional(Domains),
    languages: Type.Optional(Languages),
    about: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
    industry: Type.Optional(Nullable(Type.String({ maxLength: 120 }))),
    email: Type.Optional(Nullable(Type.String({ format: 'email', maxLength: 254 }))),
    brandColors: Type.Optional(Nullable(BrandColors)),
    brandMeta: Type.Optional(Nullable(BrandMeta)),
    socials: Type.Optional(Nullable(Socials)),
    productsServices: Type.Optional(Nullable(Type.Array(ProductService, { maxItems: 100 }))),
    designMd: Type.Optional(Nullable(Type.String({ maxLength: 200_000 }))),
  },
  { minProperties: 1, description: 'Partial update: only supplied fields change; null clears an optional field.' },
);
export type WorkspaceUpdate = Static<typeof WorkspaceUpdateBody>;

export const CompetitorView = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  name: Type.String(), domains: Type.Array(Type.String()), aliases: Type.Array(Type.String()), ambiguous: Type.Boolean(),
});
export const CompetitorList = Type.Object({ competitors: Type.Array(CompetitorView) });

export const Settings = Type.Object({
  slug: Type.String(),
  brand: Type.String(),
  displayName: Type.String(),
  domains: Type.Array(Type.String()),
  languages: Type.Array(Type.String()),
  regions: Type.Array(Type.String()),
  competitors: Type.Array(CompetitorView),
  gscProperty: Type.String(),
  ga4Property: Type.String(),
  activeSetSize: Type.Integer(),
  complianceProfile: Type.String(),
  quotas: Type.Record(Type.String(), Type.Number()),
  plan: Type.String(),
  model: Type.String(),
  about: Nullable(Type.String()),
  industry: Nullable(Type.String()),
  email: Nullable(Type.String()),
  brandColors: Nullable(Type.Record(Type.String(), Type.String())),
  brandMeta: Nullable(Type.Object({}, { additionalProperties: true })),
  socials: Nullable(Type.Record(Type.String(), Type.String())),
  productsServices: Nullable(Type.Array(Type.Object({}, { additionalProperties: true }))),
  designMd: Nullable(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const ModelBody = Closed({
  model: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9._:/@-]*$', ...expected('a provider-qualified model id such as openai:gpt-4.1-mini'), description: 'Provider-qualified model id, e.g. openai:gpt-4.1-mini.' }),
});
export const ModelView = Type.Object({
  model: Type.String({ description: 'The model the workspace uses, as its provider-qualified id.' }),
  name: Type.String({ description: 'The model\'s display name ("OpenAI · GPT-4.1 mini"); a model the service has no name for reads as its id without the provider.' }),
  language: StringEnum(LANGUAGES, { description: 'The workspace\'s reading language (the first of its languages the service writes in, else English): the language Settings and the chat say whether the model is usable in.' }),
  isDefault: Type.Boolean({ description: 'True when the workspace has not chosen one and the server default applies.' }),
  usable: Type.Boolean({ description: 'Whether the model can be called now: a provider the service knows and a key reaching it (the workspace\'s stored credential or the server\'s). The chat decides the same way: when false, its replies are put together from the workspace\'s figures without a model, in the language of the question (docs/chat.md).' }),
  reason: Nullable(StringEnum(['no_key', 'unknown_provider'] as const, { description: 'Why the model is not usable: `no_key` (no key reaches its provider), `unknown_provider`; null when usable.' })),
});

export const CompetitorReplaceBody = Closed({
  index: Type.Integer({ minimum: 0, description: 'Zero-based position in the competitors array.' }),
  name: CompetitorBody.properties.name,
  domains: CompetitorBody.properties.domains,
  aliases: CompetitorBody.properties.aliases,
  ambiguous: Type.Optional(Type.Boolean({ description: 'Kept unchanged when absent.' })),
});
export const CompetitorDeleteBody = Closed({ index: Type.Integer({ minimum: 0 }) });
