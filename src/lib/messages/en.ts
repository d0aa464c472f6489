// The one message catalogue's source table: the English of every text a person reads (reports,
// mails, the shared formatter's words, the dashboard), keyed by stable keys. es.ts, ca.ts and
// fr.ts are typed from it (`Messages`), so a language that lacks a key, or has one too many,
// fails `tsc`. Messages are ICU MessageFormat (`{name}` a parameter, `{n, plural, one {# …} other
// {# …}}` a count with its noun, `#` the count as the shared formatter writes it); see
// catalogue.ts for how they are rendered and docs/reports.md "Languages" for adding a key.
//
// Stored texts are keys with parameters, never this English: so an English text may be improved
// here at any time and every stored report reads the new wording. Keys, once stored, stay.
//
// Groups: `title.` report titles, `heading.` section headings, `label.` figure labels, `col.`
// table columns, `note.` figure notes, `na.` why a section has no figures, `term.` words in table
// cells and bars, `method.` the appendix's stored sentence; `ui.` and `sentence.` are written by
// the report renderer; `format.`, `metric.`, `effect.`, `reason.` the shared formatter's words;
// `explain.` what a figure measures, said wherever two figures could be confused (`explain.sov` a
// whole note that names its figure, `explain.relativeSov` the line under its figure's name);
// `count.` counts with their noun; `dashboard.` the dashboard's words.

import { RECS_EN } from './recs.en.ts';
import { DASH_EN } from './dash.en.ts';
import { DASH_WORK_EN } from './dash-work.en.ts';
import { DASH_SETUP_EN } from './dash-setup.en.ts';
import { ACCESS_EN } from './access.en.ts';

