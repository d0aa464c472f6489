import { sql, type SQL } from 'drizzle-orm';

// Full-text search over stored answers, in each answer's own language. The configuration is
// chosen per row from its language tag, by one SQL expression that both the GIN index on
// run_results (runs.tables.ts) and the search query (answers module) use: PostgreSQL uses an
// expression index only when the query repeats the expression exactly.
//
// Each regconfig is a constant inside the CASE, never a text cast at run time: a cast from text
// to regconfig reads the search path (stable, not immutable) and could not be indexed.

/**
 * Language → text search configuration. Only the product's languages are mapped; each of these
 * configurations ships with both PostgreSQL 15 and the embedded PGlite (`select cfgname from
 * pg_ts_config`). Any other language is searched with `simple` (lower-cased words, no stemming).
 */
export const SEARCH_CONFIGS = { en: 'english', es: 'spanish', ca: 'catalan', fr: 'french' } as const;
export const FALLBACK_CONFIG = 'simple';
export type SearchConfig = (typeof SEARCH_CONFIGS)[keyof typeof SEARCH_CONFIGS] | typeof FALLBACK_CONFIG;
/** Every configuration a row can use: a search matches the index with their union. */
export const ALL_SEARCH_CONFIGS: SearchConfig[] = [...Object.values(SEARCH_CONFIGS), FALLBACK_CONFIG];

/** The configuration of a language tag ("en", "es-ES", "FR"): its first two letters, lower-cased. */
export function searchConfigOf(language: string): SearchConfig {
  return (SEARCH_CONFIGS as Record<string, SearchConfig>)[language.slice(0, 2).toLowerCase()] ?? FALLBACK_CONFIG;
}

/** The same choice in SQL, over a language column or expression. */
export function searchConfigSql(language: SQL): SQL {
  const cases = Object.entries(SEARCH_CONFIGS).map(([code, config]) => sql.raw(`when '${code}' then '${config}'::regconfig `));
  return sql`(case left(lower(${language}), 2) ${sql.join(cases)}else '${sql.raw(FALLBACK_CONFIG)}'::regconfig end)`;
}

/**
 * The rows searched under one configuration, over a language column: `left(lower(language), 2)` is
 * one of the configuration's codes, or none of them for the fallback. The GIN index of each
 * configuration is partial on exactly this condition (runs.tables.ts) and a search's arm repeats
 * it (answers.repo.ts): the planner then proves the arm from the index alone and tests no row's
 * stored words again (each test detoasts a compressed vector, 0.2 ms at a year's scale).
 * The codes are inlined constants: a parameter could not be proven equal to the index's predicate.
 */
export function searchedUnderSql(config: SearchConfig, language: SQL): SQL {
  const codes = Object.entries(SEARCH_CONFIGS);
  if (config === FALLBACK_CONFIG) return sql`left(lower(${language}), 2) not in (${sql.raw(codes.map(([code]) => `'${code}'`).join(', '))})`;
  const code = codes.find(([, c]) => c === config)![0];
  return sql`left(lower(${language}), 2) = ${sql.raw(`'${code}'`)}`;
}

/** The indexed document: the answer's words under its language's configuration. */
export function answerVectorSql(language: SQL, answer: SQL): SQL {
  return sql`to_tsvector(${searchConfigSql(language)}, ${answer})`;
}
