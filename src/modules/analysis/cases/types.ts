// The labelled answers' shape and the annotation rules they were written from.
//
// Annotation rules (a person reading the answer, never the implementation):
//  1. Mention: the answer refers to the entity — by name or alias (any case or accents; possessives
//     and plurals count), by one of its domains in the text (bare or as a URL host or subdomain), or
//     by a provider source on its domain. A name inside a longer word, inside another site's URL or
//     domain, or inside a longer proper name (`Canvas LMS`, `Black Friday`) does not count.
//  2. A name that is also a common word counts where a reader takes it for the entity: a brand in a
//     list, table, heading or comparison, the subject of a sentence about products, a capitalised
//     name in mid-sentence; not the weekday, the fruit, the verb, the plural noun or the idea
//     (`a Monday kickoff`, `every creator's starter kit`, `roam the city`, `vaults`).
//  3. Rank: the brand's 1-based position among the mentioned tracked entities ordered by their
//     first mention (source-only mentions after everything the text names).
//  4. Citations: registrable domains of cited pages — provider sources first, then links in the
//     text (markdown links, reference-style and footnote definitions, bare http(s) URLs) and bare
//     domains listed in a sources section, in text order; example URLs in code are not citations.
//  5. brandSentiment: the answer's attitude to the brand — positive, negative, neutral or mixed.
//     Labelled only where clear.

export interface CaseEntity { name: string; aliases: string[]; domains: string[]; ambiguous: boolean }
export interface CaseWorkspace { brand: CaseEntity; competitors: CaseEntity[]; industry?: string }
export interface AnalysisCase {
  name: string;
  /** The prompt the answer replies to, when the case says. */
  prompt?: string;
  language: 'en' | 'es' | 'ca' | 'fr';
  workspace: CaseWorkspace;
  answer: string;
  sources?: Array<{ url: string; title?: string }>;
  expect: {
    mentioned: string[];
    brandRank: number | null;
    citations?: Array<{ domain: string; class: 'owned' | 'competitor' | 'third_party' }>;
    brandSentiment?: 'positive' | 'negative' | 'neutral' | 'mixed' | null;
  };
}

export type CitationClass = 'owned' | 'competitor' | 'third_party';
export const owned = (domain: string) => ({ domain, class: 'owned' as CitationClass });
export const comp = (domain: string) => ({ domain, class: 'competitor' as CitationClass });
export const third = (domain: string) => ({ domain, class: 'third_party' as CitationClass });


type Label = NonNullable<AnalysisCase['expect']['brandSentiment']>;
export interface More {
  sources?: Array<{ url: string; title?: string }>;
  citations?: Array<{ domain: string; class: CitationClass }>;
  sentiment?: Label;
  prompt?: string;
}

/** A compact case: mentioned names in order, the brand's rank; nothing cited unless said. */
export const caseIn = (language: AnalysisCase['language']) =>
  (name: string, workspace: CaseWorkspace, answer: string, mentioned: string[], brandRank: number | null, more: More = {}): AnalysisCase => ({
    name, language, workspace, answer,
    ...(more.sources ? { sources: more.sources } : {}),
    ...(more.prompt ? { prompt: more.prompt } : {}),
    expect: { mentioned, brandRank, citations: more.citations ?? [], ...(more.sentiment ? { brandSentiment: more.sentiment } : {}) },
  });