export const EN = {
  ...RECS_EN,
  ...DASH_EN, ...DASH_WORK_EN, ...DASH_SETUP_EN, ...ACCESS_EN,
  'title.visibility_summary': 'Visibility summary', 'title.competitor_comparison': 'Competitor comparison', 'title.citation_sources': 'Citation sources',
  'title.recommendations_progress': 'Recommendations progress', 'title.seo_technical_status': 'SEO technical status',

  'heading.latest': 'Latest', 'heading.scorePerDay': 'GEO score per day', 'heading.perEngine': 'Per engine (latest)', 'heading.scoreboard': 'Scoreboard',
  'heading.citedDomains': 'Cited domains', 'heading.recommendations': 'Recommendations', 'heading.byStatus': 'By status (now)', 'heading.inPeriod': 'In the period',
  'heading.effects': 'Effect of done items', 'heading.scoresLatest': 'Scores (latest refresh)', 'heading.scores': 'Scores',
  'heading.failedChecks': 'Failed technical checks', 'heading.evaluations': 'Latest page evaluations', 'heading.scoreboardCompetitors': 'Scoreboard against competitors',
  'heading.topDomains': 'Top cited domains', 'heading.doneEffects': 'Recommendations done, with their measured effect',
  // A heading, and a column of the page evaluations.
  seo: 'SEO',

  'label.score': 'GEO score', 'label.visibility': 'Visibility', 'label.relativeSov': 'Lead over competitors', 'label.position': 'Position', 'label.sentiment': 'Sentiment',
  'explain.relativeSov': 'Your brand’s mentions against those of the most-named brand: 100 = named most often, 50 = named half as often.',
  'explain.sov': 'Share of voice: each brand’s part of all the brand mentions in the answers; together they add up to 100%.',
  // The chat's reply when no language model can be used (src/modules/chat/no-model.fns.ts).
  'chat.noModel': 'No language model can be used for this workspace: {reason, select, unknown_provider {{model} is not a model the service can call} other {{model} has no key for its provider}}. Chat replies are put together from the workspace’s figures, without a model, and cost nothing.',
  'chat.modelReady': 'Chat replies are written by {model}.',
  'chat.chooseModel': 'Choose a model or add its key',
  'chat.preface': 'Let me check the workspace’s data.',
  'chat.prefaceMore': 'Looking a little further…',
  'chat.figure': '{value} (95% interval {interval}, {n})',
  'chat.entityOnEngine': 'On {engine}, {entity} was named in {rate} of the answers on {date}; {brand}, your brand, in {brandRate}.',
  'chat.entityOverall': 'Across all engines on {date}, {entity} was named in {rate} of the answers; {brand}, your brand, in {brandRate}.',
  'chat.entityUnmeasured': '{entity} has no measured answer on {engine} yet.',
  'chat.engineBrand': 'On {engine}, your brand {brand} was named in {rate} of the answers on {date}, and its GEO score there is {score}.',
  'chat.score': 'GEO score on {date}: {score} out of 100 (95% interval {interval}, {n}).',
  'chat.metrics': 'On {date}, your brand was named in {rate} of the answers, and a source was cited in {citeRate}.',
  'chat.trend': 'Score history for {engine} over {range, select, 7d {the last 7 days} all {the whole history} other {the last 28 days}}: from {first} on {firstDate} to {last} on {lastDate}, a change of {delta} points.',
  'chat.trendNone': 'Score history for {engine} over {range, select, 7d {the last 7 days} all {the whole history} other {the last 28 days}}: no day measured.',
  'chat.trendOne': 'Score history for {engine} over {range, select, 7d {the last 7 days} all {the whole history} other {the last 28 days}}: {score} on {date}, the only day measured so far, so there is no change to report yet.',
  'chat.ranking': 'Ranking by GEO score on {date}: {list}.',
  'chat.sources': 'Most cited sites on {date}: {list}.',
  'chat.runs': 'Latest measurement run, started {when}: {status, select, succeeded {finished} failed {failed} running {still running} queued {waiting to start} other {cancelled}}, {done} of {total} calls.',
  'chat.runDetail': 'In that run, {list}.',
  'chat.runEngine': '{engine} named your brand in {k} of {n} answers',
  'chat.noRuns': 'No measurement run yet: start one to get figures.',
  'chat.credits': 'Credits: {available} available, {held} held.',
  'chat.prompts': 'The workspace has {n, plural, one {# prompt} other {# prompts}}.',
  'chat.rec': 'The recommendation to start with this week: {title}.',
  'chat.recNone': 'There is no open recommendation yet; they are made after a measurement run.',
  'chat.unreadable': 'Part of the data could not be read: {code, select, score_not_available {no measurement has finished yet} other {it is not available}}.',
  'chat.scope': 'This key may not read {scope, select, metrics {the figures} runs {the measurement runs} prompts {the prompts} credits {the credits} recs {the recommendations} other {part of the data}}.',
  'chat.other': 'Some of the data read here, such as the SEO dashboard, is summarised only by a language model.',
  'chat.nothing': 'I found nothing in this workspace that answers that.',
  'chat.modelWouldAdd': 'What a language model would add: {entity, select, none {it would read the answers themselves and turn these figures into a plan in plain words} other {it would read the answers that name {entity} and say what they have that yours lack, then turn these figures into a plan in plain words}}.',
  'label.volume': 'Owned citation share (volume)', 'label.citationRate': 'Citation rate', 'label.brandVisibility': '{brand} visibility',
  'label.ownedShare': 'Owned share of top citations', 'label.competitorShare': 'Competitor share of top citations', 'label.thirdPartyShare': 'Third-party share of top citations',
  'label.created': 'Created', 'label.accepted': 'Accepted', 'label.done': 'Done', 'label.before': '{item}: {metric}, before', 'label.after': '{item}: {metric}, after',
  'label.seoScore': 'SEO score', 'label.combinedScore': 'Combined score',

  'col.engine': 'Engine', 'col.scoreInterval': 'Score interval', 'col.answers': 'Answers', 'col.visibilityInterval': 'Visibility interval', 'col.rank': 'Rank',
  'col.brand': 'Brand', 'col.kind': 'Kind', 'col.score': 'Score', 'col.sov': 'Share of voice', 'col.avgPosition': 'Average position', 'col.citations': 'Citations',
  'col.domain': 'Domain', 'col.class': 'Class', 'col.item': 'Item', 'col.metric': 'Metric', 'col.before': 'Before', 'col.beforeN': 'Before n',
  'col.beforeInterval': 'Before interval', 'col.after': 'After', 'col.afterN': 'After n', 'col.afterInterval': 'After interval', 'col.verdict': 'Verdict', 'col.why': 'Why',
  'col.effect': 'Effect (points)', 'col.effectInterval': 'Effect interval', 'col.comparison': 'Compared with', 'col.moreDays': 'More days needed',
  'label.effect': '{item}: effect vs. holdout (points)', 'term.holdout': 'holdout', 'term.beforeAfter': 'before/after',
  'note.effectNoInterval': 'before/after: no interval (the verdict is the overlap of the before and after intervals)', 'note.moreDaysNone': 'none: decided, or more days cannot settle it',
  'col.component': 'Component', 'col.available': 'Available', 'col.points': 'Points', 'col.maximum': 'Maximum', 'col.share': 'Share', 'col.reason': 'Reason',
  'col.page': 'Page', 'col.day': 'Day', 'col.status': 'Status', 'col.performance': 'Performance', 'col.accessibility': 'Accessibility', 'col.bestPractices': 'Best practices',

  'note.mean': 'no interval: a mean, not a proportion', 'note.fewPrompts': 'no interval: fewer than two prompts answered', 'note.noAnswers': 'no answers',
  'note.noCitations': 'no citations', 'note.itemsOf': '{k} of {n} items', 'note.created': 'items created in the period; n is all items',
  'note.accepted': 'accept transitions in the period; n is all items', 'note.done': 'verified as done in the period; n is all items',
  'note.verdict': 'verdict: {verdict}', 'note.verdictSimulated': 'verdict: {verdict}; from simulated engines',
  'note.seoScore': 'n: pages the refresh evaluated; no interval: a weighted sum of components', 'note.noRefresh': 'no SEO refresh yet',
  'note.geoScore': 'n: answers of the latest GEO score; intervals per component in the visibility summary',
  'note.combined': 'no interval: 0.4 × SEO + 0.6 × GEO; null unless both exist', 'note.pagesFail': '{k} of {n} pages fail',

  'na.noEngine': 'No engine answered in this period.', 'na.noRecs': 'No recommendations yet: none has been generated for this workspace.',
  'na.noBeforeAfter': 'No done item has both a before and an after measurement yet.', 'na.noDone': 'No item is done yet: there is no effect to measure.',
  'na.noSeo': 'No SEO refresh and no page evaluation yet: start an SEO refresh to measure the site.', 'na.noFailed': 'No technical check failed in the latest refresh.',
  'na.noRefreshChecks': 'No SEO refresh yet: checks are grouped from a refresh.', 'na.noEvaluation': 'No page evaluation yet.',
  'na.recsMissing': 'The recommendations module supplied no data.', 'na.seoMissing': 'The SEO module supplied no data.',
  // Also the executive summary's one sentence when nothing was measured.
  'na.noMeasurement': 'No measurement succeeded in this period.',
  'na.noCited': 'No answer cited a source in this period.', 'na.noDoneEffect': 'No recommendation was done with a measured effect yet.',

  'term.brand': 'brand', 'term.competitor': 'competitor', 'term.owned': 'owned', 'term.thirdParty': 'third party', 'term.earnedMedia': 'earned media',
  'term.userGenerated': 'user-generated', 'term.reference': 'reference', 'term.social': 'social', 'term.yes': 'yes', 'term.no': 'no',
  'term.proposed': 'proposed', 'term.todo': 'to do', 'term.inReview': 'in review', 'term.done': 'done', 'term.archived': 'archived',
  'term.improved': 'improved', 'term.noDetectableChange': 'no detectable change', 'term.worse': 'worse', 'term.pending': 'pending',
  'term.complete': 'complete', 'term.partial': 'partial',

  // AI crawlers and referrals, from the access logs (traffic.fns.ts).
  'heading.traffic': 'AI crawlers and referrals', 'heading.trafficPages': 'Pages most fetched by verified AI agents',
  'heading.trafficReferrals': 'Visits referred by AI answers, per engine',
  'label.verifiedHits': 'Verified AI agent hits', 'label.claimedHits': 'Claimed AI agent hits (unverified)',
  'label.errorShare': 'Verified hits answered with an error (4xx/5xx)', 'label.referredVisits': 'Visits referred by AI answers',
  'col.operator': 'Operator', 'col.purpose': 'Purpose', 'col.verifiedHits': 'Verified hits', 'col.errorShare': 'Error share', 'col.errorInterval': 'Error share interval',
  'col.claimedHits': 'Claimed hits', 'col.agents': 'Verified agents', 'col.visits': 'Visits', 'col.shareInterval': 'Share interval',
  'col.topLanding': 'Top landing page', 'col.topLandingVisits': 'Its visits',
  'note.verifiedHits': 'from the operator’s published addresses; n: all AI agent hits',
  'note.claimedHits': 'the user agent alone says so (it may be spoofed): never counted as verified',
  'note.hitsOf': '{k} of {n} verified hits', 'note.noVerified': 'no verified hit', 'note.referredVisits': 'the referrer is an AI answer engine (access logs)',
  'note.pagesKept': 'Single hits are kept for the workspace’s retention period: this table counts the last {kept} of the period’s {days} days.',
  'na.noTraffic': 'The access logs sent hold no AI agent request and no AI-referred visit in this period.',
  'na.noTrafficPages': 'No verified AI agent fetched a page in the days this table counts.', 'na.noReferrals': 'No visit was referred by an AI answer in this period.',
  'term.training': 'training', 'term.searchIndex': 'search index', 'term.userFetch': 'user fetch',

  'method.interval': 'The GEO score’s 95% interval is a percentile bootstrap over prompts (the day’s answers resampled by prompt, {resamples} times); '
    + 'proportions (visibility, citation rate, owned citation share) carry a 95% Wilson interval; means (position, sentiment) the normal approximation. '
    + 'A change is called significant only when the two 95% intervals do not overlap.',

  'ui.summary': 'Executive summary', 'ui.methodology': 'Methodology', 'ui.figure': 'Figure', 'ui.value': 'Value', 'ui.interval95': '95% interval', 'ui.note': 'Note',
  'ui.prepared': 'Prepared {date}', 'ui.preparedBy': 'Prepared {date} by {agency}', 'ui.engines': 'Engines: {engines}',
  'ui.simulated': 'Simulated data: answers from simulated engines ({engines}), not real AI engines.',
  'ui.simulatedShare': 'Simulated data ({share} of answers): answers from simulated engines ({engines}), not real AI engines.',
  'ui.daysMeasured': 'Days measured', 'ui.simulatedShareColumn': 'Simulated share', 'ui.source': 'Source',
  'ui.sourceSimulated': 'simulated', 'ui.sourceLive': 'live provider', 'ui.sourceMixed': 'mixed',
  'ui.days': 'Days measured in the period: {days}; answers per day: {answers}; prompts per day: {prompts}.',
  'ui.samples': 'Samples per prompt and engine in a run: {samples}.', 'ui.simulatedAll': 'Simulated share of all answers: {share}.',
  'ui.models': 'Model versions: the model each provider named in its answers, with how many answers it gave (simulated engines name their simulator); “not reported” where a response named none.',
  'ui.surface': 'Surface', 'ui.surface.api': 'API', 'ui.surface.product': 'product',
  'ui.surfacesMixed': 'Surfaces: the all-engines figures pool answers from the providers’ APIs ({api}) and from the consumer products as served on the web ({product}); the two can differ sharply.',
  'ui.sectionSurface.api': 'Surface: the providers’ APIs only.', 'ui.sectionSurface.product': 'Surface: the consumer products as served on the web only.',
  'ui.sectionSurface.mixed': 'Surface: mixed — these all-engines figures pool API and consumer-product answers, which can differ sharply.',
  'ui.sectionSurface.perEngine': 'Surface: each engine’s row is of that engine’s own surface (methodology appendix).',
  'ui.surfacesOne': 'Surface: every answer comes from {surface}.', 'ui.surfaceApiLong': 'the providers’ APIs', 'ui.surfaceProductLong': 'the consumer products as served on the web',
  'ui.modelVersions': 'Model versions', 'ui.modelNotReported': 'not reported',
  'ui.gradeDecision': 'Grade: decision-grade. The period’s figures meet every rule for volume, samples, prompt coverage, cadence, model versions and platform coverage (IAB criteria).',
  'ui.gradeExploratory': 'Grade: exploratory, not decision-grade. Not met: {criteria}.',
  'criterion.simulation': 'real answers (some are simulated)',
  'criterion.query_volume': 'query volume',
  'criterion.sample_size': 'samples per prompt',
  'criterion.prompt_coverage': 'prompt coverage',
  'criterion.cadence': 'cadence',
  'criterion.reproducibility': 'model versions reported',
  'criterion.platform_coverage': 'platform coverage',
  'ui.weights': 'Score version {version}; weights: visibility 25%, lead over competitors 35%, position 15%, sentiment 10%, owned citation share 15%, renormalised over the components with data.',
  'ui.legend': '{engine} ({metric}, 95% band)', 'ui.perDay': '{metric} per day, {period}', 'ui.barChart': 'bar chart',

  'sentence.rose': '{m} rose from {a} to {b} ({sig}, {n}).', 'sentence.fell': '{m} fell from {a} to {b} ({sig}, {n}).',
  'sentence.latest': '{m} on {d}: {v} (95% interval {i}, {n}).', 'sentence.rank': '{brand} ranks {r} of {of} tracked brands.',
  'sentence.steady': 'No significant change between {a} and {b} in: {list}.', 'sentence.oneDay': 'One day measured in this period: no change can be stated yet.',
  // The agency portfolio (portfolio.render.fns.ts).
  'ui.mail.intro': '{title} for {brand}, {period}.',
  'ui.mail.attached': 'The report is attached as a PDF.',
  'ui.mail.linked': 'The report is linked, not attached ({reason}). Open it here until {expires}: {url}',
  'ui.mail.linkedLead': 'The report is linked, not attached ({reason}):',
  'ui.mail.open': 'open the report',
  'ui.mail.until': 'until {expires}',
  'ui.mail.tooLarge': 'the PDF is {size}, over the {limit} limit',
  'ui.mail.noPdf': 'no PDF renderer is configured; the link opens the printable HTML',
  'ui.mail.simulated': 'It includes answers from simulated engines, not real AI engines.',
  'ui.mail.sentBy': 'Sent by {from}.',
  'ui.mail.stop': 'Stop receiving these reports: {url}',
  'ui.mail.unsubscribe': '{link} from these reports.',
  'ui.mail.unsubscribeLink': 'Unsubscribe',
  'ui.mail.simulatedTag': '(simulated data)',
  'ui.portfolio.title': 'Portfolio report', 'ui.portfolio.clients': '{n, plural, one {# client} other {# clients}}', 'ui.portfolio.client': 'Client', 'ui.portfolio.change': 'Change', 'ui.portfolio.rival': 'Top competitor', 'ui.portfolio.sim': 'Simulated',
  'ui.portfolio.steady': 'not significant', 'ui.portfolio.sig': 'significant', 'ui.portfolio.none': 'One day measured', 'ui.portfolio.board': 'Scoreboard (top {count})',
  'ui.portfolio.method': 'How these figures are made', 'ui.portfolio.methodText': 'Each client’s figures are its visibility summary for the period: the score, 95% interval and n of the score endpoint for the period’s last measured day.',
  'ui.portfolio.simBanner': 'Simulated data: {scope, select, all {every client’s answers come} other {some clients’ answers come}} from simulated engines, not real AI engines ({engines}).', 'ui.portfolio.empty': 'No client: this account reaches no workspace.',


  // The shared formatter's words (src/lib/format/format.ts): a missing figure, the pooled engines,
  // significance, metric names, a recommendation's effect, and the reasons a figure is missing.
  'format.notEnough': 'Not enough data', 'format.notEnoughWhy': 'Not enough data: {reason}', 'format.allEngines': 'All engines',
  'format.significant': 'significant', 'format.notSignificant': 'not significant',
  'metric.score': 'GEO score', 'metric.visibility': 'Visibility', 'metric.relativeSov': 'Lead over competitors', 'metric.position': 'Position',
  'metric.sentiment': 'Sentiment', 'metric.volume': 'Owned citation share', 'metric.citationRate': 'Citation rate',
  'effect.estimate': 'effect: {points} points ({interval}), vs. holdout', 'effect.beforeAfter': 'effect: {points} points, before/after (no holdout: {reason})',
  'effect.noiseDays': '{days, plural, one {not distinguishable from noise yet: about # more day at today’s cadence} other {not distinguishable from noise yet: about # more days at today’s cadence}}',
  'effect.noiseYear': 'not distinguishable from noise yet: more than a year at today’s cadence',
  'effect.noiseNever': 'not distinguishable from noise: the days before acceptance are too noisy for more days to settle it',
  // SEO: the score's components and why one is missing (the dashboard and the reports).
  'seo.component.technical_health': 'Technical health', 'seo.component.core_web_vitals': 'Core Web Vitals', 'seo.component.ai_readiness': 'AI readiness',
  'seo.component.search_performance': 'Search performance', 'seo.component.ai_referrals': 'Visits from AI assistants',
  'seo.check.robotsTxt': 'robots.txt', 'seo.check.sitemapXml': 'Sitemap', 'seo.check.llmsTxt': 'llms.txt', 'seo.check.metaRobots': 'Robots meta tag', 'seo.check.canonical': 'Canonical address',
  'seo.check.title': 'Page title', 'seo.check.description': 'Meta description', 'seo.check.https': 'HTTPS', 'seo.check.viewport': 'Mobile viewport',
  'seo.reason.not_refreshed': 'not refreshed yet', 'seo.reason.gsc_not_connected': 'Search Console not connected', 'seo.reason.ga4_not_connected': 'Analytics not connected',
  'seo.reason.no_page_evaluation': 'no page evaluated yet', 'seo.reason.google_auth_failed': 'Google sign-in failed', 'seo.reason.gsc_error': 'Search Console answered an error',
  'seo.reason.ga4_error': 'Analytics answered an error',
  // Why a done item's verdict is what it is, in words (reports' effect table; the API's English explanation stays for scripts).
  'effect.why.pending': 'Not measured yet: the figure after comes from the answers collected once the item is done.',
  'effect.why.improved': 'A real improvement: the ranges before and after do not overlap.',
  'effect.why.worse': 'A real decline: the ranges before and after do not overlap.',
  'effect.why.noChange': 'No change that stands out from chance: the ranges before and after overlap.',
  'effect.why.holdoutImproved': 'A real improvement compared with the questions left as they were.',
  'effect.why.holdoutWorse': 'A real decline compared with the questions left as they were.',
  'effect.why.holdoutNoChange': 'Compared with the questions left as they were, the change does not stand out from chance.',
  'reason.no_answers': 'no answers in this period', 'reason.no_mentions': 'the brand was not mentioned', 'reason.no_citations': 'no answer cited a source',
  'reason.no_interval': 'an average, which has no interval', 'reason.no_previous': 'no earlier measurement to compare', 'reason.no_runs': 'no measurement succeeded in this period',
  'reason.too_few': 'too few answers for a reliable figure', 'reason.missing_component': 'a component of the score has no data', 'reason.not_measured': 'not measured',

  // Counts with their noun (ICU plurals: each language's own rules through Intl.PluralRules).
  'count.answers': '{n, plural, one {# answer} other {# answers}}', 'count.prompts': '{n, plural, one {# prompt} other {# prompts}}',
  'count.days': '{n, plural, one {# day} other {# days}}', 'count.engines': '{n, plural, one {# engine} other {# engines}}',
  'count.attempts': '{n, plural, one {# attempt} other {# attempts}}',

  // The dashboard's words (src/web/dashboard/client): verdicts of a done recommendation, what made a report.
  'dashboard.verdict.improved': 'Improved', 'dashboard.verdict.worse': 'Worse', 'dashboard.verdict.no_detectable_change': 'No detectable change', 'dashboard.verdict.pending': 'Pending',
  'dashboard.trigger.run': 'after a run', 'dashboard.trigger.weekly': 'weekly', 'dashboard.trigger.on_demand': 'on request', 'dashboard.trigger.scheduled': 'for a scheduled mail',
} as const;

export type MessageKey = keyof typeof EN;
/** A language's table: every key of the English one, none missing, none extra. */
export type Messages = { readonly [K in MessageKey]: string };
