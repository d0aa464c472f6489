// The labelled answers for the answer analysis (mentions, rank, citations, brand sentiment), in
// several files under cases/. The annotation rules they were labelled from are in cases/types.ts;
// labels follow what a reader takes the answer to say, never the implementation: where the rules
// miss a case it stays failing in `npm run analyze:eval`.
import { BASE_EN_CRM } from './cases/base-en-crm.ts';
import { BASE_EN_MARKETS } from './cases/base-en-markets.ts';
import { BASE_ES_CA_FR } from './cases/base-es-ca-fr.ts';
import { BLIND } from './cases/blind.ts';
import { CA } from './cases/ca.ts';
import { EN_CONSUMER } from './cases/en-consumer.ts';
import { EN_SOFTWARE } from './cases/en-software.ts';
import { ES } from './cases/es.ts';
import { FR } from './cases/fr.ts';
import { FRESH } from './cases/fresh.ts';
import { SOURCES } from './cases/sources.ts';
import type { AnalysisCase } from './cases/types.ts';

export type { AnalysisCase, CaseEntity, CaseWorkspace } from './cases/types.ts';

export const CASES: AnalysisCase[] = [...BASE_EN_CRM, ...BASE_EN_MARKETS, ...EN_SOFTWARE, ...EN_CONSUMER, ...BASE_ES_CA_FR, ...ES, ...CA, ...FR, ...FRESH, ...BLIND, ...SOURCES];

// Situations left out of the cases on purpose:
//  - Bare subdomains without a scheme ("www.acme.com") outside a sources section, e-mail
//    addresses, and private public-suffix entries (github.io, gouv.fr style).
//  - brandSentiment when no sentence names the brand (source-only mention).
